"""Found by the session-31 attack pass (h190): a connection that sent a byte or two
after its request was answered stayed open for good, without a request under way.

uvicorn's keep-alive closes an idle connection 5 s after an answer, but any bytes that
arrive cancel it, and it is armed again only when the next answer is complete; the head's
deadline (`keizai.web.heads`) is armed when the next request's first byte begins a
message. Bytes that begin none left the connection with neither: a bare CRLF after the
answer to `GET /api/catalog` (which no budget counts; HTTP parsers skip blank lines
between requests), or the rest of a body the application answered without reading (a
GET's `Content-Length`, a refused POST's), or that body whole after the answer. Measured
with `keizai serve`: open after 60 s, against 5 s for a connection that sends nothing and
10 s for one that begins a request; a client held its 256 connections so at no cost at all.
Now such bytes arm the head's deadline (`--head-timeout`), and the connection is closed
unless a request's head arrives in time."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import pytest

from tests.web.live_server import LiveServer, http
from tests.web.test_hardening_stall import hello_by_hand, masked

# Seconds for a request's head (`keizai serve --head-timeout`): the tests wait for it.
HEAD_TIMEOUT = 2.0
# How long a test waits for a close that should come at HEAD_TIMEOUT: long enough that
# the keep-alive (5 s) would have closed an idle connection, and that a slow machine's
# close is not taken for none.
PATIENCE = 15.0
CATALOG = b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The default limits, but a request's head's HEAD_TIMEOUT; 127.0.0.1 a client like
    any other (not the proxy)."""
    tmp = tmp_path_factory.mktemp("after-answers")
    live = LiveServer(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log",
                      extra=("--forwarded-allow-ips", "192.0.2.1",
                             "--head-timeout", str(HEAD_TIMEOUT))).start()
    yield live
    live.stop()


def answered(server: LiveServer, request: bytes) -> socket.socket:
    """A connection whose `request` was sent and its whole answer read (JSON of the
    length its `content-length` says)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE)
    sock.sendall(request)
    got = b""
    while b"\r\n\r\n" not in got:
        got += sock.recv(65536)
    head, _, body = got.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 "), head
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(65536)
    return sock


def closed_within(sock: socket.socket) -> float | None:
    """Seconds until the server closed `sock` (None: still open after PATIENCE)."""
    start = time.monotonic()
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return time.monotonic() - start


@pytest.mark.parametrize(("request_head", "after"), [
    (CATALOG + b"\r\n", b"\r\n"),                              # a blank line
    (CATALOG + b"Content-Length: 100\r\n\r\n", b"x"),          # a body not read, in part
    (CATALOG + b"Content-Length: 2\r\n\r\n", b"{}"),           # ... whole, after the answer
    (b"POST /api/games/000000000000/seats/0/claim HTTP/1.1\r\nHost: 127.0.0.1\r\n"
     b"Content-Type: text/plain\r\nContent-Length: 100\r\n\r\n", b"x" * 10),
], ids=["blank-line", "part-of-a-body", "a-whole-body", "a-refused-claim's-body"])
def test_bytes_after_an_answer_leave_the_connection_its_deadline(
        server: LiveServer, request_head: bytes, after: bytes) -> None:
    """Bytes after the answer that begin no request: closed once the head's time has
    passed (before: open after 15 s, for good)."""
    sock = answered(server, request_head)
    with sock:
        sock.sendall(after)
        waited = closed_within(sock)
        assert waited is not None, f"open after {PATIENCE:g} s"
        assert waited < HEAD_TIMEOUT + 3, waited


def test_a_request_after_a_blank_line_is_still_answered(server: LiveServer) -> None:
    """A client may send a blank line between two requests on one connection: the next
    one, in time, is answered as before."""
    sock = answered(server, CATALOG + b"\r\n")
    with sock:
        sock.sendall(b"\r\n")
        time.sleep(HEAD_TIMEOUT / 4)
        sock.sendall(CATALOG + b"\r\n")
        assert sock.recv(12) == b"HTTP/1.1 200"


def test_a_websocket_outlives_the_head_s_deadline(server: LiveServer) -> None:
    """A WebSocket is no request waiting for its head: open past the head's time, it is
    still answered (a ping message, its pong)."""
    created = http().post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]})
    assert created.status_code == 201, created.text
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE)
    with sock:
        hello_by_hand(sock, created.json()['id'])
        got = b""
        while b'"type":"state"' not in got:
            data = sock.recv(65536)
            assert data, f"closed: {got!r}"
            got += data
        time.sleep(HEAD_TIMEOUT + 1.5)
        sock.sendall(masked(0x1, json.dumps({"type": "ping"}).encode()))
        got = b""
        while b'"type":"pong"' not in got:
            data = sock.recv(65536)
            assert data, "closed"
            got += data
