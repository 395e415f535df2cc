"""Gymnasium spaces shared by the PettingZoo and Gymnasium adapters."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from keizai.engine import Game
from keizai.rl.observations import ObservationEncoder


def observation_space(encoder: ObservationEncoder, game: Game) -> spaces.Dict:
    """{"observation": the encoder's vector, "action_mask": 0/1 per action index}."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, shape=(encoder.size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(game.num_distinct_actions,), dtype=np.int8),
    })


def action_space(game: Game) -> spaces.Discrete:
    return spaces.Discrete(game.num_distinct_actions)
