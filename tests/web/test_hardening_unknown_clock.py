"""A stored table whose clock this keizai does not have (a newer keizai's, or a row
edited by hand: "blitz") is refused as an unreadable game is (`web.err.unreadable`),
logged by its id and `UnknownClock`, and left as it is. Before, arming its clock failed
(KeyError) inside every request that loaded it: each answered internal_error, and the
start-up log said its record did not replay (KeyError)."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import select, update

from keizai.store import Store
from keizai.store.social import table_settings
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import TestClient
from tests.web.social_helpers import new_table, token_of
from tests.web.unreadable import refused_every_way_in


def _clock(db_url: str, game_id: str, clock: str | None = None) -> str:
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            where = table_settings.c.game_id == game_id
            if clock is not None:
                conn.execute(update(table_settings).where(where).values(clock=clock))
            return str(conn.execute(select(table_settings.c.clock).where(where)).scalar())
    finally:
        store.close()


def test_a_table_with_a_clock_this_keizai_lacks_is_refused_as_unreadable(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        created = new_table(client, ["human", "human"], clock="relaxed")
    gid, token = created["id"], token_of(created, 0)
    _clock(db_url, gid, "blitz")
    with caplog.at_level(logging.INFO), TestClient(
            create_app(db_url, bot_workers=1, limits=Limits.off()),
            raise_server_exceptions=False) as client:
        refused_every_way_in(client, gid, token)
        assert gid not in {line["id"] for line in client.get("/api/games").json()["games"]}
    said = [r.getMessage() for r in caplog.records if r.name.startswith("keizai")
            and gid in r.getMessage()]
    assert said and all("UnknownClock" in line for line in said)
    assert _clock(db_url, gid) == "blitz"
