"""Two server processes (two apps) on one PostgreSQL and a game's bot move: the process
that made the change before it decides it; the other, which holds the game too, moves it
only when no process has marked its bot deciding it for BOT_TAKEOVER seconds. Before, the
other process thought too once BOT_TAKEOVER seconds had passed without a move, though the
first was merely slow (a busy pool): one of the two decisions was thrown away."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai import new_game
from keizai.store import Store
from keizai.web import create_app
from keizai.web import tables as tables_module
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.test_hardening_bots import GAME, ThreadPool

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
TAKEOVER, MARK, THINK = 1.0, 0.2, 3.0   # seconds


def human_first() -> int:
    return next(s for s in range(100) if new_game(GAME, 2, s).current_player == 0)


@pytest.fixture(autouse=True)
def quick(monkeypatch: Any) -> None:
    monkeypatch.setattr(tables_module, "BOT_TAKEOVER", TAKEOVER)
    monkeypatch.setattr(tables_module, "THINKING_MARK", MARK)


def a_game_whose_bot_thinks_on_the_first(first: TestClient, *others: TestClient) -> str:
    """A game held by all; its person moves on the first, whose bot then thinks THINK s."""
    return a_game_moved_on_the_first(first, *others)[0]


def a_game_moved_on_the_first(first: TestClient, *others: TestClient) -> tuple[str, str]:
    """A person's game held by all, the person's first move made on the first (whose bot
    then decides the next): its id and the person's token."""
    created = first.post("/api/games", json={"game": GAME, "seats": ["human", "random"],
                                              "seed": human_first()}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    for other in others:
        assert other.get(f"/api/games/{game_id}").status_code == 200   # held there too
    view = first.get(f"/api/games/{game_id}/view", params={"seat": 0},
                     headers={"x-keizai-token": token}).json()
    moved = first.post(f"/api/games/{game_id}/actions", json={
        "seat": 0, "token": token, "action": view["legal"][0]["name"]})
    assert moved.status_code == 200, moved.text
    return game_id, token



def moved(store: Store, game_id: str, actions: int, seconds: float) -> bool:
    """Whether the game has `actions` stored actions within `seconds`."""
    deadline = time.monotonic() + seconds
    while store.action_count(game_id) < actions and time.monotonic() < deadline:
        time.sleep(0.05)
    return store.action_count(game_id) >= actions


def first_started(pool: ThreadPool, seconds: float) -> None:
    """Waits up to `seconds` for `pool` to start its first decision."""
    deadline = time.monotonic() + seconds
    while not pool.started and time.monotonic() < deadline:
        time.sleep(0.02)

def test_a_slow_bot_is_not_decided_twice(own_database: str) -> None:
    slow, other = ThreadPool(THINK), ThreadPool(0.0)
    with TestClient(create_app(own_database, pool=slow, limits=Limits.off())) as first, \
            TestClient(create_app(own_database, pool=other, limits=Limits.off())) as second:
        game_id = a_game_whose_bot_thinks_on_the_first(first, second)
        time.sleep(THINK + TAKEOVER)
        assert len(slow.started) >= 1
        assert other.started == []   # before: it decided the same move after TAKEOVER s
        store = Store(own_database)
        assert store.action_count(game_id) >= 2
        store.close()


def test_a_bot_left_by_a_process_that_stopped_is_moved_by_another(own_database: str) -> None:
    """The first process goes away while its bot thinks: its marks stop, and the second
    moves the bot once the last mark is TAKEOVER seconds old."""
    slow, other = ThreadPool(THINK), ThreadPool(0.0)
    with TestClient(create_app(own_database, pool=other, limits=Limits.off())) as second:
        with TestClient(create_app(own_database, pool=slow, limits=Limits.off())) as first:
            game_id = a_game_whose_bot_thinks_on_the_first(first, second)
            time.sleep(3 * MARK)
        stopped = time.monotonic()
        first_started(other, 10 * TAKEOVER)
        assert other.started
        assert other.started[0][1] - stopped < 2 * TAKEOVER + 1.0
        store = Store(own_database)
        assert moved(store, game_id, 2, 10)
        store.close()


class StepPool(ThreadPool):
    """Notes the step of each position it decides."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.steps: list[int] = []

    def think(self, spec: str, seed: int, state: Any) -> str:
        self.steps.append(len(state.history))
        return super().think(spec, seed, state)


def test_of_two_processes_taking_over_one_decides(own_database: str) -> None:
    """Three processes hold the game; the one whose bot thinks goes away: one of the
    other two decides the move (before: both, at the same moment)."""
    slow, others = ThreadPool(THINK), [StepPool(0.5), StepPool(0.5)]
    apps = [create_app(own_database, pool=pool, limits=Limits.off()) for pool in others]
    with TestClient(apps[0]) as second, TestClient(apps[1]) as third:
        with TestClient(create_app(own_database, pool=slow, limits=Limits.off())) as first:
            game_id = a_game_whose_bot_thinks_on_the_first(first, second, third)
            time.sleep(3 * MARK)
        store = Store(own_database)
        moved(store, game_id, 2, 10 * TAKEOVER)   # the decisions are read below
        time.sleep(2 * TAKEOVER)
        store.close()
        decided = sorted(others[0].steps + others[1].steps)
        assert decided[:1] == [1]
        assert decided.count(1) == 1, decided


def test_a_bot_left_by_a_process_that_stopped_is_moved_where_the_game_is_opened(
        own_database: str) -> None:
    """The process deciding a bot's move goes away, and no other process held the game:
    the process where it is opened next (the player's page reconnecting elsewhere) moves
    the bot. Before, only a restart resumed it: the player waited for good."""
    slow, other = ThreadPool(THINK), ThreadPool(0.0)
    with TestClient(create_app(own_database, pool=other, limits=Limits.off())) as second:
        with TestClient(create_app(own_database, pool=slow, limits=Limits.off())) as first:
            game_id = a_game_whose_bot_thinks_on_the_first(first)
            time.sleep(3 * MARK)
        assert second.get(f"/api/games/{game_id}").json()["step"] == 1   # opened here
        store = Store(own_database)
        assert moved(store, game_id, 2, 10 * TAKEOVER)   # before: 1
        assert other.started
        store.close()
