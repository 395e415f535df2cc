"""Found by the session-31 attack pass (h190): a client that went away while its request's
body was on its way had the server log an error with its whole traceback.

The API reads a body (`keizai.web.app.read_json`) until it has arrived; a client that
closes its connection before makes Starlette raise `ClientDisconnect`, which nothing
caught: uvicorn logged "Exception in ASGI application" at ERROR with 67 lines of
traceback (5 KB), for every such request. A browser closing its tab during a move does
it by chance; a client doing it on purpose wrote that at the act budget's 15 requests a
second (75 KB/s, 6.5 GB a day from one address) and buried the log's real errors. Now
such a request ends quietly: nobody is left to answer."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from tests.web.live_server import LiveServer, http

REQUESTS = [
    b"POST /api/games/000000000000/actions HTTP/1.1\r\n",   # the game's routes
    b"POST /api/games HTTP/1.1\r\n",
    b"POST /api/account/login HTTP/1.1\r\n",                # and the social ones
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    tmp = tmp_path_factory.mktemp("disconnects")
    live = LiveServer(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log").start()
    yield live
    live.stop()


def gone_during_its_body(server: LiveServer, line: bytes) -> None:
    """`line`'s request with a body of 100 bytes announced and 5 sent, then closed."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(line + b"Host: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"a\":")
        time.sleep(0.2)   # the application is reading the body by now


@pytest.mark.parametrize("line", REQUESTS, ids=["actions", "create", "login"])
def test_a_client_gone_during_its_body_is_no_error_in_the_log(
        server: LiveServer, line: bytes) -> None:
    before = server.log_path.read_text(encoding="utf-8", errors="replace")
    for _ in range(3):
        gone_during_its_body(server, line)
    assert http().get(f"{server.url}/api/catalog").status_code == 200   # still serving
    time.sleep(0.5)   # what the server logs of them has been written
    logged = server.log_path.read_text(encoding="utf-8", errors="replace")[len(before):]
    assert "Traceback" not in logged and "ERROR" not in logged, logged[:2000]
