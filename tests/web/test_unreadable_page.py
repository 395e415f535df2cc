"""What the page says at a table whose stored record does not replay: the server's
reason alone, in the reader's language. Before, the banner began "Bad request: the server
refused this address.", as if the player's link were wrong, with the reason in brackets."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizai import i18n
from tests.web.browser import language_page
from tests.web.live_server import LiveServer, http
from tests.web.test_unreadable_games import _corrupt

WAIT = 15_000


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_unreadable_table_says_why_and_not_that_the_link_is_wrong(
        browser, tmp_path: Path, lang: str) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    first = LiveServer(url, tmp_path / "first.log").start()
    try:
        game = http().post(f"{first.url}/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "human"],
            "seed": 7}).json()
        for _ in range(3):   # the corruption replaces the second move
            seat = http().get(f"{first.url}/api/games/{game['id']}").json()["current_player"]
            token = game["seats"][seat]["token"]
            view = http().get(f"{first.url}/api/games/{game['id']}/view",
                              params={"seat": seat}, headers={"x-keizai-token": token}).json()
            assert http().post(f"{first.url}/api/games/{game['id']}/actions", json={
                "seat": seat, "token": token, "action": view["legal"][0]["name"]}
                ).status_code == 200
    finally:
        first.stop()
    _corrupt(url, game["id"])
    server = LiveServer(url, tmp_path / "second.log").start()
    try:
        page = language_page(browser, lang)
        page.goto(f"{server.url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
        page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
        shown = page.inner_text("#banner")
        reason = i18n.tr("web.err.unreadable", lang, game=game["id"])
        assert reason.rstrip("。.") in shown
        assert i18n.tr("refused_request", lang) not in shown
    finally:
        server.stop()
