"""Bots on a public server: only specs inside server-side bounds, thinking in a bounded
pool of worker processes of their own.

A bot never runs in the threads that serve requests and write to the database, nor in
the server's own process (a thinking bot holds Python's GIL): a slow bot delays at most
other bots, never a human's action or the creation of a game. A decision that does not
come back within its bound (a broken bot, a hung worker) is replaced by a random legal
action and the pool's workers are replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
from collections import deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from keizai.agents import make_agent, parse_spec
from keizai.engine import State
from keizai.sim.workers import end_with_parent, stop_pool
from keizai.web.errors import ApiError

log = logging.getLogger("keizai.web")

MAX_SPEC = 64
MAX_ITERATIONS = 12000       # MCTS iterations per decision ("expert" is 12000)
MAX_SECONDS = 5.0            # MCTS thinking time per decision
MAX_DEPTH = 20               # random moves per rollout; -1 (to the end) is refused
MAX_ROLLOUTS = 64            # solo planner: games to the end per action (a `cap` is required)
MAX_SOLO_SECONDS = 2.0       # solo planner: thinking time per decision (issue #19: <= 2 s)
MAX_SOLO_WORK = 40000        # solo planner: rollout moves per decision (the cap bounds it too)
MAX_SOLO_LIMIT = 40000       # solo planner: at most this many rollout moves per decision
# Allowed parameters per kind: (lowest, highest) inclusive; strings listed.
BOUNDS: dict[str, dict[str, tuple[float, float] | tuple[str, ...]]] = {
    "random": {},
    "heuristic": {"epsilon": (0.0, 1.0)},
    "mcts": {"iterations": (1, MAX_ITERATIONS), "time": (0.0, MAX_SECONDS),
             "cap": (0.0, MAX_SECONDS), "c": (0.0, 10.0), "depth": (0, MAX_DEPTH),
             "reuse": (0, 1),
             "rollout": ("random", "heuristic"), "evaluation": ("hand", "learned")},
    "solo": {"rollouts": (1, MAX_ROLLOUTS), "cap": (0.01, MAX_SOLO_SECONDS),
             "epsilon": (0.0, 1.0), "policy": ("heuristic", "fast"), "halving": (0, 1),
             "work": (0, MAX_SOLO_WORK), "limit": (0, MAX_SOLO_LIMIT),
             "goal": (0.0, 200.0), "spread": (0.5, 100.0), "slack": (0.0, 20.0),
             "evaluation": ("hand", "learned")},
}


def check_spec(spec: Any) -> str:
    """`spec` when the server accepts it as a bot: a level or kind the lobby offers, or
    parameters inside `BOUNDS`; else an `ApiError` (400) saying why."""
    if not isinstance(spec, str) or not spec or len(spec) > MAX_SPEC:
        raise ApiError("invalid_request", "a bot is named by a string, e.g. \"normal\"")
    try:
        kind, params = parse_spec(spec)
    except ValueError as error:
        raise ApiError("unknown_bot", str(error)) from None
    bounds = BOUNDS[kind]
    for key, raw in params.items():
        bound = bounds.get(key)
        if bound is None:
            raise ApiError("unknown_bot", f"{kind} has no parameter {key!r} on this server")
        if isinstance(bound[0], str):
            if raw not in bound:
                raise ApiError("bot_out_of_bounds", f"{key} must be one of {bound}")
            continue
        try:
            value = float(raw)
        except ValueError:
            raise ApiError("bot_out_of_bounds", f"{key} must be a number") from None
        low, high = bound
        if not math.isfinite(value) or not low <= value <= high:
            raise ApiError("bot_out_of_bounds",
                           f"{key} must be a finite number from {low:g} to {high:g} "
                           "on this server")
    if kind == "solo" and "cap" not in params:
        raise ApiError("bot_out_of_bounds",
                       f"solo needs a cap of at most {MAX_SOLO_SECONDS:g} s on this server")
    try:
        make_agent(spec)
    except ValueError as error:
        raise ApiError("unknown_bot", str(error)) from None
    return spec


def decision_bound(spec: str) -> float:
    """Seconds a decision of `spec` may take before it is replaced by a random move."""
    _kind, params = parse_spec(spec)
    seconds = max(float(params.get("time", 0) or 0), float(params.get("cap", 0) or 0))
    return 30.0 + 2 * min(seconds, MAX_SECONDS) if math.isfinite(seconds) else 30.0


def think(spec: str, seed: int, state: State) -> str:
    """Run in a worker process: the bot's action name for `state`."""
    return make_agent(spec, seed).choose(state).name


def _worker_start() -> None:
    with contextlib.suppress(OSError):
        os.nice(5)   # bots yield the cores to the server when both want them
    end_with_parent()  # a killed server (SIGKILL, the OOM killer) leaves no workers


Thinker = Callable[[str, int, State], str]


class Slots:
    """The pool's free workers, handed out in the order asked for, except that a game of
    bots alone (`background`) waits while a game with a person in it waits: anyone may
    start games of bots alone, and those must not slow the bots people play against."""

    def __init__(self, count: int) -> None:
        self.free = count
        self.waiting: dict[bool, deque[asyncio.Future[None]]] = {False: deque(),
                                                                  True: deque()}

    def _may_take(self, background: bool) -> bool:
        if self.free <= 0 or self.waiting[False]:
            return False
        return not (background and self.waiting[True])

    async def acquire(self, background: bool = False) -> None:
        if self._may_take(background):
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting[background].append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()   # granted as it was cancelled: hand the worker on
            else:
                self.waiting[background].remove(turn)
            raise

    def release(self) -> None:
        self.free += 1
        for background in (False, True):
            queue = self.waiting[background]
            while queue and self.free > 0:
                turn = queue.popleft()
                if not turn.done():
                    self.free -= 1
                    turn.set_result(None)
                    return


class BotPool:
    """`workers` processes for bots; `choose` waits for a free one, then for its answer."""

    def __init__(self, workers: int, thinker: Thinker = think,
                 bound: float | None = None) -> None:
        """`bound`: seconds per decision for every spec (default: `decision_bound`)."""
        self.workers = max(1, workers)
        self.thinker = thinker
        self.bound = bound
        self._executor: ProcessPoolExecutor | None = None
        self._slots: Slots | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start)
        return self._executor

    async def choose(self, spec: str, seed: int, state: State,
                     bound: float | None = None, background: bool = False) -> str:
        """The bot's action name, or a random legal one when it fails or overruns.
        `background`: a game of bots alone, served after every game with a person."""
        if self._slots is None:
            self._slots = Slots(self.workers)
        await self._slots.acquire(background)
        try:
            loop = asyncio.get_running_loop()
            try:
                future = loop.run_in_executor(self._pool(), self.thinker, spec, seed, state)
                return await asyncio.wait_for(future, bound or self.bound
                                              or decision_bound(spec))
            except TimeoutError:
                log.error("bot %s overran its bound; its workers are replaced", spec)
                self.reset()
            except Exception:
                log.exception("bot %s failed; a random action is played", spec)
                if self._executor is not None and getattr(self._executor, "_broken", False):
                    self.reset()
        finally:
            self._slots.release()
        return make_agent("random", seed).choose(state).name

    def reset(self, wait: bool = False) -> None:
        """Stop every worker (a hung one included); new ones start on the next decision.
        `wait`: until they are gone (see `stop_pool`); the server's event loop does not."""
        executor, self._executor = self._executor, None
        if executor is not None:
            stop_pool(executor, wait=wait)

    def close(self) -> None:
        self.reset(wait=True)


def default_workers() -> int:
    """One core is left to the server."""
    return max(1, (os.cpu_count() or 2) - 1)
