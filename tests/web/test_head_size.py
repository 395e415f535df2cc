"""Found by the session-31 attack pass (h190): a request's head of any size was taken
whole into the server's memory.

uvicorn's httptools protocol (the one `keizai serve` runs, `keizai.web.heads`) bounds
neither a request line nor its headers: it collects them until the head ends. The
head's deadline (10 s) bounded how long, not how much: one connection sending header
lines as fast as it could, over loopback, had 1 GB taken in 3 s, and the server grew
from 93 MB to 1.1 GB (`keizai serve` on SQLite, its RSS); a client holds 256 such
connections. Now a head past `HEAD_BYTES` is answered 431 and its connection closed
as soon as it is read."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator

import pytest

from keizai.web.heads import HEAD_BYTES, SLICE
from tests.web.live_server import LiveServer

CATALOG = b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n"
LINE = b"X-Filler: " + b"a" * 1000 + b"\r\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """`keizai serve` with its default limits (its own HTTP protocol)."""
    tmp = tmp_path_factory.mktemp("heads")
    live = LiveServer(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log",
                      extra=("--forwarded-allow-ips", "192.0.2.1")).start()
    yield live
    live.stop()


def answer_to(server: LiveServer, request: bytes) -> bytes:
    """What the server answers `request` with, up to its close (or 20 s)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(request)
        got = b""
        try:
            while data := sock.recv(65536):
                got += data
                if b"\r\n\r\n" in got and (b"connection: close" in got.lower()
                                           or b"content-length" in got.lower()):
                    head, _, body = got.partition(b"\r\n\r\n")
                    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                                   if line.lower().startswith(b"content-length:")), None)
                    if length is not None and len(body) >= length:
                        break
        except (TimeoutError, ConnectionResetError):
            pass
        return got


def status_of(answer: bytes) -> int | None:
    return int(answer.split(b" ")[1]) if answer.startswith(b"HTTP/1.1 ") else None


def test_a_head_past_the_bound_is_refused(server: LiveServer) -> None:
    """Headers a little past `HEAD_BYTES`: 431 (before: the server waited for more, then
    closed the connection at the head's deadline without a word)."""
    lines = HEAD_BYTES // len(LINE) + 2
    answer = answer_to(server, CATALOG + LINE * lines + b"\r\n")
    assert status_of(answer) == 431, answer[:200]
    body = json.loads(answer.partition(b"\r\n\r\n")[2])
    assert body["error"]["code"] == "too_large"


@pytest.mark.parametrize("head", [
    b"GET /api/catalog?" + b"x" * HEAD_BYTES + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    CATALOG + b"Cookie: " + b"c" * HEAD_BYTES + b"\r\n\r\n",
], ids=["an-address", "one-header"])
def test_one_long_part_of_a_head_is_refused(server: LiveServer, head: bytes) -> None:
    """One request line, or one header, longer than the bound: refused as well (the
    parser collects a header's pieces before it hands the header on)."""
    assert status_of(answer_to(server, head)) == 431


def test_a_head_that_never_ends_is_not_taken_whole(server: LiveServer) -> None:
    """Header lines sent without end: the server stops taking them (its side closed)
    long before 256 MB have gone (before: every byte taken, 1 GB in 3 s)."""
    chunk = LINE * 64
    sent = 0
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(CATALOG)
        with pytest.raises(OSError):   # a broken pipe, or the connection reset
            while sent < 256 * 1024 * 1024:
                sock.sendall(chunk)
                sent += len(chunk)
    assert sent < 32 * 1024 * 1024, sent


def test_a_head_within_the_bound_and_a_body_beyond_it_are_answered(
        server: LiveServer) -> None:
    """Headers below the bound (less the slice it is counted in), and a request whose
    body arrives with its head in one piece (a body is no head): answered as before."""
    lines = (HEAD_BYTES - SLICE - len(CATALOG) - 2) // len(LINE)   # counted in slices
    assert status_of(answer_to(server, CATALOG + LINE * lines + b"\r\n")) == 200
    body = json.dumps({"game": "no-such-game", "seats": ["human"],
                       "padding": "p" * (HEAD_BYTES + 1000)}).encode()
    post = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    assert len(body) < 64 * 1024   # within the API's bound on bodies
    assert status_of(answer_to(server, post)) == 400


CHUNKED = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
           b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")


def test_trailers_that_never_end_are_not_taken_whole(server: LiveServer) -> None:
    """A chunked body's last chunk, then trailer lines (headers after the body) without
    end: parsed and kept as a head's are, so bounded as one (before: every byte taken,
    500 MB in 2 s, the server at 611 MB)."""
    chunk = LINE * 64
    sent = 0
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(CHUNKED + b"2\r\n{}\r\n0\r\n")
        with pytest.raises(OSError):   # a broken pipe, or the connection reset
            while sent < 256 * 1024 * 1024:
                sock.sendall(chunk)
                sent += len(chunk)
    assert sent < 32 * 1024 * 1024, sent


def test_a_chunked_body_and_its_trailer_are_answered(server: LiveServer) -> None:
    """A chunked body of 64 pieces and a short trailer: answered as before (the API reads
    the body: an unknown game)."""
    body = json.dumps({"game": "no-such-game", "seats": ["human"],
                       "padding": "p" * 60_000}).encode()
    pieces = [body[at:at + 1000] for at in range(0, len(body), 1000)]
    chunked = b"".join(f"{len(piece):x}\r\n".encode() + piece + b"\r\n" for piece in pieces)
    answer = answer_to(server, CHUNKED + chunked + b"0\r\nX-Checksum: 1\r\n\r\n")
    assert status_of(answer) == 400, answer[:300]
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["code"] == "unknown_game"
