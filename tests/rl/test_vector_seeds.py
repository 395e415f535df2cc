"""`KeizaiVectorEnv.reset(seed=[...])`: one seed per game, as Gymnasium's vector
environments take it (its docstring said so, docs/rl.md and the tests did not)."""

from __future__ import annotations

import numpy as np
import pytest

from keizai.engine import InvalidSetup
from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv

GAME = "national-economy/progress"


def test_a_list_gives_each_game_its_own_seed() -> None:
    venv = KeizaiVectorEnv(GAME, num_envs=3, players=2)
    obs, infos = venv.reset(seed=[11, 4, 2**64 - 1])
    for i, seed in enumerate([11, 4, 2**64 - 1]):
        env = KeizaiGymEnv(GAME, players=2)
        alone, info = env.reset(seed=seed)
        assert np.array_equal(obs["observation"][i], alone["observation"])
        assert infos["seat"][i] == info["seat"]
        assert venv.envs[i].state.record() == env.state.record()


@pytest.mark.parametrize(("seeds", "error"), [([1, 2], ValueError), ([1, 2, 3, 4], ValueError),
                                              ([1, -1, 2], InvalidSetup),
                                              ([1, 2.5, 3], InvalidSetup)])
def test_a_wrong_list_is_refused_and_resets_no_game(seeds: list[object],
                                                    error: type[Exception]) -> None:
    venv = KeizaiVectorEnv(GAME, num_envs=3, players=2)
    venv.reset(seed=0)
    before = [env.state.record() for env in venv.envs]
    with pytest.raises(error):
        venv.reset(seed=seeds)  # type: ignore[arg-type]
    assert [env.state.record() for env in venv.envs] == before
