"""Bounds on HTTP connections, kept below the application: a deadline for a request's
head and a bound on its size, and the connections one client may hold open.

uvicorn waits for a request's headers without a time limit and takes every connection
offered: found by the session-21 attack pass, 1,100 connections from one address, each
sending half a request's headers, held every file descriptor of a `keizai serve` under
the usual limit of 1,024 and nobody else could connect, for as long as they stayed (over
30 s, without end). `keizai serve` runs uvicorn's httptools protocol with
`HeadBounds.protocol()`: a request's head (its line and headers) must arrive within
`seconds` of the connection, of the request's first byte, or of bytes that begin no
request after an answer (session 31: a blank line, or the rest of a body the answer did
not wait for, cancelled uvicorn's keep-alive and left the connection open for good), or
the connection is closed; a head is at most `HEAD_BYTES` (session 31: uvicorn took a
head of any size, 1 GB from one connection in 3 s), else it is answered 431, and so is
what else than its body a request sends (a chunked body's framing and trailers); and a
client (`keizai.web.tables.client_key`; an IPv6 /48 holds `WIDE_SHARE` clients' share)
holds at most `most` connections that have not become WebSockets (those the application
counts, `Limits.sockets`); past it a new one is closed at once. The peers named by
`--forwarded-allow-ips` (a reverse proxy, which bounds its own clients) are not counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from dataclasses import dataclass, field
from typing import Any

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from keizai.web.app import keys_of
from keizai.web.frames import SEND_BUFFER
from keizai.web.tables import client_key

log = logging.getLogger("keizai.web")


def open_files() -> None:
    """Let the process open as many files (connections) as the system allows it: the
    usual soft limit is 1,024 descriptors, the hard one far more (systemd: 524,288),
    and every connection holds one. Where the limits are not known, nothing changes."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# Bytes of a request's head (its line and headers): uvicorn's httptools protocol takes
# a head of any size whole, and one connection sent 1 GB in 3 s (the server grew to
# 1.1 GB). A browser's is 1-2 KB; nginx's default allows 32 KB (4 lines of 8 KB).
HEAD_BYTES = 32 * 1024
# Bytes handed to the HTTP parser at a time, so that a head is counted to within this
# (a head and the body after it may come in one read of up to 256 KB).
SLICE = 4 * 1024
HEAD_TOO_LARGE = orjson.dumps({"error": {
    "code": "too_large", "message": f"a request's head is at most {HEAD_BYTES} bytes"}})


class HeadTooLarge(Exception):
    """A request's head passed HEAD_BYTES (raised to the HTTP parser, which stops)."""


# Seconds a clean stop (SIGTERM) waits for the requests under way before it ends them:
# an answer to a client that never reads never ends, and the stop waited for it.
STOP_WITHIN = 10


@dataclass
class HeadBounds:
    """`seconds` for a request's head; `most` open connections per client (None: no
    bound); `proxies`: peers not counted ("*": none is)."""

    seconds: float = 10.0
    most: int | None = 256
    proxies: str = "127.0.0.1"   # as `--forwarded-allow-ips`: addresses, networks or *
    open: dict[str, int] = field(default_factory=dict)

    def proxy(self, peer: str) -> bool:
        for entry in self.proxies.split(","):
            entry = entry.strip()
            if entry in ("*", peer):
                return True
            with contextlib.suppress(ValueError):
                if ipaddress.ip_address(peer) in ipaddress.ip_network(entry, strict=False):
                    return True
        return False

    def enter(self, peer: str) -> list[str] | None:
        """The keys `peer`'s new connection counts under, or None when one of them is
        full (the connection is to be closed)."""
        if self.most is None or self.proxy(peer):
            return []
        keys = keys_of(client_key(peer))
        if any(self.open.get(key, 0) >= self.most * share for key, share in keys):
            return None
        for key, _share in keys:
            self.open[key] = self.open.get(key, 0) + 1
        return [key for key, _share in keys]

    def leave(self, keys: list[str]) -> None:
        for key in keys:
            count = self.open.pop(key, 0) - 1
            if count > 0:
                self.open[key] = count

    def protocol(self) -> type[asyncio.Protocol]:
        """uvicorn's httptools protocol held to these bounds (the `http` of its config)."""
        bounds = self

        class Bounded(HttpToolsProtocol):
            head_timer: asyncio.TimerHandle | None = None
            counted: list[str] | None = None
            upgraded = False
            heading = False    # a request's head has begun and not ended
            in_message = False   # a request has begun and not ended (head or body)
            framing = 0        # bytes of it read that are not its body (`SLICE`s)
            reading = 0        # bytes of the slice being parsed
            body_read = 0      # ... of them, its body's
            oversized = False  # the head passed HEAD_BYTES: answered so

            def connection_made(self, transport: Any) -> None:
                # an answer's bytes a client does not read wait in the kernel up to this
                # (left to the kernel: megabytes per connection, 256 connections a client)
                with contextlib.suppress(AttributeError, OSError):
                    transport.get_extra_info("socket").setsockopt(
                        socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
                super().connection_made(transport)
                peer = self.client[0] if self.client else None
                counted = [] if peer is None else bounds.enter(peer)
                if counted is None:
                    log.info("%s holds %s connections already; one more closed", peer,
                             bounds.most)
                    transport.close()
                    return
                self.counted = counted
                self.arm()

            def data_received(self, data: bytes) -> None:
                for start in range(0, len(data), SLICE):
                    if self.upgraded or self.transport.is_closing():
                        return   # (uvicorn hands a WebSocket nothing read with its head)
                    self.reading, self.body_read = min(SLICE, len(data) - start), 0
                    super().data_received(data[start:start + SLICE])
                    if self.in_message:   # a head, or a chunked body's framing and
                        # trailers (headers after it, collected as a head's are)
                        self.framing += self.reading - self.body_read
                        if self.framing > HEAD_BYTES:   # and it goes on
                            self.refuse_head()
                            return
                # Bytes that begin no request (a blank line, the rest of a body the
                # answer did not wait for) cancel uvicorn's keep-alive, which is armed
                # again only at the next answer's end: between requests they leave the
                # connection the head's deadline instead of none (it stayed for good).
                if self.head_timer is None and not self.upgraded \
                        and self.timeout_keep_alive_task is None \
                        and (self.cycle is None or self.cycle.response_complete) \
                        and not self.transport.is_closing():
                    self.arm()

            def on_message_begin(self) -> None:
                super().on_message_begin()
                self.heading = self.in_message = True
                self.framing = 0
                if self.head_timer is None:   # the next request on a kept-alive one
                    self.arm()

            def on_headers_complete(self) -> None:
                self.disarm()
                self.heading = False
                if self.framing + self.reading > HEAD_BYTES:   # ended, too late
                    self.oversized = True
                    # the parser stops at it: uvicorn answers it (`send_400_response`)
                    raise HeadTooLarge
                super().on_headers_complete()

            def on_body(self, body: bytes) -> None:
                self.body_read += len(body)
                super().on_body(body)

            def on_message_complete(self) -> None:
                self.in_message = False
                super().on_message_complete()

            def send_400_response(self, msg: str) -> None:
                """uvicorn's answer to a request it cannot read (400), or to a head that
                ended past HEAD_BYTES (`refuse_head`)."""
                if self.oversized:
                    self.refuse_head()
                else:
                    super().send_400_response(msg)

            def refuse_head(self) -> None:
                """A head past HEAD_BYTES is answered 431 (unless an answer to an earlier
                request on the connection is under way: its bytes would mix), and nothing
                more of it is read; so are trailers past it, without an answer (the
                request's own may be under way)."""
                log.info("a request's head from %s passed %s bytes; closed", self.client,
                         HEAD_BYTES)
                if (self.heading or self.oversized) and (
                        self.cycle is None or self.cycle.response_complete):
                    self.transport.write(
                        b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                        b"content-type: application/json\r\nconnection: close\r\n"
                        b"content-length: " + str(len(HEAD_TOO_LARGE)).encode()
                        + b"\r\n\r\n" + HEAD_TOO_LARGE)
                self.transport.close()

            def handle_websocket_upgrade(self) -> None:
                self.upgraded = True   # the connection is the WebSocket protocol's now
                self.release()   # a WebSocket now: the application counts it
                super().handle_websocket_upgrade()

            def connection_lost(self, exc: Exception | None) -> None:
                self.disarm()
                self.release()
                super().connection_lost(exc)

            def arm(self) -> None:
                self.head_timer = self.loop.call_later(bounds.seconds, self.too_slow)

            def disarm(self) -> None:
                if self.head_timer is not None:
                    self.head_timer.cancel()
                    self.head_timer = None

            def release(self) -> None:
                if self.counted is not None:
                    bounds.leave(self.counted)
                    self.counted = None

            def too_slow(self) -> None:
                self.head_timer = None
                if not self.transport.is_closing():
                    self.transport.close()

        return Bounded
