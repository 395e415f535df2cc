"""Found by the session-13 attack pass: anyone may start games of bots alone, and their
decisions queued first come, first served in the one bot pool, so two such games made
the bots people play against answer seconds late. A game with a person in it now goes
first; a game of bots alone waits while such a game waits."""

from __future__ import annotations

import asyncio
import time

from fastapi.testclient import TestClient

from keizai.agents import make_agent
from keizai.engine import State
from keizai.web import create_app
from keizai.web.bots import Slots
from tests.web.conftest import create, portal_of, tables_of


def test_a_game_with_a_person_is_served_before_games_of_bots_alone() -> None:
    async def scenario() -> list[str]:
        slots = Slots(1)
        served: list[str] = []

        async def decide(name: str, background: bool) -> None:
            await slots.acquire(background)
            served.append(name)
            await asyncio.sleep(0.01)
            slots.release()

        await slots.acquire(True)   # a game of bots alone is thinking
        waiting = [asyncio.create_task(decide("bots 1", True)),
                   asyncio.create_task(decide("bots 2", True))]
        await asyncio.sleep(0)
        waiting.append(asyncio.create_task(decide("person", False)))
        await asyncio.sleep(0)
        slots.release()
        await asyncio.gather(*waiting)
        return served

    assert asyncio.run(scenario()) == ["person", "bots 1", "bots 2"]


def test_a_waiter_that_gives_up_hands_its_turn_on() -> None:
    async def scenario() -> list[str]:
        slots = Slots(1)
        served: list[str] = []
        await slots.acquire()
        quitter = asyncio.create_task(slots.acquire())
        later = asyncio.create_task(slots.acquire(True))
        await asyncio.sleep(0)
        quitter.cancel()
        await asyncio.sleep(0)
        slots.release()
        await asyncio.wait_for(later, 1)
        served.append("later")
        assert slots.free == 0
        slots.release()
        assert slots.free == 1
        return served

    assert asyncio.run(scenario()) == ["later"]


class RecordingPool:
    """A pool in this process that plays random moves and notes which games asked."""

    def __init__(self) -> None:
        self.background: list[bool] = []

    async def choose(self, spec: str, seed: int, state: State, bound: float | None = None,
                     background: bool = False, owner: str | None = None,
                     game: str | None = None) -> str:
        self.background.append(background)
        return make_agent("random", seed).choose(state).name

    def close(self) -> None:
        pass


def test_the_table_says_which_games_are_bots_alone(db_url) -> None:
    pool = RecordingPool()
    with TestClient(create_app(db_url, pool=pool)) as client:   # type: ignore[arg-type]
        create(client, seats=["random", "random"])
        deadline = time.monotonic() + 30
        while not pool.background and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pool.background and all(pool.background)
        pool.background.clear()
        game = create(client, seats=["random", "human"])
        table = tables_of(client).get(game["id"])
        while table.state.current_player == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert False in pool.background   # the bot a person plays against




def test_games_of_bots_alone_are_capped(db_url) -> None:
    """Games of bots alone are capped per process (each writes a move at every bot
    decision); games with a person are not, and an ended one frees its place."""
    pool = HeldPool()
    with TestClient(create_app(db_url, pool=pool, bot_games=2)) as client:   # type: ignore[arg-type]
        first = create(client, seats=["random", "random"])
        create(client, seats=["random", "random"])
        refused = client.post("/api/games", json={"game": "national-economy/mecenat",
                                                  "seats": ["random", "random"]})
        assert refused.status_code == 503, refused.text
        assert refused.json()["error"]["id"] == "web.err.bot_games_full"
        create(client, seats=["human", "random"])          # a person plays: not capped
        portal_of(client).call(pool.release.set)               # the bots play both games out
        table = tables_of(client).get(first["id"])
        deadline = time.monotonic() + 60
        while not table.state.is_over and time.monotonic() < deadline:
            time.sleep(0.05)
        create(client, seats=["random", "random"])


class HeldPool(RecordingPool):
    """Random moves once the test releases them."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()

    async def choose(self, spec: str, seed: int, state: State, bound: float | None = None,
                     background: bool = False, owner: str | None = None,
                     game: str | None = None) -> str:
        await self.release.wait()
        return await super().choose(spec, seed, state, bound, background, owner)


def test_forgetting_old_owners_keeps_the_order_of_the_rest(monkeypatch) -> None:
    """The pool remembers a bounded number of owners' last turns. Reaching the bound
    must forget the owner served longest ago, not everyone: a wholesale clear ranked an
    owner just served level with one never served, and the first to queue went first."""
    monkeypatch.setattr(Slots, "MAX_OWNERS", 3)

    async def scenario() -> list[str]:
        slots = Slots(1)
        for owner in ("a", "b", "d"):   # served in turn; "a" is the oldest
            await slots.acquire(owner=owner)
            slots.release()
        served: list[str] = []

        async def decide(owner: str) -> None:
            await slots.acquire(owner=owner)
            served.append(owner)
            slots.release()

        await slots.acquire(owner="x")   # a fourth owner: the worker is busy
        waiting = [asyncio.create_task(decide("d"))]   # just served, queues first
        await asyncio.sleep(0)
        waiting.append(asyncio.create_task(decide("a")))
        await asyncio.sleep(0)
        slots.release()
        await asyncio.gather(*waiting)
        assert len(slots.served) <= 3
        return served

    assert asyncio.run(scenario()) == ["a", "d"]
