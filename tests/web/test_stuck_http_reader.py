"""Found by the session-27 attack pass: an HTTP client that never reads its answers
held megabytes of the machine's memory per connection, and kept `keizai serve` from
stopping.

One connection sending 30 requests for the Japanese catalogue (136 KB each, not
compressed: the client does not ask for gzip) at once and never reading: the kernel
kept 2.8 MB queued for it (a WebSocket's send buffer was bounded in session 21, an HTTP
connection's was not; a client may hold 256 connections), and a clean stop (SIGTERM)
had not ended after 40 s, waiting for the answer under way to be sent. Now an HTTP
connection's send buffer is bounded as a WebSocket's is (`frames.SEND_BUFFER`), and a
stop waits `STOP_WITHIN` seconds for the requests under way, then ends them."""

from __future__ import annotations

import socket
import subprocess
import time

from keizai.web.heads import STOP_WITHIN
from tests.web.live_server import LiveServer


def queued_for(port: int, client_port: int) -> int:
    """Bytes the server's socket of that connection holds unsent (`ss`)."""
    out = subprocess.run(["ss", "-tnH", f"( sport = :{port} and dport = :{client_port} )"],
                         capture_output=True, text=True, check=True).stdout.split()
    return int(out[2]) if out else 0


def test_a_client_that_never_reads_its_answers_holds_little_and_stops_nothing(
        tmp_path) -> None:
    live = LiveServer(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log",
                      extra=()).start()
    sock = socket.socket()
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", live.port))
        sock.sendall(b"GET /i18n/ja.json HTTP/1.1\r\nHost: keizai\r\n\r\n" * 30)
        client_port = sock.getsockname()[1]
        most = 0
        for _ in range(30):   # three seconds: the server writes what it can meanwhile
            most = max(most, queued_for(live.port, client_port))
            time.sleep(0.1)
        assert 0 < most <= 600_000, most
        live.assert_stops_within(STOP_WITHIN + 20)   # while a client does not read
    finally:
        sock.close()
        live.stop()
