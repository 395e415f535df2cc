"""The bot pool's turns (`keizai.web.bots.Slots`: the waiting client served longest ago
goes next) count an IPv6 client's /48 as one client, as the rate limits and the replay
thread do. Each /64 had a turn of its own, so the holder of a /48 (which tunnel brokers
give anyone) had as many turns as /64s it used: with a game of slow bots each (a decision
may take up to its bound, 5 s for `mcts:time=5`), another player's bot waited for one
decision of every one of them. Found by the session-29 pass on shared pools."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import keizai
from keizai.engine import State
from keizai.web.bots import BotPool

HONEST = "192.0.2.7"
# the /64 clients (`keizai.web.tables.client_key`) of one /48
ONE_48 = [f"2001:db8:5:{n:x}::/64" for n in range(1, 5)]


def test_the_64s_of_one_48_wait_for_the_bots_as_one_client(
        monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[int] = []
    first_thinks, release = threading.Event(), threading.Event()

    def think(_spec: str, seed: int, state: State) -> str:
        served.append(seed)
        if seed == 0:   # the decision under way while the others ask
            first_thinks.set()
            assert release.wait(20)
        return state.legal_actions()[0].name

    pool = BotPool(1, thinker=think)
    executor = ThreadPoolExecutor(1)
    monkeypatch.setattr(pool, "_pool", lambda: executor)
    state = keizai.new_game("futuropia", 2, 1)

    async def scenario() -> None:
        asked = [asyncio.create_task(pool.choose("random", 0, state.clone(), owner=HONEST))]
        while not first_thinks.is_set():
            await asyncio.sleep(0.01)
        asked += [asyncio.create_task(pool.choose("random", n, state.clone(), owner=owner))
                  for n, owner in enumerate(ONE_48, start=1)]
        await asyncio.sleep(0)   # all four wait for the worker before the honest one asks
        asked.append(asyncio.create_task(pool.choose("random", 9, state.clone(),
                                                     owner="198.51.100.3")))
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(*asked)

    try:
        asyncio.run(scenario())
    finally:
        executor.shutdown()
    # the held decision, one of the /48's, then the other client's (before: after all
    # four of the /48's, each a client never served)
    assert served.index(9) == 2, served
    assert sorted(served) == [0, 1, 2, 3, 4, 9]
