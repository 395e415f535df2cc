"""Every state message's `mark` is `history_mark` of the game's actions so far, at every
step of whole 4-player games: after moves, undos here, a reload, and another process's
moves and undos. The table keeps it as a running hash (`RunningMark`) instead of hashing
the whole history for each broadcast (26 µs a broadcast at the end of a 企業帝國 game)."""

from __future__ import annotations

import random

import orjson
import pytest

from keizai.web.table import Behind, Connection, Table, history_mark, load
from keizai.web.tables import Tables
from tests.web.conftest import create, portal_of, tables_of

GAMES = ["enterprise-empire", "futuropia", "national-economy/glory"]


def _check_marks(table: Table, connections: list[Connection]) -> None:
    """Each connection's latest message, and one made now, carry the old computation's
    mark of the game as it is."""
    expected = history_mark(table.state.history, table.mark_key)
    for conn in connections:
        latest = conn.outbox[-1]
        assert latest is not None
        text = latest.joined() if isinstance(latest, Behind) else latest
        assert orjson.loads(text)["mark"] == expected
        conn.outbox.clear()
    assert table.payload(Connection(None, 0, lines=False))["mark"] == expected


async def _elsewhere(tables: Tables, table: Table, names: list[str] | None) -> None:
    """Another process appends `names` to the stored game (None: takes its last step
    back); this one is told and loads it (`Table.refresh`)."""
    store, steps = tables.store, len(table.state.history)
    if names is None:
        store.truncate(table.id, steps - 1, version=table.version)
    else:
        store.append_actions(table.id, steps, names, version=table.version)
    row, stored = load(store, table.hooks, table.id)
    assert row is not None
    await table.refresh(row, stored)


async def _whole_game(tables: Tables, game_id: str, rng: random.Random) -> dict[str, int]:
    """Play the game to its end with random moves (every seat's, the bots' too); every
    23rd step something else is due in turn: seat 0's undo here (done at the first step
    it may), another process's move, another process's undo, a reload. The marks are
    checked after each change. How often each happened."""
    table = tables.get(game_id)
    connections = [Connection(seat, 0, lines=False)
                   for seat in [None, *range(len(table.seats))]]
    table.connections.update(connections)
    kinds = ["undos", "moves elsewhere", "undos elsewhere", "reloads"]
    done = dict.fromkeys(["moves", *kinds], 0)
    due: str | None = None
    step = 0
    while not table.state.is_over:
        step += 1
        if step % 23 == 0 and due is None:
            due = kinds[step // 23 % 4]
        mover = table.state.current_player
        assert mover is not None
        name = rng.choice(table.state.legal_actions()).name
        if due == "undos" and table.undo_refusal(0) is None:
            await table._undo(0, None, None)
        elif due == "moves elsewhere":
            await _elsewhere(tables, table, [name])
        elif due == "undos elsewhere" and table.state.history:
            await _elsewhere(tables, table, None)
        elif due == "reloads":
            tables.tables.pop(game_id)
            table = await tables.open(game_id)
            table.connections.update(connections)
            table.broadcast()
        else:
            await table._apply(mover, name)
            done["moves"] += 1
            _check_marks(table, connections)
            continue
        assert due is not None
        done[due] += 1
        due = None
        _check_marks(table, connections)
    return done


@pytest.mark.parametrize("game", GAMES)
def test_each_message_marks_the_game_as_the_whole_history_does(
        client, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    monkeypatch.setattr(Table, "kick_bots", lambda table: None)   # the test moves them
    created = create(client, game, seats=["human", "random", "random", "random"],
                     seed=None)
    done = portal_of(client).call(_whole_game, tables_of(client), created["id"],
                                  random.Random(3))
    assert all(done.values()), done   # each kind of change happened
