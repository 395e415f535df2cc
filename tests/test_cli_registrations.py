"""`keizai serve --registrations-a-day N`: the accounts one client may register at once
and then a day. Since b4ecb87 a client registers 5 at once, then 5 a day, against name
squatting; a school or club behind one NAT address had no setting but turning every
rate limit off (`--no-rate-limits`), found by session 33 (h231). A value that is no
whole number from 1 to 2880 is refused in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from keizai.cli import app
from tests.postgres import free_port
from tests.web.test_hardening_accounts import CHEAP
from tests.web.test_hardening_bots import from_address
from tests.web.test_registrations_per_day import registered

runner = CliRunner()
NO_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def served_app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, *options: str) -> Any:
    """The app `keizai serve` with `options` would run."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    served: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: served.update(app=web_app))
    result = runner.invoke(app, ["serve", "--port", str(free_port()), *options])
    assert result.exit_code == 0, result.output
    return served["app"]


def registrations_from_one_address(web_app: Any, tries: int) -> list[int]:
    web_app.state.social.accounts.hasher = CHEAP
    with TestClient(from_address(web_app), base_url="https://127.0.0.1") as client:
        return [registered(client, "198.51.100.40", f"pupil{n}").status_code
                for n in range(tries)]


@pytest.mark.parametrize(("options", "allowed"), [((), 5),
                                                  (("--registrations-a-day", "8"), 8)])
def test_serve_registers_as_many_accounts_from_one_address_as_it_is_told(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch, options: tuple[str, ...],
        allowed: int) -> None:
    web_app = served_app(tmp_path, monkeypatch, *options)
    assert registrations_from_one_address(web_app, allowed + 1) == [201] * allowed + [429]


def test_the_option_sets_the_daily_rate_too(tmp_path: Any,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """40 at once, then 40 a day: one every 36 minutes, as 5 a day is one per 4.8 h."""
    web_app = served_app(tmp_path, monkeypatch, "--registrations-a-day", "40")
    assert web_app.state.limiter.limits.register == (40, 40 / 86_400)


@pytest.mark.parametrize(("value", "says"), [
    ("0", {"en": "0 is below the least allowed, 1", "ja": "0は最小値1より小さい値です"}),
    ("-3", {"en": "-3 is below the least allowed, 1", "ja": "-3は最小値1より小さい値です"}),
    ("2881", {"en": "2881", "ja": "2881"}),
    ("many", {"en": "'many' is not a whole number", "ja": "'many' は整数ではありません"}),
])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_serve_refuses_a_registrations_a_day_that_is_no_count(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch, value: str, says: dict[str, str],
        lang: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["serve", "--port", str(free_port()), "--lang", lang,
                                 "--registrations-a-day", value],
                           env={**NO_LOCALE, "COLUMNS": "200"}, prog_name="keizai")
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.replace("│", " ").split())
    assert "--registrations-a-day" in said and says[lang] in said, said
    assert "Traceback" not in result.output
