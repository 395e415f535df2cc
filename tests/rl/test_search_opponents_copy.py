"""docs/rl.md: every environment copies (`copy.deepcopy`) and pickles mid-episode, its
opponents with it. An opponent that searches (`mcts`, and the levels built on it:
`normal`, `hard`, `expert`) keeps the subtree of its last move for its next one; in the
compiled build its tree nodes could be neither copied nor unpickled ("__init__() missing
required argument 'player'"), so no environment with such an opponent could be, once the
opponent had moved."""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from keizai.rl.gymnasium_env import KeizaiGymEnv

ROOT = Path(__file__).resolve().parents[2]


def _play(env: KeizaiGymEnv, steps: int) -> list[tuple[float, bool, list[float]]]:
    """The learner takes its first legal action; what each step gives back."""
    seen = []
    for _ in range(steps):
        obs, reward, terminated, truncated, _ = env.step(env.legal_actions()[0])
        seen.append((float(reward), terminated, obs["observation"].tolist()))
        if terminated or truncated:
            break
    return seen


@pytest.mark.parametrize(("game_id", "opponent"), [
    ("national-economy/glory", "mcts:iterations=8"), ("futuropia", "normal")])
@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_an_environment_whose_opponent_searched_copies_and_plays_on_alike(
        game_id: str, opponent: str, how: str) -> None:
    env = KeizaiGymEnv(game_id, 2, opponents=[opponent], seat=0)
    env.reset(seed=4)
    _play(env, 4)  # the opponent has searched and kept a subtree
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert _play(twin, 6) == _play(env, 6)


def test_a_pickled_environment_with_a_searching_opponent_loads_in_another_process(
        tmp_path: Path) -> None:
    env = KeizaiGymEnv("national-economy/progress", 2, opponents=["mcts:iterations=8"],
                       seat=1)
    env.reset(seed=2)
    _play(env, 3)
    (tmp_path / "env.pkl").write_bytes(pickle.dumps(env))
    program = ("import json, pickle, sys\n"
               "env = pickle.load(open(sys.argv[1], 'rb'))\n"
               "print(json.dumps(env.step(env.legal_actions()[0])[0]['observation'].tolist()))\n")
    run = subprocess.run([sys.executable, "-c", program, str(tmp_path / "env.pkl")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    expected = env.step(env.legal_actions()[0])[0]["observation"]
    assert np.array_equal(np.array(json.loads(run.stdout), np.float32), expected)
