"""The training example (examples/train_reinforce.py): its learning step works."""

import importlib.util
from pathlib import Path

import numpy as np

from keizai.rl.gymnasium_env import KeizaiGymEnv
from keizai.rl.rewards import final_rewards

SCRIPT = Path(__file__).parents[2] / "examples" / "train_reinforce.py"


def load_example():
    spec = importlib.util.spec_from_file_location("train_reinforce", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_update_makes_a_rewarded_action_more_likely():
    example = load_example()
    rng = np.random.default_rng(0)
    policy = example.Policy(inputs=5, actions=4, hidden=8, rng=rng)
    x = rng.normal(size=(1, 5))
    mask = np.array([[1, 1, 0, 1]])
    before = policy.forward(x, mask)[1][0]
    for _ in range(20):
        policy.update(x, mask, np.array([3]), np.array([1.0]), lr=0.01, entropy=0.0)
    after = policy.forward(x, mask)[1][0]
    assert after[3] > before[3] and after[2] == 0


def test_episodes_use_only_legal_actions_and_end_with_a_reward():
    example = load_example()
    env = KeizaiGymEnv("national-economy/progress", players=2, illegal="raise")
    policy = example.Policy(env.observation_space["observation"].shape[0], env.action_space.n,
                            8, np.random.default_rng(1))
    xs, masks, actions, reward = example.run_episode(env, policy, np.random.default_rng(2), 3)
    assert len(xs) == len(masks) == len(actions) > 0
    assert all(mask[a] == 1 for mask, a in zip(masks, actions, strict=True))
    assert env.state.is_over
    assert reward == final_rewards(env.state)[env.seat]
