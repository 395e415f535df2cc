"""Found by the session-31 attack pass (h190): a client wrote the server's log at will.

uvicorn logs a line for each request it finds wrong, whoever sent it: "Unsupported upgrade
request." (a request asking to switch to any protocol but WebSocket: `GET /api/catalog`,
which no budget counts, with `Upgrade: h2c` is answered, and logged), "Invalid HTTP request
received." (a request it cannot parse), and "Invalid UTF-8 sequence received from client."
at ERROR with a traceback (a WebSocket's text frame that is no UTF-8). Measured with
`keizai serve`: 500 warnings in 0.28 s from one client, on and on; a day of it is
gigabytes of log, and an operator finds no real error in it. Each such line is now let
through once a minute at most (`keizai.web.logs.QuietClientNoise`), the next saying how
many were left out meanwhile."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator

import pytest

from keizai.web.logs import CLIENT_NOISE, QuietClientNoise
from tests.web.live_server import LiveServer, http
from tests.web.test_hardening_stall import masked, opened_by_hand

UPGRADE = (b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n"
           b"Upgrade: h2c\r\n\r\n")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    tmp = tmp_path_factory.mktemp("noise")
    live = LiveServer(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log").start()
    yield live
    live.stop()


def sent(server: LiveServer, request: bytes) -> bytes:
    """`request` sent on a connection of its own; the first bytes of the answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request)
        try:
            return sock.recv(64)
        except ConnectionResetError:
            return b""


def not_utf8_on_a_websocket(server: LiveServer, game_id: str) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        opened_by_hand(sock, game_id)
        sock.sendall(masked(0x1, b"\xff\xfe"))
        sock.recv(64)   # its close


def test_what_clients_send_wrong_is_logged_once_not_each_time(server: LiveServer) -> None:
    """100 requests asking for another protocol (each still answered), 30 that are no
    HTTP, 10 WebSocket frames that are no UTF-8: one line of each in the log (before: 100,
    30 and 10 tracebacks)."""
    created = http().post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]})
    assert created.status_code == 201, created.text
    before = server.log_path.read_text(encoding="utf-8", errors="replace")
    for _ in range(100):
        assert sent(server, UPGRADE).startswith(b"HTTP/1.1 200")
    for _ in range(30):
        assert sent(server, b"NOT HTTP AT ALL\r\n\r\n").startswith(b"HTTP/1.1 400")
    for _ in range(10):
        not_utf8_on_a_websocket(server, created.json()["id"])
    time.sleep(0.5)   # written by now
    logged = server.log_path.read_text(encoding="utf-8", errors="replace")[len(before):]
    for line in CLIENT_NOISE:
        assert logged.count(line) <= 1, (line, logged.count(line))
    assert logged.count("Traceback") <= 1


def test_the_next_line_let_through_says_how_many_were_left_out() -> None:
    now = [100.0]
    quiet = QuietClientNoise(every=60.0, clock=lambda: now[0])

    def record(message: str) -> logging.LogRecord:
        return logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, message,
                                 None, None)

    first = record("Unsupported upgrade request.")
    assert quiet.filter(first) and first.getMessage() == "Unsupported upgrade request."
    assert not any(quiet.filter(record("Unsupported upgrade request.")) for _ in range(7))
    assert quiet.filter(record("Invalid HTTP request received."))   # another line: its own
    assert quiet.filter(record("Started server process"))           # not a client's: all
    assert quiet.filter(record("Started server process"))
    now[0] += 61
    later = record("Unsupported upgrade request.")
    assert quiet.filter(later)
    assert "7" in later.getMessage() and later.getMessage().startswith(
        "Unsupported upgrade request.")
