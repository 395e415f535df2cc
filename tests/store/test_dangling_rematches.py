"""Migration 0024: a finished game's rematch that an older clean-up of abandoned games
deleted (before 077cbf3 it left the pointer: the game's "Rematch" answered the deleted id
for good) is no longer its rematch once the database is upgraded; a rematch that exists
stays. Its downgrade changes nothing."""

from __future__ import annotations

import pytest
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

import keizai
from keizai.store import SeatRow, Store
from keizai.store.migrations import head
from keizai.store.social import SocialStore
from tests.postgres import new_database


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "h226_rematches")


def stored(store: Store, game_id: str) -> None:
    """A 2-player table `game_id`, its settings without a rematch."""
    store.create_game(game_id, keizai.new_game("national-economy/mecenat", 2, 5).record(),
                      "h", [SeatRow(seat, "human", None, f"{game_id}{seat}", False)
                            for seat in range(2)])
    SocialStore(store.engine).create_settings(game_id, visibility="public", clock="none")


def rematches(url: str) -> dict[str, str | None]:
    store = Store(url)   # the upgrade a server makes at start
    try:
        social = SocialStore(store.engine)
        return {game_id: settings.rematch for game_id in ("done", "played", "alone")
                if (settings := social.settings(game_id)) is not None}
    finally:
        store.close()


def test_0024_clears_the_rematches_that_no_longer_exist(url: str) -> None:
    from alembic import command

    from keizai.store.migrations import config

    store = Store(url)
    for game_id in ("done", "played", "next", "alone"):
        stored(store, game_id)
    store.close()
    engine = create_engine(url)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0023")
        # "done"'s rematch deleted by a clean-up of 0023's time, its pointer left;
        # "played"'s rematch "next" still there
        conn.execute(text("UPDATE table_settings SET rematch = 'gone' WHERE game_id = 'done'"))
        conn.execute(text("UPDATE table_settings SET rematch = 'next'"
                          " WHERE game_id = 'played'"))
    assert rematches(url) == {"done": None, "played": "next", "alone": None}
    with engine.begin() as conn:
        assert MigrationContext.configure(conn).get_current_revision() == head()
        command.downgrade(config(conn), "0023")   # changes nothing
        assert dict(conn.execute(text(
            "SELECT game_id, rematch FROM table_settings ORDER BY game_id")).all()) == {
            "alone": None, "done": None, "next": None, "played": "next"}
    engine.dispose()
