"""`games.turn_began` and `games.turn_more` (migration 0023): when a game's turn and its one
more period began, by the database's clock, which the turn clock of every server process
reckons the deadline from (tests/web/test_multiprocess_turn_start.py)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import create_engine, inspect, text

import keizai
from keizai.store import SeatRow, Store
from tests.postgres import new_database
from tests.store.rows import loaded

GAME = "national-economy/mecenat"


@pytest.fixture(params=["sqlite", "postgresql"])
def h217_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'turns.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "h217_turns")


def stored_game(store: Store, game_id: str) -> list[str]:
    """A new two-person game; its first moves (as a random player would make them)."""
    state = keizai.new_game(GAME, 2, 5)
    store.create_game(game_id, state.record(), "h",
                      [SeatRow(seat, "human", None, f"t{seat}", True) for seat in range(2)])
    moves = []
    for _ in range(3):
        move = state.legal_actions()[0].name
        state.apply(move)
        moves.append(move)
    return moves


def test_a_move_and_an_undo_begin_a_turn_and_a_take_back_its_one_more_period(
        h217_url: str) -> None:
    store = Store(h217_url)
    try:
        moves = stored_game(store, "g")
        made = loaded(store, "g")
        assert made.turn_began is not None and made.turn_more is None
        version = store.set_seat("g", 1, kind="bot", agent="random", handed=True)
        handed = loaded(store, "g")   # another seat's change is no new turn
        assert handed.turn_began == pytest.approx(made.turn_began, abs=0.5)
        version = store.set_seat("g", 1, kind="human", handed=False, version=version,
                                 more=True)
        more = loaded(store, "g")
        assert more.turn_began == pytest.approx(made.turn_began, abs=0.5)
        assert more.turn_more is not None and more.turn_began is not None
        assert more.turn_more >= more.turn_began
        store.append_actions("g", 0, moves[:1], version=version)
        moved = loaded(store, "g")
        assert moved.turn_more is None   # a new turn has no more period yet
        assert moved.turn_began is not None and moved.turn_began >= made.turn_began
        store.set_seat("g", 0, kind="bot", agent="random", handed=True)
        store.set_seat("g", 0, kind="human", handed=False, more=True)
        store.truncate("g", 0)
        undone = loaded(store, "g")
        assert undone.turn_more is None and undone.actions == []
        assert undone.turn_began is not None and undone.turn_began >= moved.turn_began
    finally:
        store.close()


def test_0023_leaves_the_games_before_it_without_a_turn_start_and_goes_down(
        h217_url: str) -> None:
    """A game stored before 0023 has no turn start (its loading process begins the turn,
    as before); its next move stores one; and 0023 goes back down, the games kept."""
    from alembic import command

    from keizai.store.migrations import config

    record = keizai.new_game(GAME, 2, 7).record()
    Store(h217_url).close()
    engine = create_engine(h217_url)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0022")
        conn.execute(text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version) VALUES ('old', :game, 2, :seed, :options, 'h', :created, 0)"),
            {"game": record["game"], "seed": record["seed"],
             "options": json.dumps(record["options"]),
             "created": datetime(2026, 1, 1, tzinfo=UTC)})
        for seat in range(2):
            conn.execute(text("INSERT INTO seats (game_id, seat, kind, token, claimed)"
                              " VALUES ('old', :seat, 'human', :token, 1)"),
                         {"seat": seat, "token": f"t{seat}"})
    store = Store(h217_url)   # the upgrade a server makes at start
    try:
        old = loaded(store, "old")
        assert old.turn_began is None and old.turn_more is None
        move = keizai.replay(old.record()).legal_actions()[0].name
        store.append_actions("old", 0, [move], version=old.version)
        assert loaded(store, "old").turn_began is not None
    finally:
        store.close()
    with engine.begin() as conn:
        command.downgrade(config(conn), "0022")
        columns = {c["name"] for c in inspect(conn).get_columns("games")}
        assert not columns & {"turn_began", "turn_more"}
        assert conn.execute(text("SELECT id FROM games")).scalars().all() == ["old"]
    engine.dispose()
