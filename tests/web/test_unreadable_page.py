"""What the page says at a table whose stored record does not replay: the server's
reason alone, in the reader's language. Before, the banner began "Bad request: the server
refused this address.", as if the player's link were wrong, with the reason in brackets."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

from keizai import i18n
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.browser import language_page
from tests.web.conftest import create
from tests.web.live_server import LiveServer
from tests.web.test_unreadable_games import _corrupt

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

WAIT = 15_000
LANGS = ["en", "ja"]


@pytest.fixture(scope="module")
def unreadable(tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[tuple[LiveServer, dict[str, dict]]]:
    """A server process started on a database whose games, one per language, no longer
    replay: each played three moves (by the app in this process), then its second stored
    move replaced by one the game refuses. The server has loaded none of them."""
    path = tmp_path_factory.mktemp("unreadable")
    url = f"sqlite:///{path / 'games.sqlite3'}"
    games: dict[str, dict] = {}
    with TestClient(create_app(url, bot_workers=1, limits=Limits.off(),
                               chosen_seeds=True)) as client:
        for lang in LANGS:
            game = games[lang] = create(client, seats=["human", "human"], seed=7)
            for _ in range(3):   # the corruption replaces the second move
                seat = client.get(f"/api/games/{game['id']}").json()["current_player"]
                token = game["seats"][seat]["token"]
                view = client.get(f"/api/games/{game['id']}/view", params={"seat": seat},
                                  headers={"x-keizai-token": token}).json()
                assert client.post(f"/api/games/{game['id']}/actions", json={
                    "seat": seat, "token": token, "action": view["legal"][0]["name"]}
                    ).status_code == 200
    for game in games.values():
        _corrupt(url, game["id"])
    server = LiveServer(url, path / "server.log").start()
    try:
        yield server, games
    finally:
        server.stop()


@pytest.mark.parametrize("lang", LANGS)
def test_an_unreadable_table_says_why_and_not_that_the_link_is_wrong(
        browser, unreadable: tuple[LiveServer, dict[str, dict]], lang: str) -> None:
    server, games = unreadable
    game = games[lang]
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
    page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
    shown = page.inner_text("#banner")
    reason = i18n.tr("web.err.unreadable", lang, game=game["id"])
    assert reason.rstrip("。.") in shown
    assert i18n.tr("refused_request", lang) not in shown
