"""What the server's log says when something fails: the game, the error's kind and
where it happened (each frame), never the error's words, which may quote hidden
information: the engine's errors name actions ("'pay:…' is not a legal action now", a
card of a seat's hand), a bot's error the position it was given. Each place that logs
a traceback is made to fail here with an error whose words hold a card of a hand.

Before, every one of them wrote the error's words into the log with its traceback."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest

import keizai
from keizai.web.bots import BotPool
from keizai.web.social import Social
from tests.web.conftest import TestClient, app_of, create, live, portal_of, tables_of

# The words of the errors made here: a card of a seat's hand.
SECRET = "pay:petrochemical_complex_IN_SEAT_1S_HAND"


class HandError(ValueError):
    """An error whose words quote a hand, as the engine's refusals do."""


def failing(*_args: Any, **_kwargs: Any) -> Any:
    raise HandError(f"{SECRET} is not a legal action now")


async def failing_later(*_args: Any, **_kwargs: Any) -> Any:
    failing()


def think_badly(_spec: str, _seed: int, _state: Any) -> str:
    """A bot worker's decision that fails (run in the pool's own process)."""
    raise HandError(f"{SECRET} is not a legal action now")


def _said(caplog: pytest.LogCaptureFixture, *where: str) -> None:
    """The log has the failure's kind and where it happened, not its words."""
    text = caplog.text
    assert "HandError" in text, text
    for frame in where:
        assert f"in {frame}" in text, text
    assert SECRET not in text, text


def _moved(client: TestClient, game: dict[str, Any]) -> Any:
    token = game["seats"][0]["token"]
    view = client.get(f"/api/games/{game['id']}/view", params={"seat": 0},
                      headers={"x-keizai-token": token}).json()
    return client.post(f"/api/games/{game['id']}/actions", json={
        "seat": 0, "token": token, "action": view["legal"][0]["name"]})


def _until(predicate: Any) -> None:
    deadline = time.monotonic() + 20
    while not predicate():
        assert time.monotonic() < deadline, "nothing was logged"
        time.sleep(0.02)


def test_a_failure_after_a_move_logs_no_words(
        client: TestClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """social.py's "after step … of game …" (a turn clock or a rating failed after a
    move was stored)."""
    game = create(client)
    monkeypatch.setattr(Social, "_arm", failing)
    with caplog.at_level(logging.ERROR):
        assert _moved(client, game).status_code == 200
    assert f"after step 1 of game {game['id']}" in caplog.text
    _said(caplog, "failing", "changed")


def test_a_failed_rating_and_catch_up_log_no_words(
        client: TestClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """social.py's "rating game …" and "catching up with game …"."""
    game = create(client)
    social: Social = app_of(client).state.social
    table = tables_of(client).tables[game["id"]]
    monkeypatch.setattr(Social, "_rate", failing)
    monkeypatch.setattr(Social, "reread", failing_later)
    with caplog.at_level(logging.ERROR):
        portal_of(client).call(social._rate_in_thread, table)
        portal_of(client).call(social.noticed, f"social:{game['id']}:names")
        _until(lambda: "catching up" in caplog.text)
    assert f"rating game {game['id']}" in caplog.text
    assert f"catching up with game {game['id']}" in caplog.text
    _said(caplog, "failing", "_rate_in_thread", "failing_later", "_catch_up")


def test_a_failed_write_logs_no_words(
        client: TestClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """table.py's "writing game … failed" and tables.py's "storing a new game failed"."""
    game = create(client)
    store = tables_of(client).store
    monkeypatch.setattr(store, "append", failing_later)
    monkeypatch.setattr(store, "create_game", failing)
    with caplog.at_level(logging.ERROR):
        assert _moved(client, game).status_code == 503
        assert client.post("/api/games", json={
            "game": "futuropia", "seats": ["human", "human"]}).status_code == 503
    assert f"writing game {game['id']} failed" in caplog.text
    assert "storing a new game failed" in caplog.text
    _said(caplog, "failing_later", "_stored", "failing", "create")


def test_a_bot_that_failed_in_its_worker_is_logged_without_its_words(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """bots.py's "bot … failed; a random action is played", in a server (`client`): the
    worker's error comes back with the worker's traceback as its cause's text, words
    and all."""
    state = keizai.new_game("national-economy/mecenat", 2, 5)
    pool = BotPool(1, thinker=think_badly)
    try:
        with caplog.at_level(logging.ERROR):
            name = asyncio.run(pool.choose("random", 1, state))
    finally:
        pool.close()
    assert name in {action.name for action in state.legal_actions()}
    assert "bot random failed" in caplog.text
    _said(caplog, "choose", "think_badly")


def test_a_request_that_fails_and_a_lost_task_error_are_logged_without_words(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """A request that fails (uvicorn logs its traceback, as "Exception in ASGI
    application", under keizai serve) and a task's error nobody retrieved (asyncio logs
    it with the task, whose repr quotes its error), logged as they log them."""
    try:
        failing()
    except HandError as error:
        failed = error

    def lost() -> None:
        future = asyncio.get_running_loop().create_future()
        future.set_exception(failed)
        asyncio.get_running_loop().call_exception_handler({
            "message": "Task exception was never retrieved", "exception": failed,
            "future": future})

    with caplog.at_level(logging.ERROR):
        logging.getLogger("uvicorn.error").error("Exception in ASGI application\n",
                                                 exc_info=failed)
        portal_of(client).call(lost)
    assert "Exception in ASGI application" in caplog.text
    assert "Task exception was never retrieved" in caplog.text
    _said(caplog, "failing")


def test_every_logger_of_the_server_leaves_words_out(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Each module of keizai.web and keizai.store that logs does so to a logger the
    server leaves errors' words out of: a new module's logger would not be."""
    import importlib
    import pkgutil

    import keizai.store
    import keizai.web

    found = set()
    for package in (keizai.web, keizai.store):
        for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            logger = getattr(importlib.import_module(module.name), "log", None)
            if isinstance(logger, logging.Logger):
                found.add(logger.name)
    assert found >= {"keizai.web", "keizai.web.social"}
    try:
        failing()
    except HandError as error:
        failed = error
    with caplog.at_level(logging.ERROR):
        for name in sorted(found):
            logging.getLogger(name).error("failed in %s", name, exc_info=failed)
    assert len(caplog.records) == len(found)
    _said(caplog, "test_every_logger_of_the_server_leaves_words_out")


def test_a_websocket_message_that_fails_is_logged_without_its_words(
        client: TestClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """app.py's WebSocket loop told the client of a failure (internal_error) and logged
    nothing at all: the operator never learned of it. Now it logs the game, the kind and
    where, as the other places do."""
    from keizai.web.table import Table

    game = create(client)
    monkeypatch.setattr(Table, "act", failing_later)
    with caplog.at_level(logging.ERROR), live(client, game, 0) as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "act", "action": "place:quarry"})
        assert ws.receive_json()["error"]["code"] == "internal_error"
    assert f"game {game['id']}: a WebSocket message failed" in caplog.text
    _said(caplog, "failing_later", "receive_loop")
