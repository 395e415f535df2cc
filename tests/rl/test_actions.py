import numpy as np

from keizai.rl.actions import action_mask
from tests.rl.helpers import random_states


def test_mask_marks_exactly_the_legal_actions():
    for state in random_states("national-economy/mecenat", 3, seed=6, every=3):
        mask = action_mask(state)
        assert mask.shape == (state.game.num_distinct_actions,) and mask.dtype == np.int8
        assert list(np.flatnonzero(mask)) == sorted(state.legal_indices())
        if state.is_over:
            assert not mask.any()
        else:
            waiting = (state.current_player + 1) % 3
            assert not action_mask(state, waiting).any()
