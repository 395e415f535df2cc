"""Checks of the RL environments' constructor arguments: each refusal names the argument
and what it takes, where Python's own words ("an integer is required", "could not
convert string to float") would not, and nonsense that would otherwise be taken silently
(a bool as a count, a NaN reward, a truthy string as a flag) is refused. Constructors
only: nothing here runs per step."""

from __future__ import annotations

import math
import numbers
from typing import Any

from keizai.rl.extra import needs_rl_extra

try:
    import numpy as np
except ModuleNotFoundError as error:
    raise needs_rl_extra(error) from error


def whole_number(name: str, value: Any, minimum: int, meaning: str) -> int:
    """`value` as a Python int if it is an integer (NumPy's too, never a bool) of at
    least `minimum`, else ValueError naming `name`; `meaning` says what it counts."""
    if (isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer))
            or value < minimum):
        raise ValueError(f"{name} must be a whole number {meaning}, not {value!r}")
    return int(value)


def step_limit(value: Any) -> int:
    """A vector environment's `max_episode_steps`: a positive count, or 0 or -1 for no
    limit (-1 is what `gymnasium.make` takes for no TimeLimit, and `make_vec` passes
    the same keyword to the vector entry point); other negatives are refused."""
    return whole_number("max_episode_steps", value, -1,
                        "of learner steps, or 0 or -1 for no limit")


def flag(name: str, value: Any) -> bool:
    """`value` if it is True or False (NumPy's too), else ValueError naming `name`."""
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return bool(value)


def finite_reward(name: str, value: Any) -> float:
    """`value` as a float if it is a finite real number (NumPy's too, never a bool),
    else ValueError naming `name`: a NaN or infinite reward would poison the learning."""
    if (isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real)
            or not math.isfinite(value)):
        raise ValueError(f"{name} must be a finite number, not {value!r}")
    return float(value)
