"""A bot that fails or overruns its bound is logged with its game's id: the line said
"bot random failed; a random action is played" alone, and an operator reading it could
not find the game (a bug in a bot shows in one position, which the game's record
replays)."""

from __future__ import annotations

import logging
import time
from concurrent.futures import Executor, ThreadPoolExecutor

import pytest

from keizai.engine import State
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.bots import BotPool
from tests.web.conftest import TestClient, create


def _fails(_spec: str, _seed: int, _state: State) -> str:
    """A bot's decision that fails in its worker."""
    raise ValueError("no decision")


class ThreadedPool(BotPool):
    """The server's pool with a worker thread for its process (none to start)."""

    def __init__(self) -> None:
        super().__init__(1, thinker=_fails)
        self.thread = ThreadPoolExecutor(1)

    def _pool(self) -> Executor:   # type: ignore[override]
        return self.thread

    def reset(self, wait: bool = False) -> None:
        self.thread.shutdown(wait=wait)


def test_a_failing_bot_is_logged_with_its_game(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(db_url, limits=Limits.off(), pool=ThreadedPool())
    with caplog.at_level(logging.ERROR), TestClient(app) as client:
        game = create(client, seats=["random", "human"])
        deadline = time.monotonic() + 30
        while client.get(f"/api/games/{game['id']}").json()["step"] == 0:
            assert time.monotonic() < deadline, "the bot's random move never came"
            time.sleep(0.05)
    assert f"game {game['id']}: bot random failed; a random action is played" \
        in caplog.text
