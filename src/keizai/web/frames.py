"""A budget of WebSocket frames per connection, kept below the application.

uvicorn's WebSocket protocol answers a ping with a pong and parses every frame a client
sends, whatever their number, before the application sees any of them (it never sees a
ping): found by the session-21 attack pass, one WebSocket sending ping frames as fast as
it could, and not reading, made another game's action answer in 1.9 s instead of 2 ms
and grew the server by 360 MB in 20 s (the pongs waiting to be written); text or binary
frames, each refused by the application, stalled it as much (2-4 s). `keizai serve`
runs uvicorn with `FrameBudget.protocol(...)`: each connection may send `burst` frames,
and `rate` more a second; a connection past that is cut at once (closed with 1008 and
its buffers dropped) before its frames cost anything more. Its socket's send buffer is
fixed too (`SEND_BUFFER`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import struct
from dataclasses import dataclass
from typing import Any, cast

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode

log = logging.getLogger("keizai.web")

# Bytes handed to the WebSocket parser at a time: at most 170 frames (6 bytes each at
# the least) are parsed before they are counted.
SLICE = 1024
# Bytes of a WebSocket's socket send buffer (the kernel doubles it): a spectator that
# never reads made the kernel's buffer grow to hold the whole game (2.8 MB of a
# 700-step game, up to 4 MB), 64 sockets a client. Past it the sends wait, the
# connection's outbox fills (64 messages), and uvicorn's keepalive closes it within
# 40 s. 256 KB is 2.5 MB/s at 100 ms of round trip, and a hello's whole log at once.
SEND_BUFFER = 128 * 1024
# Seconds a WebSocket being closed (uvicorn's keepalive unanswered, the server stopping,
# the application's close) has to take what is still buffered for it before it is
# dropped: uvicorn closes the transport gracefully, waiting for the buffer to be sent,
# and a client that never reads never took it, so its connection stayed open and a
# clean stop of the server waited for it without end.
FLUSH_WITHIN = 10.0


@dataclass(frozen=True)
class FrameBudget:
    """Frames one WebSocket may send: `burst` at once, then `rate` a second."""

    burst: float
    rate: float

    def protocol(self) -> type[asyncio.Protocol]:
        """uvicorn's sans-I/O WebSocket protocol, holding each connection to this budget
        (the `ws` of uvicorn's config)."""
        budget = self

        class Budgeted(WebSocketsSansIOProtocol):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self.allowance = Allowance(budget, self.loop.time())
                received = self.conn.events_received

                def counted() -> list[Any]:
                    events = received()
                    frames = sum(1 for e in events if isinstance(e, Frame)
                                 and e.opcode is not Opcode.CLOSE)
                    if frames and not self.allowance.spend(frames, self.loop.time()):
                        self.cut()
                        return []
                    return events

                self.conn.events_received = counted   # type: ignore[method-assign]

            def connection_made(self, transport: Any) -> None:
                """The socket's send buffer fixed at SEND_BUFFER: left to the kernel, it
                grew to hold megabytes for a client that never reads. The transport's
                close is bounded (`Closing`)."""
                with contextlib.suppress(AttributeError, OSError):
                    transport.get_extra_info("socket").setsockopt(
                        socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
                self.closing = Closing(transport, self.loop)
                # (it delegates whatever it does not do itself to the transport)
                super().connection_made(cast(asyncio.Transport, self.closing))

            def connection_lost(self, exc: Exception | None) -> None:
                self.closing.lost()
                super().connection_lost(exc)

            def data_received(self, data: bytes) -> None:
                """What arrived, parsed a slice at a time: websockets parses every
                frame it is given at once, and 64 KB of empty frames are 10,000 of
                them (150 ms of the event loop) before any could be counted."""
                for start in range(0, len(data), SLICE):
                    if self.transport.is_closing():
                        return
                    super().data_received(data[start:start + SLICE])

            def cut(self) -> None:
                """Past the budget: a close frame if it can still go, and the connection
                dropped at once (no closing handshake to wait for, nothing more read)."""
                log.info("WebSocket from %s sent more than %g frames at once; cut",
                         self.client, budget.burst)
                self.conn.fail(1008, "too many messages")
                self.transport.write(b"".join(self.conn.data_to_send()))
                self.transport.abort()

        return Budgeted


class Closing:
    """A WebSocket's transport whose close gives the client `FLUSH_WITHIN` seconds to
    take what is buffered for it, then drops the connection (`abort`); the rest is the
    transport's own."""

    def __init__(self, transport: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.transport = transport
        self.loop = loop
        self.dropping: asyncio.TimerHandle | None = None
        self.gone = False

    def close(self) -> None:
        """Closed, and dropped `FLUSH_WITHIN` later unless gone by then. A connection
        gone already (cut for its frame budget, then closed by uvicorn as the
        application ends) is not: its drop asked uvloop for the closed socket, and the
        ValueError was logged with its traceback, one per connection a client floods
        (until session 32)."""
        self.transport.close()
        if self.dropping is None and not self.gone:
            self.dropping = self.loop.call_later(FLUSH_WITHIN, self.drop)

    def drop(self) -> None:
        """The connection reset: the kernel keeps nothing more for it (closed with data
        unsent, its socket stayed in the kernel, still offering the data, for minutes)."""
        with contextlib.suppress(AttributeError, OSError):
            self.transport.get_extra_info("socket").setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.transport.abort()

    def lost(self) -> None:
        """The connection is gone: nothing left to drop."""
        self.gone = True
        if self.dropping is not None:
            self.dropping.cancel()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


class Allowance:
    """A token bucket of frames (one per connection: no lock, the event loop's own)."""

    def __init__(self, budget: FrameBudget, now: float) -> None:
        self.budget = budget
        self.level = budget.burst
        self.then = now

    def spend(self, frames: int, now: float) -> bool:
        """Take `frames` from the bucket; False when it holds fewer."""
        self.level = min(self.budget.burst,
                         self.level + (now - self.then) * self.budget.rate)
        self.then = now
        if frames > self.level:
            return False
        self.level -= frames
        return True
