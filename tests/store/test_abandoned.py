"""Abandoned games are deleted on request (`Store.delete_abandoned`): before, a game
created and left was kept for good, and anyone may create ten at once and one every
5 s."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update

import keizai
from keizai.store import SeatRow, Store, Summary
from keizai.store.db import actions, games, seats
from keizai.store.social import SocialStore, chat_messages

OLD = datetime.now(UTC) - timedelta(days=40)


@pytest.fixture
def store(database_url: str):
    store = Store(database_url)
    yield store
    store.close()


def new_game(store: Store, created: datetime, steps: int = 2, over: bool = False,
             seen: datetime | None = None) -> str:
    state = keizai.new_game("national-economy/mecenat", 2, seed=3)
    game_id = secrets.token_hex(6)
    rows = [SeatRow(s, "human", None, f"token-{s}", False) for s in range(2)]
    store.create_game(game_id, state.record(), "host", rows,
                      Summary(0, False, state.current_player))
    for step in range(steps):
        action = state.legal_actions()[0]
        state.apply(action)
        store.append_action(game_id, step, action.name)
    with store.engine.begin() as conn:   # created (and last moved) then
        conn.execute(update(games).where(games.c.id == game_id)
                     .values(created=created, touched=created, over=int(over)))
        if seen is not None:
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == 1)
                         .values(seen=seen))
    return game_id


def count(store: Store, table, game_id: str) -> int:
    with store.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(table)
                            .where(table.c.game_id == game_id)).scalar_one()


def test_unfinished_games_untouched_for_the_given_days_are_deleted(store: Store) -> None:
    social = SocialStore(store.engine)
    left = new_game(store, OLD)
    social.add_chat(left, 0, "P1", "hello?")
    never_opened = new_game(store, OLD, steps=0, seen=None)
    finished = new_game(store, OLD, over=True)
    played_lately = new_game(store, OLD, seen=datetime.now(UTC) - timedelta(days=2))
    new = new_game(store, datetime.now(UTC) - timedelta(days=1))
    seen_long_ago = new_game(store, OLD, seen=OLD)

    assert store.delete_abandoned(timedelta(days=30)) == 3

    ids = set(store.game_ids())
    assert ids >= {finished, played_lately, new}
    assert not ids & {left, never_opened, seen_long_ago}
    for table in (seats, actions, chat_messages):   # its rows went with it
        assert count(store, table, left) == 0
    assert count(store, actions, played_lately) == 2
    assert store.delete_abandoned(timedelta(days=30)) == 0


def test_a_game_moved_lately_is_kept_whoever_was_connected(store: Store) -> None:
    """A move stored lately (over the HTTP API, with no seat ever seen connected) keeps
    the game, however long ago it was created; so does an undo."""
    moved = new_game(store, OLD, steps=0)
    state = keizai.new_game("national-economy/mecenat", 2, seed=3)
    store.append_action(moved, 0, state.legal_actions()[0].name)
    undone = new_game(store, OLD, steps=0)
    store.append_action(undone, 0, state.legal_actions()[0].name)
    store.truncate(undone, 0)
    abandoned = new_game(store, OLD, steps=0)

    assert store.delete_abandoned(timedelta(days=30)) == 1
    ids = set(store.game_ids())
    assert {moved, undone} <= ids
    assert abandoned not in ids
