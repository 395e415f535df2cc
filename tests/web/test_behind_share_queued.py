"""Connections behind on their log (short of parts they never asked for) share the state
message a broadcast queues for them: each outbox holds the seat's one encoding and its
own `log_from`, joined only when the message is sent. Until session 32 each got its own
copy (`with_log_from`): a stranger's sockets whose hellos said since 1, 2, ... and that
never read held up to 63 private copies each of an ~8 KB state (bench/web_stall.py
`behind`), some 33 MB for one client's 64 sockets, up to ~0.5 GB for a /48's 1,024."""

from __future__ import annotations

import random
import tracemalloc

import orjson
import pytest

from keizai.web.table import MAX_OUTBOX, Connection, Table, encode
from tests.web.conftest import create, portal_of, tables_of

BEHIND = 32        # spectators' sockets, each behind by a different amount
BROADCASTS = MAX_OUTBOX - 1   # as many as an outbox holds before its client is dropped


def test_sockets_behind_on_the_log_share_their_queued_states(
        client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Table, "kick_bots", lambda table: None)   # the test moves them
    created = create(client, "enterprise-empire",
                     seats=["human", "random", "random", "random"], seed=None)
    table = tables_of(client).get(created["id"])
    portal, rng = portal_of(client), random.Random(4)

    async def play(moves: int) -> None:
        for _ in range(moves):
            mover = table.state.current_player
            assert mover is not None
            await table._apply(mover, rng.choice(table.state.legal_actions()).name)

    portal.call(play, 40)
    told = table.state.event_count()
    assert table.log_told == told > BEHIND + 1
    behind = [Connection(None, since, lines=False) for since in range(1, BEHIND + 1)]
    table.connections.update(behind)
    short = table.payload(Connection(None, 1, lines=False), most=0)
    size = len(encode(short))

    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(BROADCASTS):
            portal.call(table.broadcast)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # shared: one encoding a broadcast (plus a small entry per socket); before, each
    # socket its own copy: BEHIND × BROADCASTS × size (about 32 × 63 × 8 KB)
    assert held < 4 * BROADCASTS * size, (held, size)

    # each socket is still sent the whole state, without entries, from its own place
    for since, conn in enumerate(behind, start=1):
        for _ in range(BROADCASTS):
            text = portal.call(conn.next)
            assert text is not None
            message = orjson.loads(text)
            assert message["type"] == "state" and message["log_from"] == since
            assert message["events"] == [] and message["event_count"] == told
            assert message["view"] == short["view"]
        assert not conn.outbox and conn.log_sent == since
