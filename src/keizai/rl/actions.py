"""The action space of RL: a game's fixed integer indices, and a mask of the legal ones."""

from __future__ import annotations

import numpy as np

from keizai.engine import State


def action_mask(state: State, seat: int | None = None) -> np.ndarray:
    """int8 vector of length `num_distinct_actions`, 1 for the legal actions.

    With `seat` given, the mask is all zeros unless that seat is the one to act (so an
    agent waiting for its turn never sees another seat's options)."""
    mask = np.zeros(state.game.num_distinct_actions, dtype=np.int8)
    if not state.is_over and (seat is None or seat == state.current_player):
        mask[state.legal_indices()] = 1
    return mask
