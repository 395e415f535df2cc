"""Found by the session-27 attack pass: a WebSocket client that stops reading kept its
connection, and kept `keizai serve` from stopping.

Every way uvicorn closes a WebSocket (its keepalive's ping unanswered, the server
stopping, the application's close) closes the transport gracefully: it waits until what
is buffered for the client has been sent. A client that never reads takes nothing, and
its kernel keeps answering the server's probes of its zero window, so that never came:
measured with `keizai serve` and a spectator of a game of bots that stopped reading, the
server's side of the connection was still open with 190 KB queued 90 s later (the
keepalive was to close it within 40 s), and a clean stop (SIGTERM) did not end in 120 s,
waiting for it, until the client went away. Now a WebSocket being closed is given
`keizai.web.frames.FLUSH_WITHIN` seconds to take what is left, then dropped."""

from __future__ import annotations

import socket
import time

from keizai.web.frames import FLUSH_WITHIN
from tests.web.live_server import LiveServer, http
from tests.web.test_hardening_stall import hello_by_hand


def test_a_clean_stop_does_not_wait_for_a_client_that_never_reads(tmp_path) -> None:
    # the default limits: `keizai serve` runs its own WebSocket protocol with them
    live = LiveServer(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log",
                      extra=("--chosen-seeds",)).start()
    sock = socket.socket()
    try:
        created = http().post(f"{live.url}/api/games", json={
            "game": "futuropia", "seats": ["random"] * 4, "seed": 2})
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.settimeout(20)
        sock.connect(("127.0.0.1", live.port))
        hello_by_hand(sock, game_id)   # and never read again
        deadline = time.monotonic() + 60
        while http().get(f"{live.url}/api/games/{game_id}").json()["step"] < 150:
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.1)   # far more than both sockets' buffers is waiting for it
        live.assert_stops_within(FLUSH_WITHIN + 20)   # while a client does not read
    finally:
        sock.close()
        live.stop()
