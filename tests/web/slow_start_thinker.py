"""A bot thinker for tests/web/test_bot_worker_start.py whose module, imported in a bot
worker, starts no sooner than the test opens its gate (a file named by
KEIZAI_TEST_START_GATE): a worker's start as slow as the test wants, a loaded machine's."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

from keizai.engine import State

GATE = "KEIZAI_TEST_START_GATE"

if multiprocessing.parent_process() is not None and os.environ.get(GATE):
    while not Path(os.environ[GATE]).exists():
        time.sleep(0.01)


def answers(spec: str, seed: int, state: State) -> str:
    """In a worker: the last legal action, at once (a random move's is another)."""
    return state.legal_actions()[-1].name
