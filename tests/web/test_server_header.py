"""Found by session 33's strangers' pass (h219): every answer of `keizai serve` said
`server: uvicorn`, naming the stack to anyone who asked (no version, but a stranger
learnt what to look up). `keizai serve` runs uvicorn with `server_header=False`: no
answer names a server, over HTTP (a page, the API, a refusal, a static file) or
WebSocket (an opening taken, one refused)."""

from __future__ import annotations

import base64
import os
import socket

import pytest

from tests.web.live_server import LiveServer, http
from tests.web.test_hardening_stall import game


@pytest.mark.parametrize("path", ["/", "/api/catalog", "/api/games/nosuchgame",
                                  "/static/app.js"])
def test_no_http_answer_names_the_server(server: LiveServer, path: str) -> None:
    answer = http().get(f"{server.url}{path}")
    assert answer.status_code in (200, 404)
    assert "server" not in answer.headers, answer.headers


def websocket_opening(server: LiveServer, game_id: str, origin: str) -> bytes:
    """The head of the server's answer to a WebSocket opening to `game_id` from a page
    of `origin`."""
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall((f"GET /ws/games/{game_id} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}"
                      f"\r\nOrigin: {origin}\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                      ).encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            byte = sock.recv(1)
            assert byte, f"closed before the answer's head ended: {answer!r}"
            answer += byte
        return answer


def test_no_websocket_opening_names_the_server(server: LiveServer) -> None:
    game_id = game(server)["id"]
    taken = websocket_opening(server, game_id, server.url)
    assert taken.startswith(b"HTTP/1.1 101"), taken
    refused = websocket_opening(server, game_id, "https://elsewhere.example")
    assert refused.startswith(b"HTTP/1.1 403"), refused
    for head in (taken, refused):
        names = [line.split(b":")[0].strip().lower() for line in head.split(b"\r\n")[1:]]
        assert b"server" not in names, head
