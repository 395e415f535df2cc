"""Checks of the RL environments' constructor arguments: each refusal names the argument
and what it takes, where Python's own words ("an integer is required", "could not
convert string to float") would not, and nonsense that would otherwise be taken silently
(a bool as a count, a NaN reward, a truthy string as a flag) is refused. Constructors
only: nothing here runs per step."""

from __future__ import annotations

import math
import numbers
from typing import Any

from keizai.engine import Game
from keizai.rl import memory
from keizai.rl.extra import needs_rl_extra
from keizai.rl.quoting import given

try:
    import numpy as np
except ModuleNotFoundError as error:
    raise needs_rl_extra(error) from error


def whole_number(name: str, value: Any, minimum: int, meaning: str) -> int:
    """`value` as a Python int if it is an integer (NumPy's too, never a bool) of at
    least `minimum`, else ValueError naming `name`; `meaning` says what it counts."""
    if (isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer))
            or value < minimum):
        raise ValueError(f"{name} must be a whole number {meaning} (given: {given(value)})")
    return int(value)


# Less than any game of a vector environment takes (each a whole `KeizaiGymEnv`: 18-30
# KiB built, 26-40 KiB once reset, measured with tracemalloc in the compiled build), so
# that a count refused for it could never have fitted in memory.
GAME_BYTES_AT_LEAST = 16 * 1024


def game_count(value: Any) -> int:
    """A vector environment's `num_envs`: a whole number of at least 1 whose games can fit
    in the memory this process may take. A typo'd count (10**7) would otherwise build
    games for an hour, until the machine swaps or kills a process; refused before any is
    built."""
    count = whole_number("num_envs", value, 1, "of games, at least 1")
    limit = memory.memory_limit()
    if limit is not None and count * GAME_BYTES_AT_LEAST > limit:
        raise ValueError(
            f"num_envs={count:,} games need more than "
            f"{in_units(count * GAME_BYTES_AT_LEAST)} of memory "
            f"({GAME_BYTES_AT_LEAST // 1024} KiB or more each), more than the "
            f"{in_units(limit)} this process may take (the machine's memory, or its "
            f"control group's limit): give fewer games, and run more processes (one "
            f"KeizaiVectorEnv each) for more")
    return count


def in_units(size: int) -> str:
    """A byte count in GiB, or MiB below one GiB, for a person."""
    if size >= 2**30:
        return f"{size / 2**30:,.1f} GiB"
    return f"{size / 2**20:,.1f} MiB"


def player_count(game: Game, value: Any) -> int:
    """`players` as the game checks it (its refusal, in its words), a NumPy value taken
    as the Python value it holds (a sweep over np.arange), as every other count here is:
    the game's refusal quotes np.True_ as true, not by NumPy's repr."""
    count: int = value.item() if isinstance(value, np.generic) else value
    game.check_players(count)
    return count  # (an int: check_players refuses anything else)


def step_limit(value: Any) -> int:
    """A vector environment's `max_episode_steps`: a positive count, or 0 or -1 for no
    limit (-1 is what `gymnasium.make` takes for no TimeLimit, and `make_vec` passes
    the same keyword to the vector entry point); other negatives are refused."""
    return whole_number("max_episode_steps", value, -1,
                        "of learner steps, or 0 or -1 for no limit")


def flag(name: str, value: Any) -> bool:
    """`value` if it is True or False (NumPy's too), else ValueError naming `name`."""
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False (given: {given(value)})")
    return bool(value)


def finite_reward(name: str, value: Any) -> float:
    """`value` as a float if it is a finite real number (NumPy's too, never a bool),
    else ValueError naming `name`: a NaN or infinite reward would poison the learning."""
    if (isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real)
            or not math.isfinite(value)):
        raise ValueError(f"{name} must be a finite number (given: {given(value)})")
    return float(value)
