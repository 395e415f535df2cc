"""The action space of RL: a game's fixed integer indices, and a mask of the legal ones."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import numpy.typing as npt

from keizai.engine import IllegalAction, State
from keizai.rl.observations.base import game_seat
from keizai.rl.observations.writers import write_mask
from keizai.rl.quoting import given


def action_index(action: Any) -> int:
    """An action as the integer index it is: a Python or numpy integer (a 0-d integer
    array too). A float, a string, a bool or a longer array is refused with IllegalAction
    rather than truncated by int() into some other action (int(1.7) == 1)."""
    if isinstance(action, (bool, np.bool_)):
        raise IllegalAction(f"{given(action)} is not an action index (an integer)")
    try:
        return operator.index(action)
    except TypeError:
        raise IllegalAction(f"{given(action)} is not an action index (an integer)") from None


def action_mask(state: State, seat: int | None = None) -> npt.NDArray[np.int8]:
    """int8 vector of length `num_distinct_actions`, 1 for the legal actions.

    With `seat` given, the mask is all zeros unless that seat is the one to act (so an
    agent waiting for its turn never sees another seat's options); a seat that is not one
    of the game's is refused with ValueError (-1 was the mask of whichever seat acts)."""
    mask = bytearray(state.game.num_distinct_actions)
    write_mask(state, -1 if seat is None else game_seat(state, seat), mask, 0)  # compiled
    return np.frombuffer(mask, dtype=np.int8)
