"""A game's names and settings are not cached again once the game is dropped.

Found by session 32's strangers' pass (h199), reading `Social.reread`: the rows are read
in a worker thread, and a game dropped meanwhile (idle for 5 minutes, or past the games
a process holds) had them cached again as the read ended, for as long as the process
ran: each drop that met a read (a name, a mute, a notice from another process, the
rematch's seat asked) left a game's rows in memory that nothing held."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from keizai.store.social import SocialStore
from tests.web.conftest import TestClient, app_of, create, portal_of, tables_of


def test_a_read_that_ends_after_its_game_was_dropped_caches_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = create(client)
    social = app_of(client).state.social
    tables = tables_of(client)
    reading, dropped = threading.Event(), threading.Event()
    read = SocialStore.seat_players

    def slow(store: SocialStore, game_id: str) -> Any:
        reading.set()
        dropped.wait(10)
        return read(store, game_id)

    monkeypatch.setattr(SocialStore, "seat_players", slow)
    portal = portal_of(client)
    rereading = portal.start_task_soon(social.reread, game["id"])
    assert reading.wait(10)
    assert portal.call(tables.evict_if_idle, tables.tables[game["id"]],
                       time.monotonic() + 3600)   # idle past any bound: dropped
    dropped.set()
    rereading.result(10)
    assert game["id"] not in tables.tables
    assert game["id"] not in social.players and game["id"] not in social.settings
    # opened again, the game's rows are read and cached again
    monkeypatch.setattr(SocialStore, "seat_players", read)
    joined = client.post(f"/api/games/{game['id']}/seats/0/join", json={
        "token": game["seats"][0]["token"], "name": "Ann"})
    assert joined.status_code == 200, joined.text
    assert social.player(game["id"], 0).name == "Ann"
