"""Work that many clients share a few threads for, taken in turns by client.

A thread pool's own queue serves work in the order it came: one client asking for much
at once delays everyone's next piece by all of it. `Turns` lets at most `workers` pieces
into the pool at once; the others wait in queues of their own: one served first (work
the server trusts: `Turns.run(first=True)`), and one per client, the clients taking turns
(one piece each in turn). At most `each` of one client wait and `queue` in all (a full
queue makes room for a client with fewer waiting than another: the other's last is
refused); past those bounds work is refused at once (`refusal`). So a client's work
waits for the pieces running and one piece per other client waiting, not for everything
another client asked for. Used for password hashing (`keizai.web.accounts.Hashing`) and
for the replay thread (`keizai.web.table.off_loop`)."""

from __future__ import annotations

import asyncio
import functools
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

from keizai.web.errors import ApiError

T = TypeVar("T")


class Turns:
    """`workers` pieces of work at once in `executor`; the others wait their turn (see
    the module). Used from one event loop: its queues are futures of that loop."""

    def __init__(self, executor: Executor, workers: int, queue: int, each: int,
                 refusal: Callable[[], ApiError], first_most: int | None = None) -> None:
        """`first_most`: work that may wait in the queue served first (None: any)."""
        self.executor = executor
        self.workers, self.queue, self.each = workers, queue, each
        self.refusal = refusal
        self.first_most = first_most
        self.running = 0   # holding a thread (changed on the event loop only)
        self.first: deque[asyncio.Future[None]] = deque()
        self.lanes: dict[str, deque[asyncio.Future[None]]] = {}   # in the order served

    def waiting(self) -> int:
        return len(self.first) + sum(len(lane) for lane in self.lanes.values())

    async def run(self, work: Callable[..., T], *args: Any, client: str = "?",
                  first: bool = False) -> T:
        if self.running >= self.workers:
            await self._wait(client, first)
        else:
            self.running += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self.executor, functools.partial(work, *args))
        finally:
            self._release()

    async def _wait(self, client: str, first: bool) -> None:
        """Until a thread is handed to this work (`running` counts it then). When the
        clients' queue is full, a client with fewer waiting than the one with the most
        waiting takes the place of that one's last."""
        lane = self.first if first else self.lanes.get(client, deque())
        most = self.first_most if first else self.each
        if most is not None and len(lane) >= most:
            raise self.refusal()
        if not first and self.waiting() - len(self.first) >= self.queue:
            longest = max(self.lanes.values(), key=len)
            if len(longest) <= len(lane) + 1:
                raise self.refusal()
            last = longest.pop()
            if not last.done():
                last.set_exception(self.refusal())
        turn = asyncio.get_running_loop().create_future()
        lane.append(turn)
        if not first:
            self.lanes.setdefault(client, lane)
        try:
            await turn
        except asyncio.CancelledError:
            if not turn.cancelled():   # handed a thread just as it was cancelled
                self._release()
            raise

    def _release(self) -> None:
        """A thread is free: hand it to the next waiting work, if any."""
        self.running -= 1
        while self.running < self.workers:
            turn = self._next()
            if turn is None:
                return
            if not turn.done():   # a cancelled request's turn is skipped
                self.running += 1
                turn.set_result(None)

    def _next(self) -> asyncio.Future[None] | None:
        if self.first:
            return self.first.popleft()
        if not self.lanes:
            return None
        client = next(iter(self.lanes))
        lane = self.lanes.pop(client)
        turn = lane.popleft()
        if lane:
            self.lanes[client] = lane   # its next turn after every other client's
        return turn
