"""Stable-Baselines3's `make_vec_env(env_id)` on a registered keizai environment, without
torch: its environment factory is copied below (stable_baselines3/common/env_util.py,
2.9.2). It asks `gymnasium.make` for render_mode "rgb_array" unless `env_kwargs` names a
render mode, and tries again without it only on TypeError; these games draw text, so the
environment refuses "rgb_array" (ValueError), and `make_vec_env` failed with a refusal of
a mode the researcher never asked for."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from keizai.rl.gymnasium_env import gymnasium_id, register_envs  # noqa: E402

register_envs()
ENV_ID = gymnasium_id("national-economy/progress")


def sb3_make(env_id: str, env_kwargs: dict[str, Any]) -> Any:
    """What `make_vec_env(env_id, env_kwargs=...)` builds for each of its environments."""
    kwargs = {"render_mode": "rgb_array"}
    kwargs.update(env_kwargs)
    try:
        return gymnasium.make(env_id, **kwargs)
    except TypeError:
        return gymnasium.make(env_id, **env_kwargs)


def test_the_refusal_of_rgb_array_says_what_to_pass_stable_baselines3() -> None:
    with pytest.raises(ValueError, match="rgb_array") as refused, \
            pytest.warns(UserWarning, match="not in the possible render_modes"):  # Gymnasium's
        sb3_make(ENV_ID, {"players": 2})
    assert 'env_kwargs={"render_mode": None}' in str(refused.value)


def test_make_vec_env_builds_the_environment_with_render_mode_none() -> None:
    """The way out the refusal and docs/rl.md give: an episode plays to its end."""
    env = sb3_make(ENV_ID, {"players": 2, "render_mode": None})
    assert env.render_mode is None
    obs, _ = env.reset(seed=0)
    done = False
    while not done:
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done = terminated or truncated
