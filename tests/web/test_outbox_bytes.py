"""A WebSocket client that does not read is cut by the bytes waiting for it, not only by
their count. Found by session 32 (left for session 33): the outbox held 64 messages
(`MAX_OUTBOX`) whatever their size. Measured at the bound: a spectator of a late
4-player Futuropia, Glory or 企業帝國 that never read made the server hold 0.7-1.3 MB,
and 2.1-2.6 MB once a seat was named with one emoji (every message then takes 4 bytes a
character), for each of a client's 64 sockets. Now it is cut past `MAX_OUTBOX_BYTES`
(1 MiB), with the close code of the count's bound (4429)."""

from __future__ import annotations

import asyncio
import random
import sys

import pytest

from keizai.web.app import send_loop
from keizai.web.table import MAX_OUTBOX, MAX_OUTBOX_BYTES, Connection, Table
from tests.web.conftest import create, portal_of, tables_of

EMOJI_NAME = "Ann 😀"


def held(conn: Connection) -> int:
    """The bytes of the messages waiting in `conn`'s outbox (a `Behind`'s shared text)."""
    return sum(sys.getsizeof(getattr(queued, "text", queued)) for queued in conn.outbox
               if queued is not None)


class Socket:
    """A WebSocket that takes what it is sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.code: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.code = code


def test_a_stalled_spectator_of_a_late_game_is_cut_before_it_holds_a_megabyte(
        client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Table, "kick_bots", lambda table: None)   # the test moves them
    created = create(client, "futuropia", seats=["human", "random", "random", "random"],
                     seed=None)
    named = client.post(f"/api/games/{created['id']}/seats/0/join",
                        json={"token": created["seats"][0]["token"], "name": EMOJI_NAME})
    assert named.status_code == 200, named.text
    table = tables_of(client).get(created["id"])
    portal, rng = portal_of(client), random.Random(3)

    async def play(moves: int) -> None:
        for _ in range(moves):
            if table.state.is_over:
                return
            mover = table.state.current_player
            assert mover is not None
            await table._apply(mover, rng.choice(table.state.legal_actions()).name)

    portal.call(play, 300)
    assert not table.state.is_over
    told = table.state.event_count()
    stalled, reader = Connection(None, told), Connection(None, told)   # caught up
    table.connections.update({stalled, reader})
    most = 0
    for _ in range(MAX_OUTBOX - 1):   # fewer than the count's bound
        portal.call(table.broadcast)
        most = max(most, held(stalled))
        assert portal.call(reader.next) is not None   # a reader keeps up
    # cut: the send loop closes it at the None (what came after is never sent)
    assert stalled.outbox[0] is None, f"{held(stalled) / 1e6:.2f} MB queued, not cut"
    assert most <= MAX_OUTBOX_BYTES
    assert not reader.outbox


def test_a_connection_cut_for_its_bytes_is_closed_as_for_its_count() -> None:
    conn = Connection(None, 0)
    third = "x" * (MAX_OUTBOX_BYTES // 3)
    for _ in range(4):   # 4 messages of a third of the bound each
        conn.send(third)
    socket = Socket()
    asyncio.run(asyncio.wait_for(send_loop(socket, conn), 10))   # type: ignore[arg-type]
    assert socket.code == 4429 and socket.sent == []


def test_a_client_that_reads_gets_a_message_larger_than_the_bound() -> None:
    async def run() -> None:
        conn = Connection(None, 0)
        whole = "y" * (2 * MAX_OUTBOX_BYTES)
        for _ in range(3):
            conn.send(whole)
            assert await conn.next() == whole
        conn.send("small")
        assert await conn.next() == "small"
        assert conn.held == 0

    asyncio.run(run())
