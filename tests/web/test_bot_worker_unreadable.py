"""A state a bot worker cannot read is logged once, through the server's log filters.

Found by session 32's strangers' pass (h199), following a bot worker's crash: a state
the worker failed to unpickle (a keizai changed under the running server, as session
31's shared tree did to its test servers) was read by the process pool's own machinery,
outside the decision. The worker died writing its traceback to stderr, past the log's
filters, with the error's words (here a card of a hand), and the server logged a second
line that said only that the pool broke (no frame of the worker), and replaced every
worker. The worker now reads the state inside the decision (`keizai.web.bots.decide`):
its error is the decision's, logged once with the worker's frames and without its
words, and the worker lives on."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

import keizai
from keizai.web.bots import BotPool, think
from keizai.web.logs import guard_server_logs
from tests.web.test_log_words import SECRET, HandError


def _unreadable() -> Any:
    """What unpickling `Unreadable` calls, in the worker."""
    raise HandError(f"{SECRET} is not a card this keizai has")


class Unreadable:
    """A part of a state that the worker fails to unpickle, quoting a hand."""

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (_unreadable, ())


def test_a_state_its_worker_cannot_read_is_logged_once_without_its_words(
        caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]) -> None:
    guard_server_logs()   # as the server's start does
    state = keizai.new_game("national-economy/mecenat", 2, 5)
    readable = keizai.new_game("national-economy/mecenat", 2, 5)
    state.options["unreadable"] = Unreadable()
    pool = BotPool(1, thinker=think)
    try:
        with caplog.at_level(logging.ERROR):
            name = asyncio.run(pool.choose("random", 1, state, game="G1"))
            # the same workers decide the next state they can read
            workers = pool._executor
            assert asyncio.run(pool.choose("random", 1, readable, game="G1")) in {
                action.name for action in readable.legal_actions()}
            kept = pool._executor is workers
    finally:
        pool.close()
    assert name in {action.name for action in state.legal_actions()}
    failures = [r for r in caplog.records if "bot random failed" in r.getMessage()]
    assert len(failures) == 1, caplog.text
    assert "game G1: bot random failed; a random action is played" in caplog.text
    # where it failed, in the worker: the unpickling of the state
    assert "in _unreadable" in caplog.text and "HandError" in caplog.text, caplog.text
    assert SECRET not in caplog.text
    err = capfd.readouterr().err
    assert SECRET not in err and "Traceback" not in err, err
    assert kept
