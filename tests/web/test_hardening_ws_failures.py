"""A WebSocket whose message or opening fails for a reason the server did not foresee
(a bug: a RuntimeError as well as any other) is logged with the game's id and without
the error's words (keizai.web.logs: they may quote a hand's card), and the client is
told `internal_error`. Before, a RuntimeError in a move was taken for the client going
away: the connection just closed and nothing was logged; a failure while opening one
closed it without a word to the client."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from keizai.web.table import Table
from tests.web.conftest import TestClient, create, hello

SECRET = "SECRET_CARD_IN_A_HAND"


def _failing(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError(f"the hand holds {SECRET}")


def _logged(caplog: pytest.LogCaptureFixture, game_id: str, what: str) -> None:
    lines = [r.getMessage() for r in caplog.records if r.name == "keizai.web"]
    assert f"game {game_id}: {what}" in lines
    assert "RuntimeError" in caplog.text and SECRET not in caplog.text


def test_a_message_that_fails_is_logged_and_answered(
        client: TestClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = create(client)
    with caplog.at_level(logging.ERROR), \
            client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        ws.send_json(hello(0, game["seats"][0]["token"]))
        assert ws.receive_json()["type"] == "state"
        monkeypatch.setattr(Table, "act", _failing)
        ws.send_json({"type": "act", "action": "pass", "step": 0})
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"]["code"] == "internal_error"
        assert SECRET not in str(error)
        ws.send_json({"type": "ping"})   # the connection stays
        assert ws.receive_json() == {"type": "pong"}
    _logged(caplog, game["id"], "a WebSocket message failed")
    assert client.get(f"/api/games/{game['id']}").json()["step"] == 0


def test_an_opening_that_fails_is_logged_and_refused(
        client: TestClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = create(client)
    monkeypatch.setattr(Table, "opened", _failing)
    with caplog.at_level(logging.ERROR), \
            client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        ws.send_json(hello(0, game["seats"][0]["token"]))
        error = ws.receive_json()
        assert error["error"]["code"] == "internal_error" and SECRET not in str(error)
        assert ws.receive()["type"] == "websocket.close"
    _logged(caplog, game["id"], "a WebSocket failed")
