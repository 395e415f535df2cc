"""A page opening a game's WebSocket while the database is down is told to try again
(close 1013), and the page reconnects until the database is back. Before, a seat whose
link was opened for the first time, or taken back from the bot it was handed to, was
refused with 4400, which the page takes for a bad request and stops reconnecting for
good (the player had to reload); and a game not held in memory dropped the socket
without a close frame while the server logged two tracebacks per attempt."""

from __future__ import annotations

import warnings

import pytest

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import postgres_control, unavailable_reason
from tests.web.conftest import hello, tables_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
TRY_AGAIN_LATER = 1013   # RFC 6455; the page reconnects (live.js REFUSED has 44xx only)


def close_code(client: TestClient, game: dict, seat: int) -> int:
    """The close code of a WebSocket that says hello as `seat` and reads until closed."""
    with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        ws.send_json(hello(seat, game["seats"][seat]["token"]))
        try:
            for _ in range(10):
                message = ws.receive_json()
                assert message.get("type") != "state", message   # not let in
        except WebSocketDisconnect as closed:
            return closed.code
    raise AssertionError("not closed")


def test_a_websocket_opened_while_the_database_is_down_is_told_to_try_again() -> None:
    with postgres_control() as server, TestClient(
            create_app(server.url, bot_workers=1, limits=Limits.off()),
            raise_server_exceptions=False) as client:
        body = {"game": "national-economy/progress", "seats": ["human", "human"]}
        held = client.post("/api/games", json=body).json()
        dropped = client.post("/api/games", json=body).json()
        tables_of(client).tables.pop(dropped["id"])   # not in memory: loaded
        server.stop()
        try:
            # seat 0's link opened for the first time: its claim is written
            assert close_code(client, held, 0) == TRY_AGAIN_LATER   # before: 4400
            assert close_code(client, dropped, 0) == TRY_AGAIN_LATER   # before: no frame
        finally:
            server.start()
        # the database back, the same page's reconnection is let in
        with client.websocket_connect(f"/ws/games/{held['id']}") as ws:
            ws.send_json(hello(0, held["seats"][0]["token"]))
            message = ws.receive_json()
            if message.get("type") == "error":   # the pool's dead connection, once
                assert message["error"]["code"] == "storage_error"
        for game in (held, dropped):
            with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
                ws.send_json(hello(0, game["seats"][0]["token"]))
                assert ws.receive_json()["type"] == "state"
