"""What the page's lists say of a seat whose game an older keizai stored and this one no
longer replays: the lobby's "Your games" and the account's seats each keep the seat and
say why it cannot be played, naming both versions, in the reader's language. Before,
"Your games" dropped the seat without a word (its summary was refused) and the
account's seat was a link to the refusal."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from keizai import i18n
from keizai.version import VERSION
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.browser import language_page
from tests.web.live_server import LiveServer, http
from tests.web.social_helpers import PASSWORD, new_table, register, token_of, view
from tests.web.test_stored_keizai import OLDER, _stored_by
from tests.web.test_unreadable_games import _corrupt

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

WAIT = 15_000


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[tuple[LiveServer, dict[str, Any]]]:
    """A server started on a database holding Kit's game (seat 1 of a table Kit hosts),
    which keizai OLDER stored and this keizai no longer replays: three moves played, the
    second replaced by one this keizai refuses."""
    path = tmp_path_factory.mktemp("upgraded")
    url = f"sqlite:///{path / 'games.sqlite3'}"
    with TestClient(create_app(url, bot_workers=1, limits=Limits.off()),
                    base_url="https://testserver") as client:
        csrf = register(client, "Kit")
        game = new_table(client, ["human", "human"], csrf)
        assert client.post(f"/api/games/{game['id']}/seats/1/join",
                           json={"token": token_of(game, 1)},
                           headers={"x-csrf-token": csrf}).status_code == 200
        for _ in range(3):
            seat = client.get(f"/api/games/{game['id']}").json()["current_player"]
            legal = view(client, game["id"], seat, token_of(game, seat))["legal"]
            assert client.post(f"/api/games/{game['id']}/actions", json={
                "seat": seat, "token": token_of(game, seat), "action": legal[0]["name"]}
                ).status_code == 200
    _corrupt(url, game["id"])
    _stored_by(url, game["id"], OLDER)
    server = LiveServer(url, path / "server.log").start()
    try:
        yield server, game
    finally:
        server.stop()


def _script_errors(page: Any) -> list[str]:
    """The page's errors but the console's line for the refusal's 500, which is expected."""
    return [e for e in page.errors if "status of 500" not in e]


def _reason(lang: str, game_id: str) -> str:
    return i18n.tr("web.err.unreadable_other", lang, game=game_id, there=OLDER, here=VERSION)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_your_games_keeps_the_seat_and_says_which_keizai_stored_it(
        browser, upgraded: tuple[LiveServer, dict[str, Any]], lang: str) -> None:
    server, game = upgraded
    page = language_page(browser, lang)
    seats = json.dumps([{"game": game["id"], "seat": 0, "token": token_of(game, 0)}])
    page.add_init_script(f"localStorage.setItem('keizai.seats', {json.dumps(seats)})")
    page.goto(f"{server.url}/#/")
    page.wait_for_selector("#your-games li.unreadable", timeout=WAIT)
    line = page.inner_text("#your-games li.unreadable")
    assert _reason(lang, game["id"]) in line
    assert not page.query_selector("#your-games [data-play-seat]")   # no way to a refusal
    assert _script_errors(page) == []


def test_the_accounts_seat_says_which_keizai_stored_it(
        browser, upgraded: tuple[LiveServer, dict[str, Any]]) -> None:
    server, game = upgraded
    assert http().get(f"{server.url}/api/games/{game['id']}").status_code == 500   # found
    page = language_page(browser, "zh-TW")
    page.goto(f"{server.url}/#/account")
    page.fill("input[name=username]", "Kit")
    page.fill("input[name=password]", PASSWORD)
    page.click("#login")
    page.wait_for_selector("#my-seats .unreadable", timeout=WAIT)
    reason = _reason("zh-TW", game["id"])
    assert reason in page.inner_text("#my-seats")
    assert not page.query_selector("#my-seats .my-seat")   # no link to the refusal
    assert page.inner_text(".account").count(reason) == 2   # the table it hosts too
    assert _script_errors(page) == []
