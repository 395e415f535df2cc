"""States of finished games kept every `every` steps, so that a replay frame replays at
most `every` moves, not the whole game up to its step.

A replay frame at step N of a finished game used to replay the game from its set-up to
N: the last frame of a long 企業帝國 game is 1,000 moves, 50-150 ms of the replay thread
on a loaded machine, and a stranger's /48 may ask for 160 frames a second (docs/web.md,
Rate limits). A finished game never changes, so its state after `every`, 2 `every`, ...
moves is the same for every frame: kept (with the event log, which the frames show), a
frame clones the nearest one at or before its step and replays the rest. They are made
on the way: a frame replays from the last one kept (or the set-up) and keeps each it
passes, so the first frame of a game at step N replays N moves once, and any frame of it
after that at most `every` beyond the checkpoints kept. Kept for the `games` games asked
last (a long 企業帝國 game's checkpoints every 64 steps: 1.5 MB)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import keizai
from keizai.engine import State

EVERY = 64
GAMES = 32


class Checkpoints:
    """The kept states of finished games, by game id and record length; used from the
    replay thread (and its tests), so guarded by a lock. `replayed` counts the moves
    replayed for frames, all games together."""

    def __init__(self, every: int = EVERY, games: int = GAMES) -> None:
        """`every` and `games` are at least 1: nothing sets them but the code (no
        option), and a game's checkpoints are made while its frame replays, so with
        none kept (`games` 0) a frame's own were dropped as they began."""
        if every < 1 or games < 1:
            raise ValueError(f"checkpoints are kept every 1 or more steps for 1 or more "
                             f"games, not every {every} for {games}")
        self.every, self.games = every, games
        self.kept: OrderedDict[tuple[str, int], list[State]] = OrderedDict()
        self.lock = threading.Lock()
        self.replayed = 0

    def moves_to(self, game_id: str, length: int, step: int) -> int:
        """How many moves a frame at `step` of the finished game `game_id` (`length`
        actions) would replay with the states kept now: fewer than `every` once the game
        was asked up to there, else from the last state kept (or its set-up: a whole
        replay up to `step`, as loading a game is)."""
        with self.lock:
            marks = self.kept.get((game_id, length), [])
            return step - min(step // self.every, len(marks)) * self.every

    def state_at(self, game_id: str, record: dict[str, Any], step: int) -> State:
        """The finished game `record` after its first `step` actions (0 to all), a state
        of the caller's own (cloned, never a kept one)."""
        actions = record["actions"]
        with self.lock:
            key = (game_id, len(actions))
            marks = self.kept.get(key)
            if marks is None:
                marks = self.kept[key] = []   # marks[i]: after (i + 1) * every actions
                if len(self.kept) > self.games:
                    self.kept.popitem(last=False)
            self.kept.move_to_end(key)
            nearest = min(step // self.every, len(marks))
            start = nearest * self.every
            state = marks[nearest - 1].clone() if nearest else None
        if state is None:
            state = keizai.replay({**record, "actions": []})   # the set-up, checked
        for index in range(start, step):
            name = actions[index]
            known = state.game.action_space.by_name(name)
            state.apply(name if known is None else known.index)
            done = index + 1
            if done % self.every == 0:
                with self.lock:
                    if len(marks) == done // self.every - 1:
                        marks.append(state.clone())
        with self.lock:
            self.replayed += step - start
        return state
