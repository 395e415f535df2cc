"""A bot's decision is bounded from when its worker is up, not from when the pool began
to start it.

Found chasing tests/web/test_hardening_bots.py's overrun case, which failed once under
`-n 2`: with the machine loaded (load 15 on 2 cores, measured with a thinker that notes
its start), new workers took 2-17 s to start (a process each, keizai.web and the
thinker's module imported, at nice 5), and a decision's bound counted that. After an
overrun had replaced the workers, the other game's decision asked again of the new ones
had that much less of its 30 s (the test's took up to 23 s in all), and past it the bot
played a random move and the workers were replaced once more. The pool now waits for its
workers to be up (`STARTUP_BOUND`) before a decision's clock starts.
"""

from __future__ import annotations

import asyncio

import pytest

import keizai
from keizai.agents import make_agent
from keizai.web.bots import BotPool
from tests.web import slow_start_thinker

GAME = "national-economy/mecenat"
BOUND = 2.0


def test_a_decision_is_not_bounded_by_its_workers_start(tmp_path, monkeypatch
                                                        ) -> None:
    state = keizai.new_game(GAME, 2, 5)
    answer = slow_start_thinker.answers("random", 0, state)
    seed = next(s for s in range(1, 100)
                if make_agent("random", s).choose(state).name != answer)
    gate = tmp_path / "started"
    monkeypatch.setenv(slow_start_thinker.GATE, str(gate))   # the workers' environment
    pool = BotPool(1, thinker=slow_start_thinker.answers)

    async def decided() -> str:
        decision = asyncio.ensure_future(pool.choose("random", seed, state, bound=BOUND))
        await asyncio.sleep(BOUND + 0.5)   # the worker starts for longer than the bound
        gate.touch()
        return await decision

    try:
        chosen = asyncio.run(decided())
    finally:
        pool.close()
    assert chosen == answer   # before: the random move, the bound spent on the start


@pytest.mark.parametrize("workers", [1, 2])
def test_new_workers_decide_as_soon_as_they_are_up(workers: int) -> None:
    """A guard: the pool's own start (every worker up first) takes each decision."""
    state = keizai.new_game(GAME, 2, 5)
    pool = BotPool(workers, thinker=slow_start_thinker.answers)

    async def decided() -> list[str]:
        return await asyncio.gather(*(pool.choose("random", s, state.clone(), bound=60)
                                      for s in range(workers + 1)))

    try:
        chosen = asyncio.run(decided())
    finally:
        pool.close()
    assert chosen == [slow_start_thinker.answers("random", 0, state)] * (workers + 1)
