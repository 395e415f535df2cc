import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import keizai
from keizai.agents import make_agent
from keizai.rl.gymnasium_env import KeizaiGymEnv, gymnasium_id, register_envs
from keizai.rl.observations import supported_games
from keizai.rl.rewards import final_rewards

CASES = [(game_id, players) for game_id in supported_games()
         for players in range(keizai.get_game(game_id).min_players,
                              keizai.get_game(game_id).max_players + 1)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gymnasium_env_checker(game_id, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice: unbounded Box, no render fps
        check_env(KeizaiGymEnv(game_id, players, render_mode="ansi"), skip_render_check=False)


def play(env: KeizaiGymEnv, seed: int) -> tuple[list[int], float, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, done, reward = [], False, 0.0
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
    return actions, reward, info


def test_an_episode_ends_with_the_learners_final_reward():
    env = KeizaiGymEnv("national-economy/glory", players=3, opponents=["random", "random"],
                       reward="win_loss")
    _, reward, info = play(env, seed=9)
    assert env.state.is_over
    assert reward == final_rewards(env.state, "win_loss")[info["seat"]]


def test_a_seeded_reset_replays_the_same_episode():
    env = KeizaiGymEnv("national-economy/progress", players=2)
    first = play(env, seed=21)
    record = env.state.record()
    assert play(env, seed=21)[0] == first[0]
    assert env.state.record() == record


def test_the_learner_seat_can_be_fixed_or_drawn():
    fixed = KeizaiGymEnv("national-economy/progress", players=4, seat=2)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(6)} == {2}
    drawn = KeizaiGymEnv("national-economy/progress", players=4)
    assert len({drawn.reset(seed=s)[1]["seat"] for s in range(12)}) > 1


def test_an_illegal_action_loses_or_raises():
    env = KeizaiGymEnv("national-economy/progress", players=2, illegal_reward=-5)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-5, True, True)
    strict = KeizaiGymEnv("national-economy/progress", players=2, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(keizai.IllegalAction):
        strict.step(illegal)


def test_opponents_can_be_agent_objects():
    env = KeizaiGymEnv("national-economy/mecenat", players=2, opponents=[make_agent("random")])
    _, reward, _ = play(env, seed=2)
    assert reward == final_rewards(env.state)[env.seat]


def test_wrong_opponent_count_is_refused():
    with pytest.raises(ValueError, match="need 2 opponents"):
        KeizaiGymEnv("national-economy/progress", players=3, opponents=["random"] * 3)


def test_registered_with_gymnasium_make():
    assert gymnasium_id("national-economy/glory") in register_envs()
    env = gym.make(gymnasium_id("national-economy/glory"), players=2)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
