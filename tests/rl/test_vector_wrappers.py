"""docs/rl.md's claims about Gymnasium's vector wrappers and a `KeizaiVectorEnv`
(same-step autoreset): the reward and statistics wrappers take it and count its episodes
right; the observation wrappers refuse it, and go to the single environments instead
(`make_vec(..., vectorization_mode="sync", wrappers=[FlattenObservation])`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.wrappers import FlattenObservation  # noqa: E402
from gymnasium.wrappers import vector as vector_wrappers  # noqa: E402

from keizai.rl.gymnasium_env import KeizaiVectorEnv, register_envs  # noqa: E402

GAME = "national-economy/progress"


def first_legal(masks: np.ndarray) -> np.ndarray:
    return np.array([np.flatnonzero(row)[0] for row in masks])


def test_record_episode_statistics_counts_each_episode_as_the_loop_does() -> None:
    venv = vector_wrappers.RecordEpisodeStatistics(KeizaiVectorEnv(GAME, num_envs=3,
                                                                   players=2))
    obs, _ = venv.reset(seed=0)
    returns, lengths, episodes = np.zeros(3), np.zeros(3, dtype=int), []
    for _ in range(150):
        obs, rewards, terminated, truncated, _ = venv.step(first_legal(obs["action_mask"]))
        returns += rewards
        lengths += 1
        for i in np.flatnonzero(terminated | truncated):
            episodes.append((float(returns[i]), int(lengths[i])))
            returns[i], lengths[i] = 0, 0
    assert len(episodes) >= 3
    recorded = list(zip(map(float, venv.return_queue), map(int, venv.length_queue),
                        strict=True))
    assert recorded == episodes


@pytest.mark.parametrize("wrap", [
    lambda venv: vector_wrappers.NormalizeReward(venv),
    lambda venv: vector_wrappers.ClipReward(venv, -1.0, 1.0),
    lambda venv: vector_wrappers.DictInfoToList(venv),
], ids=["NormalizeReward", "ClipReward", "DictInfoToList"])
def test_the_reward_and_info_wrappers_take_the_vector_environment(
        wrap: Callable[[KeizaiVectorEnv], Any]) -> None:
    venv = wrap(KeizaiVectorEnv(GAME, num_envs=2, players=2))
    obs, _ = venv.reset(seed=1)
    ended = 0
    for _ in range(100):
        obs, _, terminated, truncated, _ = venv.step(first_legal(obs["action_mask"]))
        ended += int(np.sum(terminated | truncated))
    assert ended >= 2


def test_the_observation_wrappers_refuse_same_step_autoreset() -> None:
    with pytest.raises(ValueError, match="autoreset_mode"):
        vector_wrappers.FlattenObservation(KeizaiVectorEnv(GAME, num_envs=2, players=2))


def test_flatten_observation_goes_to_the_single_environments() -> None:
    """The flattened row is the Dict's keys in order: the mask's entries, then the
    observation; the infos carry the masks too."""
    (env_id,) = [i for i in register_envs() if "progress" in i]
    venv = gymnasium.make_vec(env_id, num_envs=2, vectorization_mode="sync",
                              wrappers=[FlattenObservation], players=2)
    actions = venv.single_action_space.n
    obs, infos = venv.reset(seed=0)
    for _ in range(40):
        assert np.array_equal(obs[:, :actions], infos["action_mask"])
        obs, _, _, _, infos = venv.step(first_legal(obs[:, :actions]))
    venv.close()
