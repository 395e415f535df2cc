"""A table's turn clock: none, relaxed or fast. A human seat whose decision is not taken in
time is played by a bot (marked away) until its player comes back (`.../back`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import NamedTuple

CLOCKS = ("none", "relaxed", "fast")
DEFAULT_SECONDS = {"relaxed": 300.0, "fast": 45.0}   # per decision
# Turns whose clock stopped (ran out, or a bot plays the seat) remembered, the oldest
# forgotten first: a forgotten turn armed again gets a whole period.
MAX_TURNS = 10_000


class Turn(NamedTuple):
    """A timed turn: its seat and step, when its time is out (`time.time()`), and whether
    it had its one more period (`Clocks.arm`)."""

    seat: int
    step: int
    end: float
    more: bool = False


@dataclass
class Clocks:
    """One timer per table: the seat to decide and the moment it runs out."""

    seconds: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_SECONDS))
    deadlines: dict[str, tuple[int, float]] = field(default_factory=dict)
    timers: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    # Per game, its latest timed turn, kept once its clock stopped (`arm`).
    turns: dict[str, Turn] = field(default_factory=dict)

    def arm(self, game_id: str, mode: str, seat: int,
            expire: Callable[[], Awaitable[None]], step: int | None = None) -> None:
        """Start `seat`'s time; `expire` runs when it is out (unless disarmed first).
        `step`: the turn's step. A turn's clock runs once: armed again for that seat at
        that step (the game loaded again, another seat changed, the seat taken back
        from the bot its player or the clock handed it to) it goes on to the turn's
        end; once that has passed, the turn has one more period, once (a player back
        just after the bot took their seat, before it moved), then runs out at once
        (the bot plays that decision). Until session 29 a stopped clock began a whole
        period at each take-back: a player who took their seat back ("I'm back") just
        after each time-out, or handed it to a bot just before the deadline and took it
        back just after, held their turn for good."""
        now = time.time()
        turn = self.turns.get(game_id)
        if step is not None and turn is not None and turn[:2] == (seat, step):
            if game_id in self.timers:
                return
            if turn.end <= now and not turn.more:
                turn = Turn(seat, step, now + self.seconds[mode], more=True)
        else:
            turn = Turn(seat, -1 if step is None else step, now + self.seconds[mode])
        self.disarm(game_id)
        self.deadlines[game_id] = (seat, turn.end)
        if step is not None:
            self.turns.pop(game_id, None)
            self.turns[game_id] = turn   # the newest last
            self._forget_oldest()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.timers[game_id] = loop.create_task(
            self._run(game_id, max(0.0, turn.end - now), expire))

    def _forget_oldest(self) -> None:
        """Past MAX_TURNS turns, forget the oldest whose clock stopped."""
        if len(self.turns) <= MAX_TURNS:
            return
        for game_id in self.turns:
            if game_id not in self.timers:
                del self.turns[game_id]
                return

    async def _run(self, game_id: str, limit: float,
                   expire: Callable[[], Awaitable[None]]) -> None:
        await asyncio.sleep(limit)
        if self.timers.get(game_id) is asyncio.current_task():
            del self.timers[game_id]   # what follows may re-arm this table's clock
        self.deadlines.pop(game_id, None)
        await expire()

    def disarm(self, game_id: str) -> None:
        """Stop the game's clock; its turn is remembered (`arm`)."""
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
