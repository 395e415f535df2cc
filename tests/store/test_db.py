"""The game store on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import secrets

import pytest
from sqlalchemy.exc import IntegrityError

import keizai
from keizai.agents import make_agent
from keizai.store import Conflict, SeatRow, Store, Summary


def new_id() -> str:
    return secrets.token_hex(6)


def seats(n: int) -> list[SeatRow]:
    return [SeatRow(i, "human" if i == 0 else "bot", None if i == 0 else "random",
                    f"token-{i}", i != 0) for i in range(n)]


@pytest.fixture
def store(database_url: str):
    store = Store(database_url)
    yield store
    store.close()


def test_a_played_game_comes_back_action_for_action(store: Store) -> None:
    state = keizai.new_game("national-economy/glory", 3, seed=11)
    game_id = new_id()
    store.create_game(game_id, state.record(), "host", seats(3))
    bot = make_agent("random", 5)
    for step in range(40):
        action = bot.choose(state)
        state.apply(action)
        store.append_action(game_id, step, action.name)
    row = store.load(game_id)
    assert row is not None
    assert row.record() == state.record()
    assert [s.token for s in row.seats] == ["token-0", "token-1", "token-2"]
    assert keizai.replay(row.record()).view(0) == state.view(0)
    assert game_id in store.game_ids()


def test_a_step_is_written_once(store: Store) -> None:
    state = keizai.new_game("national-economy/progress", 2, seed=1)
    game_id = new_id()
    store.create_game(game_id, state.record(), "host", seats(2))
    first = state.legal_actions()[0].name
    store.append_action(game_id, 0, first)
    with pytest.raises((Conflict, IntegrityError)):
        store.append_action(game_id, 0, state.legal_actions()[1].name)
    assert store.load(game_id).actions == [first]


def test_a_writer_naming_an_old_version_is_refused(store: Store) -> None:
    """Issue #12: every change raises the game's version under a row lock; a writer (a
    request, a bot, another server process) that saw an older version writes nothing."""
    state = keizai.new_game("national-economy/progress", 2, seed=1)
    game_id = new_id()
    store.create_game(game_id, state.record(), "host", seats(2))
    names = [a.name for a in state.legal_actions()]
    assert store.append_action(game_id, 0, names[0], version=0) == 1
    assert store.truncate(game_id, 0, version=1) == 2
    for stale in (0, 1):
        with pytest.raises(Conflict):
            store.append_action(game_id, 0, names[1], version=stale)
        with pytest.raises(Conflict):
            store.set_seat(game_id, 1, kind="bot", agent="random", version=stale)
    assert store.load(game_id).actions == []
    assert store.load(game_id).version == 2


def test_the_lobby_lines_and_the_games_to_resume(store: Store) -> None:
    ids = []
    for current in (0, 1):
        state = keizai.new_game("national-economy/mecenat", 2, seed=4)
        game_id = new_id()
        ids.append(game_id)
        store.create_game(game_id, state.record(), "host", seats(2),
                          Summary(0, False, current))
    lines = {line["id"]: line for line in store.listing(10)}
    assert set(lines) >= set(ids)
    assert lines[ids[1]]["current_player"] == 1 and not lines[ids[1]]["over"]
    assert "token" not in str({k: v for k, v in lines[ids[0]].items() if k != "seats"})
    resume = store.unfinished_bot_turns()
    assert ids[1] in resume and ids[0] not in resume   # seat 1 is the bot


def test_truncate_and_seat_changes(store: Store) -> None:
    state = keizai.new_game("national-economy/mecenat", 2, seed=4)
    game_id = new_id()
    store.create_game(game_id, state.record(), "host", seats(2))
    bot = make_agent("random", 2)
    for step in range(6):
        action = bot.choose(state)
        state.apply(action)
        store.append_action(game_id, step, action.name)
    store.truncate(game_id, 2)
    store.set_seat(game_id, 0, kind="bot", agent="random")
    store.set_seat(game_id, 1, claimed=True)
    row = store.load(game_id)
    assert row.actions == state.record()["actions"][:2]
    assert store.action_count(game_id) == 2
    assert (row.seats[0].kind, row.seats[0].agent) == ("bot", "random")
    assert row.seats[1].claimed


def test_unknown_game_is_none(store: Store) -> None:
    assert store.load("no-such-game") is None
