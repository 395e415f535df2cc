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
import inspect
import logging
import math
import multiprocessing
import os
import pickle
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from keizai.agents import LEVELS, make_agent, parse_spec
from keizai.agents.base import agent_class, typed_spec
from keizai.engine import InvalidSetup, State
from keizai.sim.workers import end_with_parent, stop_pool
from keizai.web.errors import ApiError
from keizai.web.networks import network_of

log = logging.getLogger("keizai.web")

# Characters of a bot spec. The longest spec inside `BOUNDS` that names each parameter
# once, its numbers written with up to three decimals, has 146 (the solo planner's every
# parameter: tests/web/test_long_bot_specs.py); a number may be padded ("cap=1.000...")
# without end, so no bound takes every spelling. The store's columns hold the spec and
# the rating ladder's "bot:<spec>" in `keizai.store.db.SPEC_CHARS` (255; migration 0016).
MAX_SPEC = 200
# A decision under way when another decision's overrun replaced the pool's workers (they
# are killed together) is asked again of the new ones, this many times at most.
REPLACED_RETRIES = 2
# Seconds new workers may take to start (a process each, keizai and the thinker's module
# imported): apart from any decision's bound, whose clock starts once they are up.
STARTUP_BOUND = 300.0
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
    """`spec` written as the bots read it (`canonical_spec`) when the server accepts it
    as a bot: a level or kind the lobby offers, or parameters inside `BOUNDS`; else an
    `ApiError` (400) saying why."""
    if not isinstance(spec, str) or not spec:
        raise ApiError.refused("invalid_request", "web.err.bot_name")
    if len(spec) > MAX_SPEC:
        raise ApiError.refused("invalid_request", "web.err.bot_spec_long", most=MAX_SPEC)
    try:
        kind, params = parse_spec(spec)
    except ValueError as error:
        raise agents_refusal(error) from None
    bounds = BOUNDS[kind]
    for key, raw in params.items():
        bound = bounds.get(key)
        if bound is None:
            raise ApiError.refused("unknown_bot", "web.err.bot_param", kind=kind, key=key)
        if isinstance(bound[0], str):
            if raw not in bound:
                raise ApiError.refused("bot_out_of_bounds", "agent.one_of", key=key,
                                       values=list(bound))
            continue
        try:
            value = float(raw)
        except ValueError:
            raise ApiError.refused("bot_out_of_bounds", "web.err.bot_number",
                                   key=key) from None
        low, high = bound
        if not math.isfinite(value) or not low <= value <= high:
            raise ApiError.refused("bot_out_of_bounds", "web.err.bot_range", key=key,
                                   low=f"{low:g}", high=f"{high:g}")
    if kind == "solo" and "cap" not in params:
        raise ApiError.refused("bot_out_of_bounds", "web.err.solo_cap",
                               most=f"{MAX_SOLO_SECONDS:g}")
    try:
        make_agent(spec)
    except ValueError as error:
        raise agents_refusal(error) from None
    return canonical_spec(spec)


def agents_refusal(error: ValueError) -> ApiError:
    """The agents' refusal of a spec as the API's, with its catalogue reason when it has
    one (`InvalidSetup`, agent.*), which the page shows in its reader's language."""
    reason = error.to_json() if isinstance(error, InvalidSetup) else None
    return ApiError("unknown_bot", str(error), reason=reason)


def canonical_spec(spec: str) -> str:
    """A bot spec (one `make_agent` accepts) written one way per bot: it names the seat's
    player on the rating ladder ("bot:<spec>"), where each spelling was a player of its
    own. A level's name for a level ("NORMAL ", "mcts:c=.4:depth=6:iterations=300" are
    "normal"); else the kind and its parameters in alphabetical order, those at the
    agent's default left out, each value as the agent is built with it, a number written
    the shortest way that reads back the same ("mcts: depth = 02 : c = 1.0",
    "mcts:c=1:depth=2", "mcts:c=1_0e-1:depth=２:iterations=200" are "mcts:c=1:depth=2")."""
    written = _written_out(spec)
    for level, level_spec in LEVELS.items():
        if _written_out(level_spec) == written:
            return level
    return written


def _written_out(spec: str) -> str:
    """`spec` as its kind and the values its agent is built with (see `canonical_spec`),
    a level not named by its name."""
    kind, typed = typed_spec(spec)
    defaults = inspect.signature(agent_class(kind)).parameters
    values = {key: typed[key] for key in sorted(typed)}
    given = [f"{key}={_shortest(value)}" for key, value in values.items()
             if value != defaults[key].default]
    if not given and kind in LEVELS and values:
        # "solo" alone is the level, not the kind at its defaults
        given = [f"{key}={_shortest(value)}" for key, value in values.items()]
    return ":".join([kind, *given])


def _shortest(value: object) -> str:
    """A parameter's value written the shortest way that reads back the same: 1.0 as
    "1", 0.5 as "0.5" (`repr` of a float has the fewest digits that round back to it),
    -0.0 as "0", 1e-05 as "1e-5"."""
    if not isinstance(value, float):
        return str(value)
    text = repr(value + 0.0).removesuffix(".0")   # + 0.0: -0.0 is 0.0
    mantissa, e, exponent = text.partition("e")   # "1e-05" as "1e-5", "1e+16" as "1e16"
    return f"{mantissa}e{int(exponent)}" if e else text


def decision_bound(spec: str) -> float:
    """Seconds a decision of `spec` may take before it is replaced by a random move."""
    _kind, params = parse_spec(spec)
    seconds = max(float(params.get("time", 0) or 0), float(params.get("cap", 0) or 0))
    return 30.0 + 2 * min(seconds, MAX_SECONDS) if math.isfinite(seconds) else 30.0


def think(spec: str, seed: int, state: State) -> str:
    """Run in a worker process: the bot's action name for `state`."""
    return make_agent(spec, seed).choose(state).name


def _worker_start(started: Any, _thinker: Thinker) -> None:
    """A new worker, its thinker's module imported (unpickling `_thinker` did it): it
    takes no decision before every worker of its pool is up (`started`, a barrier), so a
    decision's bound never counts another worker's start."""
    with contextlib.suppress(OSError):
        os.nice(5)   # bots yield the cores to the server when both want them
    end_with_parent()  # a killed server (SIGKILL, the OOM killer) leaves no workers
    started.wait(STARTUP_BOUND)


def _up() -> None:
    """Run in a worker process: nothing; its answer says the pool's workers are up."""


Thinker = Callable[[str, int, State], str]


class Sealed:
    """A state on its way to a worker, pickled as bytes the worker reads inside the
    decision (`decide`), not as it takes the work: a state the worker cannot read (a
    keizai changed under the running server, its classes or cards another shape) is then
    the decision's error, which the server logs once through its filters (the game, the
    frames, not the words) and answers with a random move. Read by the pool's own
    machinery, it killed the worker, which wrote its traceback to stderr, past the log's
    filters, with the error's words (they may quote a card of a hand), and the server
    logged a second, wordless line (the pool broken) and replaced every worker.
    Pickled where the pool pickles its work, in its own thread, not on the event loop."""

    def __init__(self, state: State) -> None:
        self.state: State | None = state
        self.pickled = b""

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        assert self.state is not None
        return (Sealed.arrived, (pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL),))

    @classmethod
    def arrived(cls, pickled: bytes) -> Sealed:
        """In the worker: the bytes, not yet read."""
        sealed = cls.__new__(cls)
        sealed.state, sealed.pickled = None, pickled
        return sealed

    def open(self) -> State:
        """The state (one never pickled, a pool of threads': as given)."""
        if self.state is not None:
            return self.state
        state: State = pickle.loads(self.pickled)
        return state


def decide(thinker: Thinker, spec: str, seed: int, sealed: Sealed) -> str:
    """Run in a worker process: `thinker`'s action name for the sealed state."""
    return thinker(spec, seed, sealed.open())


class Slots:
    """The pool's free workers. A game with a person in it goes before games of bots alone
    (`background`): anyone may start those, and they must not slow the bots people play
    against. Within each, a free worker goes to the waiting client (`owner`: the address
    that created the game or last acted in it, `Table.owner`) served longest ago: a
    client's many games get one client's share of the workers, not one share per game.
    (Served first come, first served, four games of long-thinking bots from one address
    made another player's bot answer 20-60 s late with one worker.)"""

    MAX_OWNERS = 10_000   # owners whose last turn is remembered; the longest unserved go

    def __init__(self, count: int) -> None:
        self.free = count
        # per class (background or not): each owner's waiting turns
        self.waiting: dict[bool, dict[str | None, deque[asyncio.Future[None]]]] = {
            False: {}, True: {}}
        self.served: dict[str | None, int] = {}   # owner: number of its latest turn
        self.turns = 0

    def _may_take(self, background: bool) -> bool:
        if self.free <= 0 or self.waiting[False]:
            return False
        return not (background and self.waiting[True])

    async def acquire(self, background: bool = False, owner: str | None = None) -> None:
        if self._may_take(background):
            self.free -= 1
            self._note(owner)
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting[background].setdefault(owner, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()   # granted as it was cancelled: hand the worker on
            else:
                self._forget(background, owner, turn)
            raise

    def _forget(self, background: bool, owner: str | None,
                turn: asyncio.Future[None]) -> None:
        queues = self.waiting[background]
        queue = queues.get(owner)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del queues[owner]

    def release(self) -> None:
        self.free += 1
        for background in (False, True):
            queues = self.waiting[background]
            while queues and self.free > 0:
                owner = min(queues, key=lambda o: self.served.get(o, -1))
                queue = queues[owner]
                turn = queue.popleft()
                if not queue:
                    del queues[owner]
                if not turn.done():
                    self.free -= 1
                    self._note(owner)
                    turn.set_result(None)
                    return

    def _note(self, owner: str | None) -> None:
        """Record `owner`'s turn. `served` stays ordered from the owner served longest ago,
        so forgetting the first one changes no order: a forgotten owner ranks as never
        served, and it was already ahead of every owner remembered."""
        self.turns += 1
        self.served.pop(owner, None)
        self.served[owner] = self.turns
        if len(self.served) > self.MAX_OWNERS:
            del self.served[next(iter(self.served))]


class BotPool:
    """`workers` processes for bots; `choose` waits for a free one, then for its answer."""

    def __init__(self, workers: int, thinker: Thinker = think,
                 bound: float | None = None) -> None:
        """`bound`: seconds per decision for every spec (default: `decision_bound`)."""
        self.workers = max(1, workers)
        self.thinker = thinker
        self.bound = bound
        self._executor: ProcessPoolExecutor | None = None
        self._up: list[Future[None]] = []   # the executor's workers are up when all are done
        self._slots: Slots | None = None

    def _pool(self) -> ProcessPoolExecutor:
        """The workers, started as a pool is made: one `_up` each (the pool starts a
        process for work it cannot yet hand to one), done once all are up. Until session
        32 a decision's bound counted the start of the workers it waited for: after an
        overrun replaced them, a decision asked again of the new ones overran on a loaded
        machine (2-17 s of start-up at load 15 on 2 cores, in a 30 s bound) and was
        replaced by a random move, replacing the workers once more."""
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_worker_start,
                initargs=(context.Barrier(self.workers), self.thinker))
            self._up = [self._executor.submit(_up) for _ in range(self.workers)]
        return self._executor

    @staticmethod
    async def _started(up: list[Future[None]]) -> bool:
        """Whether the workers whose `_up` calls these are came up: False when one
        failed to start, or not within `STARTUP_BOUND`, or they were stopped meanwhile."""
        if not up:
            return True
        done, waiting = await asyncio.wait(map(asyncio.wrap_future, up),
                                           timeout=STARTUP_BOUND)
        return not waiting and not any(f.cancelled() or f.exception() for f in done)

    async def choose(self, spec: str, seed: int, state: State,
                     bound: float | None = None, background: bool = False,
                     owner: str | None = None, game: str | None = None) -> str:
        """The bot's action name, or a random legal one when it fails or overruns.
        `background`: a game of bots alone, served after every game with a person;
        `owner`: whose turn it is among the clients waiting (see `Slots`); `game`: the
        game's id, which a failure's log line names (the operator looks for the game)."""
        if self._slots is None:
            self._slots = Slots(self.workers)
        # an IPv6 client's /48 is one client here, as at the replay thread: each /64 its
        # own turn gave a /48's holder up to 65,536 of them
        await self._slots.acquire(background, owner and (network_of(owner) or owner))
        try:
            loop = asyncio.get_running_loop()
            for _attempt in range(REPLACED_RETRIES + 1):
                executor, up = self._pool(), self._up
                try:
                    if not await self._started(up) or (up and executor is not self._executor):
                        if executor is not self._executor:
                            continue   # another decision's overrun replaced the workers
                        raise BrokenProcessPool("the bot workers did not start")
                    future = loop.run_in_executor(executor, decide, self.thinker, spec,
                                                  seed, Sealed(state))
                    return await asyncio.wait_for(future, bound or self.bound
                                                  or decision_bound(spec))
                except TimeoutError:
                    log.error("game %s: bot %s overran its bound; its workers are replaced",
                              game, spec)
                    self.reset()
                    break
                except BrokenProcessPool:
                    if executor is not self._executor:
                        continue   # another decision's overrun replaced the workers
                    log.exception("game %s: bot %s failed; a random action is played", game,
                                  spec)
                    self.reset()
                    break
                except Exception:
                    log.exception("game %s: bot %s failed; a random action is played", game,
                                  spec)
                    break
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
