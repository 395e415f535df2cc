"""An opponent policy's action is checked as the learner's is: an integer index (Python's
or NumPy's), never a float, a bool or a string truncated by int() into another index."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from keizai import IllegalAction
from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv

GAME = "national-economy/progress"


def first_legal(obs: dict[str, np.ndarray]) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


# each a wrong type for an index that the game would take (or a nonsense one)
WRONG: dict[str, Callable[[dict[str, np.ndarray]], Any]] = {
    "float": lambda obs: float(first_legal(obs)),       # 3.0 played as 3 before
    "numpy float": lambda obs: np.float64(first_legal(obs)),
    "string": lambda obs: str(first_legal(obs)),        # "3" played as 3 before
    "bool": lambda obs: bool(obs["action_mask"][1]),    # True played as index 1 before
    "None": lambda obs: None,                           # a TypeError from int() before
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_an_opponent_policys_action_of_the_wrong_type_is_refused(name: str) -> None:
    env = KeizaiGymEnv(GAME, players=2, opponents=[WRONG[name]], seat=0)
    _, info = env.reset(seed=0)
    assert env.state.current_player == 0
    with pytest.raises(IllegalAction, match="not an action index") as refused:
        env.step(info["legal_actions"][0])  # the opponent's turn comes after the learner's
    assert any("opponent in seat 1" in note for note in refused.value.__notes__)
    # the refused action was not played: the game stands where the opponent was to move
    assert len(env.state.record()["actions"]) == 1
    assert env.state.current_player == 1
    env.reset(seed=1)  # and a reset begins a new game
    assert env.state.record()["actions"] == [] and env.state.current_player == 0


def test_an_opponent_policys_numpy_integer_is_taken() -> None:
    env = KeizaiGymEnv(GAME, players=2, opponents=[lambda obs: np.int64(first_legal(obs))],
                       seat=0)
    _, info = env.reset(seed=0)
    terminated = truncated = False
    while not (terminated or truncated):
        _, _, terminated, truncated, info = env.step(info["legal_actions"][0])
    assert env.state.is_over


def test_a_vector_environments_opponent_policy_is_checked_too() -> None:
    venv = KeizaiVectorEnv(GAME, num_envs=2, players=2, opponents=[WRONG["float"]], seat=0)
    obs, _ = venv.reset(seed=0)
    with pytest.raises(IllegalAction, match="not an action index"):
        venv.step(np.array([first_legal({"action_mask": row}) for row in obs["action_mask"]]))
