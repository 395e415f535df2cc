"""A stored game with a seat of a kind this keizai does not play (a row written by a
newer keizai, or edited by hand: "robot" where "human" or "bot" belongs) is refused as
an unreadable game is (`web.err.unreadable`), the lobby leaves it out and the row is
left as it is. Before, it opened: the seat's player was told "P1 is played by a bot",
no bot moved for it, and the game waited there for ever."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import select, update

from keizai.store import Store
from keizai.store.db import seats
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import TestClient, create
from tests.web.unreadable import refused_every_way_in


def _seat_kinds(db_url: str, game_id: str, **changed: str) -> list[str]:
    """The game's stored seat kinds, after setting seat `n` to `changed["n"]`."""
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            for seat, kind in changed.items():
                conn.execute(update(seats).where(seats.c.game_id == game_id,
                                                 seats.c.seat == int(seat))
                             .values(kind=kind))
            return list(conn.execute(select(seats.c.kind).where(seats.c.game_id == game_id)
                                     .order_by(seats.c.seat)).scalars())
    finally:
        store.close()


def test_a_seat_of_an_unknown_kind_is_refused_as_unreadable(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game, sound = create(client), create(client)
    gid, token = game["id"], game["seats"][0]["token"]
    stored = _seat_kinds(db_url, gid, **{"0": "robot"})
    with caplog.at_level(logging.INFO), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        listed = {line["id"] for line in client.get("/api/games").json()["games"]}
        assert sound["id"] in listed and gid not in listed
        refused_every_way_in(client, gid, token)
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            assert ws.receive_json()["error"]["code"] == "unreadable"
            assert ws.receive()["code"] == 4400   # the page stops reconnecting
    said = [r.getMessage() for r in caplog.records if r.name.startswith("keizai")
            and gid in r.getMessage()]
    assert said and all("UnknownSeatKind" in line for line in said)
    assert _seat_kinds(db_url, gid) == stored == ["robot", "human"]

