"""A table's turn clock: none, relaxed or fast. A human seat whose decision is not taken in
time is played by a bot (marked away) until its player comes back (`.../back`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

CLOCKS = ("none", "relaxed", "fast")
DEFAULT_SECONDS = {"relaxed": 300.0, "fast": 45.0}   # per decision


@dataclass
class Clocks:
    """One timer per table: the seat to decide and the moment its time is out."""

    seconds: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_SECONDS))
    deadlines: dict[str, tuple[int, float]] = field(default_factory=dict)
    timers: dict[str, asyncio.Task[None]] = field(default_factory=dict)

    def arm(self, game_id: str, seat: int, end: float,
            expire: Callable[[], Awaitable[None]]) -> None:
        """`seat`'s time is out at `end` (`time.time()`), when `expire` runs (unless
        disarmed first; at once if that has passed). Armed again with the deadline it
        runs to, a running clock goes on. The deadline comes from the stored moment the
        turn began (`keizai.web.social.Social._arm`): the same on every process, and
        after a restart (until session 33 each process began the turn at its own load
        of the game, and in memory: a restarted server gave it a whole period)."""
        if self.deadlines.get(game_id) == (seat, end) and game_id in self.timers:
            return
        self.disarm(game_id)
        self.deadlines[game_id] = (seat, end)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.timers[game_id] = loop.create_task(
            self._run(game_id, max(0.0, end - time.time()), expire))

    async def _run(self, game_id: str, limit: float,
                   expire: Callable[[], Awaitable[None]]) -> None:
        """The deadline stays shown until `expire` hands the seat over (or finds its turn
        over, or disarms it): until session 33 it was dropped first, and a view sent
        while `expire` waited for the table's lock (another write) showed the seat to
        move with no deadline."""
        await asyncio.sleep(limit)
        if self.timers.get(game_id) is asyncio.current_task():
            del self.timers[game_id]   # what follows may re-arm this table's clock
        await expire()

    def disarm(self, game_id: str) -> None:
        """Stop the game's clock: no deadline shown, none to run out."""
        self.deadlines.pop(game_id, None)
        task = self.timers.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def deadline(self, game_id: str) -> tuple[int, float] | None:
        return self.deadlines.get(game_id)

    def close(self) -> None:
        for task in self.timers.values():
            task.cancel()
        self.timers.clear()
