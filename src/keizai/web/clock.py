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
    """One timer per table: the seat to decide and the moment it runs out."""

    seconds: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_SECONDS))
    deadlines: dict[str, tuple[int, float]] = field(default_factory=dict)
    timers: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    turns: dict[str, tuple[int, int]] = field(default_factory=dict)   # (seat, step) timed

    def arm(self, game_id: str, mode: str, seat: int,
            expire: Callable[[], Awaitable[None]], step: int | None = None) -> None:
        """Start `seat`'s time; `expire` runs when it is out (unless disarmed first).
        `step`: the turn's step; a clock already running for that seat at that step goes
        on (the game was loaded again, or another seat changed: no new turn)."""
        if step is not None and self.turns.get(game_id) == (seat, step) \
                and game_id in self.timers:
            return
        self.disarm(game_id)
        limit = self.seconds[mode]
        self.deadlines[game_id] = (seat, time.time() + limit)
        if step is not None:
            self.turns[game_id] = (seat, step)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.timers[game_id] = loop.create_task(self._run(game_id, limit, expire))

    async def _run(self, game_id: str, limit: float,
                   expire: Callable[[], Awaitable[None]]) -> None:
        await asyncio.sleep(limit)
        if self.timers.get(game_id) is asyncio.current_task():
            del self.timers[game_id]   # what follows may re-arm this table's clock
            self.turns.pop(game_id, None)
        self.deadlines.pop(game_id, None)
        await expire()

    def disarm(self, game_id: str) -> None:
        self.deadlines.pop(game_id, None)
        self.turns.pop(game_id, None)
        task = self.timers.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def deadline(self, game_id: str) -> tuple[int, float] | None:
        return self.deadlines.get(game_id)

    def close(self) -> None:
        for task in self.timers.values():
            task.cancel()
        self.timers.clear()
