"""Found by session 32's stall pass (bench/web_stall.py): a WebSocket cut for its frame
budget wrote an error with its traceback to the server's log ten seconds later.

`keizai.web.frames` cuts a connection past its budget at once (the transport aborted,
the connection lost); uvicorn then closes it as the application ends (`Closing.close`),
which schedules the drop of a connection that no longer exists: `FLUSH_WITHIN` later
the drop asked uvloop for the socket of the closed transport, whose fileno -1 raised
ValueError ("Exception in callback Closing.drop", at ERROR, with its traceback). Any
client could write it at will, one per connection it floods (the "connect" budget: 2 a
second, 8 per /48). A connection that is gone is not dropped again.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import uvloop

from keizai.web import frames


def test_a_connection_already_gone_when_closed_logs_no_error(monkeypatch) -> None:
    monkeypatch.setattr(frames, "FLUSH_WITHIN", 0.02)

    async def cut_then_closed() -> list[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        errors: list[dict[str, Any]] = []
        loop.set_exception_handler(lambda _loop, context: errors.append(context))
        server = await loop.create_server(asyncio.Protocol, "127.0.0.1", 0)
        gone = loop.create_future()

        class Client(asyncio.Protocol):
            def connection_lost(self, exc: Exception | None) -> None:
                gone.set_result(None)

        port = server.sockets[0].getsockname()[1]
        transport, _ = await loop.create_connection(Client, "127.0.0.1", port)
        # as `Budgeted.connection_made` fixes its send buffer
        transport.get_extra_info("socket").setsockopt(
            socket.SOL_SOCKET, socket.SO_SNDBUF, frames.SEND_BUFFER)
        closing = frames.Closing(transport, loop)
        transport.abort()   # cut, as `Budgeted.cut` does
        await gone
        closing.lost()      # the protocol's connection_lost
        closing.close()     # then the application's close, through uvicorn
        await asyncio.sleep(0.1)
        server.close()
        await server.wait_closed()
        return errors

    errors = uvloop.run(cut_then_closed())
    assert [str(e.get("exception") or e.get("message")) for e in errors] == []


def test_a_connection_closed_while_open_is_still_dropped(monkeypatch) -> None:
    """The drop itself stays: a client that never takes what is buffered is reset."""
    monkeypatch.setattr(frames, "FLUSH_WITHIN", 0.02)

    async def closed_while_open() -> bool:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(asyncio.Protocol, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        transport, _ = await loop.create_connection(asyncio.Protocol, "127.0.0.1", port)
        closing = frames.Closing(transport, loop)
        aborted = []
        real_abort = transport.abort

        def abort() -> None:
            aborted.append(True)
            real_abort()

        closing.transport = type("Watched", (), {
            "close": transport.close, "abort": staticmethod(abort),
            "get_extra_info": transport.get_extra_info})()
        closing.close()
        await asyncio.sleep(0.1)
        server.close()
        await server.wait_closed()
        return bool(aborted)

    assert uvloop.run(closed_while_open())
