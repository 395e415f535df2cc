"""A server's start-up (`Tables.start`, run in the app's lifespan) over games stored by an
older keizai, before a game's lobby line (its step, whether it is over, who moves) was
kept with it: start-up fills those lines in by replaying each game."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import update

from keizai.store import Store
from keizai.store.db import actions, games, seats
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import TestClient, create, tables_of


def _stored_without_summaries(db_url: str, games_wanted: int) -> list[dict]:
    """`games_wanted` games of two humans, each one move in, stored as before summaries."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        made = []
        for _ in range(games_wanted):
            game = create(client)
            view = client.get(f"/api/games/{game['id']}/view", params={"seat": 0},
                              headers={"x-keizai-token": game["seats"][0]["token"]}).json()
            reply = client.post(f"/api/games/{game['id']}/actions", json={
                "seat": 0, "token": game["seats"][0]["token"], "action": view["legal"][0]["name"]})
            assert reply.status_code == 200, reply.text
            made.append(game)
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(update(games).values(step=None, over=None, current=None))
    finally:
        store.close()
    return made


def test_a_stored_game_whose_record_no_longer_replays_does_not_keep_the_server_down(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Before, one such game whose record no longer replays (an action the game refuses:
    a row edited by hand, a rule corrected since) raised out of the lifespan, and the
    server did not start at all, however often restarted. Now that game is logged and
    skipped (it stays unreadable, as it would be when opened), the others are filled in
    and the server serves them."""
    broken, sound = _stored_without_summaries(db_url, 2)
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(update(actions).where(actions.c.game_id == broken["id"])
                         .values(name="no such move"))
    finally:
        store.close()
    with caplog.at_level(logging.ERROR, logger="keizai.web"), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        listed = {line["id"]: line for line in client.get("/api/games").json()["games"]}
        assert listed[sound["id"]]["step"] == 1
        view = client.get(f"/api/games/{sound['id']}/view", params={"seat": 1},
                          headers={"x-keizai-token": sound["seats"][1]["token"]})
        assert view.status_code == 200 and view.json()["step"] == 1
    assert any(broken["id"] in record.getMessage() for record in caplog.records)


def test_a_bots_game_whose_record_no_longer_replays_does_not_keep_the_server_down(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Start-up also opens every unfinished game whose bot is to move, to resume it:
    before, one whose record no longer replays raised out of the lifespan as above."""
    broken, sound = _stored_without_summaries(db_url, 2)
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:   # a bot's turn, its game's line kept
            conn.execute(update(games).values(step=1, over=0, current=1))
            conn.execute(update(seats).where(seats.c.seat == 1)
                         .values(kind="bot", agent="random"))
            conn.execute(update(actions).where(actions.c.game_id == broken["id"])
                         .values(name="no such move"))
        assert sorted(store.unfinished_bot_turns()) == sorted([broken["id"], sound["id"]])
    finally:
        store.close()
    with caplog.at_level(logging.ERROR, logger="keizai.web"), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        assert client.get("/api/catalog").status_code == 200
        assert sound["id"] in tables_of(client).tables   # resumed
    assert any(broken["id"] in record.getMessage() for record in caplog.records)
