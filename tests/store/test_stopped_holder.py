"""A server process stopped in the middle of a transaction (SIGSTOP, a paused virtual
machine, a host cut off from the network) keeps its locks: on PostgreSQL the other
processes' writes to that game waited for as long as it stayed stopped, each holding a
thread. The store's sessions now give up a lock they waited for 5 s (`lock_timeout`), and
PostgreSQL ends a session of the store that stays idle in a transaction for 10 s
(`idle_in_transaction_session_timeout`), whose locks go with it."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import keizai
from keizai.store import SeatRow, Store
from tests.postgres import new_database, unavailable_reason
from tests.store.rows import loaded

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")

# A process of keizai's store that locks a game's row as its writes do, then stops.
HOLDER = r"""
import os, signal, sys
from sqlalchemy import select
from keizai.store import Store
from keizai.store.db import games, transaction
store = Store(sys.argv[1])
try:
    with transaction(store.engine) as conn:
        conn.execute(select(games.c.version).where(games.c.id == sys.argv[2])
                     .with_for_update())
        print("locked", flush=True)
        os.kill(os.getpid(), signal.SIGSTOP)
        conn.execute(select(games.c.version).where(games.c.id == sys.argv[2]))
        print("committed", flush=True)
except Exception as error:
    print("failed", type(error).__name__, flush=True)
"""


@contextmanager
def stopped_holder(url: str, game_id: str) -> Iterator[subprocess.Popen[str]]:
    """A store process holding `game_id`'s row lock, stopped; resumed (or killed) after."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, url, game_id],
                              stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "locked"
        yield holder
    finally:
        if holder.poll() is None:
            holder.send_signal(signal.SIGCONT)
            try:
                holder.wait(10)
            except subprocess.TimeoutExpired:
                holder.kill()


def answer_within(seconds: float, call: Callable[[], Any]) -> tuple[bool, Any]:
    """(whether `call` returned or raised within `seconds`, what it returned or raised);
    a call still waiting then is left to finish in its thread."""
    answer: list[Any] = []

    def run() -> None:
        try:
            answer.append(call())
        except Exception as error:
            answer.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    return (not thread.is_alive(), answer[0] if answer else None)


def new_game(store: Store) -> tuple[str, str]:
    """A stored two-player game; its id and its first move."""
    state = keizai.new_game("national-economy/progress", 2, seed=1)
    game_id = secrets.token_hex(6)
    store.create_game(game_id, state.record(), "host",
                      [SeatRow(i, "human", None, f"token-{i}", True) for i in range(2)])
    return game_id, state.legal_actions()[0].name


def test_a_write_waiting_for_a_stopped_process_s_lock_gives_up_and_the_lock_ends(
        postgres_url: str) -> None:
    url = new_database(postgres_url, "holder")
    store = Store(url)
    try:
        locked, move = new_game(store)
        other, other_move = new_game(store)
        with stopped_holder(url, locked) as holder:
            start = time.monotonic()
            answered, error = answer_within(15, lambda: store.append_action(locked, 0, move))
            # Before: still waiting after 15 s (for as long as the holder stays stopped).
            assert answered, "a write waited for a stopped process's lock"
            assert isinstance(error, Exception), error
            assert "lock" in str(error).lower()
            assert time.monotonic() - start < 12
            assert store.append_action(other, 0, other_move) == 1   # other games go on
            # PostgreSQL ends the stopped session: the game takes moves again.
            deadline = time.monotonic() + 20
            while True:
                answered, version = answer_within(10, lambda: store.append_action(
                    locked, 0, move))
                if answered and version == 1:
                    break
                assert time.monotonic() < deadline, version
                time.sleep(0.5)
            holder.send_signal(signal.SIGCONT)
            out, _ = holder.communicate(timeout=10)
            assert out.split()[:1] == ["failed"]   # its transaction was not committed
        assert loaded(store, locked).actions == [move]
    finally:
        store.close()
