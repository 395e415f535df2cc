"""The address `keizai serve` prints is one a browser can open: `--host 0.0.0.0` printed
http://0.0.0.0:PORT/, which no browser on another computer opens (nor, on some systems,
this one's), and `--host ::1` printed http://::1:PORT/, which is no address at all."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr
from tests.postgres import free_port

runner = CliRunner()


def _served(host: str, lang: str, tmp_path, monkeypatch) -> tuple[str, dict]:
    import uvicorn

    monkeypatch.chdir(tmp_path)
    started: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.update(kwargs))
    port = free_port()
    result = runner.invoke(app, ["serve", "--host", host, "--port", str(port),
                                 "--lang", lang])
    assert result.exit_code == 0, result.output
    assert started["host"] == host and started["port"] == port   # listens where asked
    return result.output, started


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize(("host", "local"), [("0.0.0.0", "127.0.0.1"), ("::", "[::1]")])
def test_a_server_on_every_address_says_so_and_gives_one_to_open(
        host: str, local: str, lang: str, tmp_path, monkeypatch) -> None:
    output, started = _served(host, lang, tmp_path, monkeypatch)
    url = f"http://{local}:{started['port']}/"
    said = tr("cli.serve.address_all", lang, url=url, database="@", local=local)
    assert all(part in output for part in said.split("@")), output
    assert f"http://{host}:" not in output and "0.0.0.0" not in output


@pytest.mark.parametrize(("host", "shown"), [("::1", "[::1]"), ("127.0.0.1", "127.0.0.1")])
def test_a_server_on_one_address_gives_that_one(host: str, shown: str, tmp_path,
                                                monkeypatch) -> None:
    output, started = _served(host, "en", tmp_path, monkeypatch)
    assert f"keizai: http://{shown}:{started['port']}/  (database sqlite:///" in output
    assert "every address" not in output


def test_the_database_is_named_without_a_password_in_its_address(tmp_path,
                                                                monkeypatch) -> None:
    """A PostgreSQL URL may carry its password in the query (`?password=`, as libpq
    takes it): serve printed it whole, in the address line of every start (a service's
    log keeps it) and in the refusal when the database did not answer."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: None)
    for url in ("postgresql+psycopg://keizai@127.0.0.1:1/keizai?password=S3CRET",
                "postgresql://127.0.0.1:1/keizai?sslmode=disable&password=S3CRET"):
        result = runner.invoke(app, ["serve", "--port", str(free_port()),
                                     "--database-url", url, "--lang", "en"])
        assert result.exit_code == 2, result.output   # nobody listens on port 1
        assert "cannot open the database " in result.output
        assert "127.0.0.1:1/keizai" in result.output and "S3CRET" not in result.output
