"""The RL environments' constructors refuse nonsense arguments with an error that names
the argument, rather than Python's own words or a silent meaning."""

import math
import os
import re

import gymnasium as gym
import numpy as np
import pytest

from keizai.rl import gymnasium_env, memory
from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv, register_envs
from keizai.rl.pettingzoo_env import env as aec_env
from keizai.rl.quoting import given

GAME = "national-economy/progress"


@pytest.mark.parametrize("num_envs", [True, False, 2.5, "2", None, np.float64(2.0)])
def test_a_vector_env_refuses_a_count_of_games_that_is_no_whole_number(num_envs):
    with pytest.raises(ValueError, match=r"num_envs must be a whole number .* \(given: "
                                         + re.escape(given(num_envs)) + r"\)$"):
        KeizaiVectorEnv(GAME, num_envs=num_envs)


def test_a_vector_env_takes_a_numpy_count_of_games():
    venv = KeizaiVectorEnv(GAME, num_envs=np.int64(2), max_episode_steps=np.int32(3))
    obs, _ = venv.reset(seed=1)
    assert obs["observation"].shape[0] == 2 and venv.num_envs == 2
    assert type(venv.num_envs) is int and type(venv.max_episode_steps) is int


@pytest.mark.parametrize("steps", [-2, -100, True, 2.5, "5", np.float32(5.0)])
def test_a_vector_env_refuses_a_step_limit_gymnasium_would_refuse(steps):
    with pytest.raises(ValueError, match="max_episode_steps must be a whole number"):
        KeizaiVectorEnv(GAME, num_envs=1, max_episode_steps=steps)


def test_minus_one_means_no_step_limit_as_in_gymnasium_make():
    # gymnasium.make(id, max_episode_steps=-1) applies no TimeLimit, and make_vec passes
    # the same keyword to the vector entry point: both modes must mean the same
    register_envs()
    env_id = "keizai/national-economy-progress-v0"
    venv = gym.make_vec(env_id, num_envs=1, max_episode_steps=-1)
    assert venv.unwrapped.max_episode_steps == -1
    obs, _ = venv.reset(seed=3)
    for _ in range(30):  # learner steps past any limit a negative count could be
        obs, _, _, truncations, _ = venv.step(obs["action_mask"].argmax(axis=1))
        assert not truncations.any()


@pytest.mark.parametrize("flag", ["no", 0, None])
def test_a_vector_env_refuses_final_records_that_is_not_true_or_false(flag):
    with pytest.raises(ValueError, match="final_records must be True or False"):
        KeizaiVectorEnv(GAME, num_envs=1, final_records=flag)


@pytest.mark.parametrize("reward", ["x", None, math.nan, math.inf, -math.inf, True, [1]])
def test_gym_env_refuses_an_illegal_reward_that_is_no_finite_number(reward):
    with pytest.raises(ValueError, match="illegal_reward must be a finite number"):
        KeizaiGymEnv(GAME, illegal_reward=reward)


@pytest.mark.parametrize("reward", ["x", math.nan, True])
def test_aec_env_refuses_an_illegal_reward_that_is_no_finite_number(reward):
    with pytest.raises(ValueError, match="illegal_reward must be a finite number"):
        aec_env(GAME, illegal_reward=reward)


def test_an_illegal_reward_of_any_real_number_type_is_taken():
    for reward in (-1, -0.5, np.float32(-2.0), np.int64(-3)):
        env = KeizaiGymEnv(GAME, illegal_reward=reward)
        env.reset(seed=1)
        illegal = next(a for a in range(env.action_space.n) if a not in env.legal_actions())
        _, got, terminated, _, _ = env.step(illegal)
        assert terminated and got == float(reward)


@pytest.mark.parametrize("opponents", [None, 5, 2.0, {}, b"random"])
def test_gym_env_refuses_opponents_that_are_no_list(opponents):
    with pytest.raises(ValueError, match="opponents must be"):
        KeizaiGymEnv(GAME, opponents=opponents)


def test_a_numpy_seed_resets_a_gym_env_as_the_same_python_seed():
    # the vector and PettingZoo environments took np.int64(3); the single one passed it on
    # to Gymnasium, which said "Seed must be a python integer"
    by_numpy, by_python = KeizaiGymEnv(GAME), KeizaiGymEnv(GAME)
    shown, _ = by_numpy.reset(seed=np.int64(3))
    expected, _ = by_python.reset(seed=3)
    assert np.array_equal(shown["observation"], expected["observation"])
    assert by_numpy.state.record() == by_python.state.record()


@pytest.mark.parametrize(("players", "opponents", "said"), [
    (1, ["random", "random"], "1 player \\(solo\\) needs no opponents, not 2"),
    (2, ["random", "random"], "2 players need 1 opponent, not 2"),
    (3, ["random", "random", "random"], "3 players need 2 opponents, not 3")])
def test_a_wrong_number_of_opponents_is_refused_in_plain_words(players, opponents, said):
    # found by h118: "2 players need 1 opponents"; solo said "1 players need 0 opponents"
    with pytest.raises(ValueError, match=f"^{said}$"):
        KeizaiGymEnv(GAME, players=players, opponents=opponents)


def refuse_to_build_games(*args, **kwargs):
    raise AssertionError("a game was built before the count of games was checked")


def test_a_count_of_games_no_machine_can_hold_is_refused_before_any_game_is_built(
        monkeypatch):
    # a typo'd num_envs built games for an hour (350 us and 26-40 KiB each) until the
    # machine swapped or killed a process; 10**9 games need terabytes on any machine
    if not hasattr(os, "sysconf"):
        pytest.skip("this system does not say how much memory it has")
    monkeypatch.setattr(gymnasium_env, "KeizaiGymEnv", refuse_to_build_games)
    with pytest.raises(ValueError, match=r"^num_envs=1,000,000,000 games need more than "
                                         r"[\d,.]+ GiB of memory .*, more than the "
                                         r"[\d,.]+ GiB this process may take .*: give "
                                         r"fewer games"):
        KeizaiVectorEnv(GAME, num_envs=10**9)


def test_the_count_of_games_is_bounded_by_the_machines_memory(monkeypatch):
    # as on a machine of 1 MiB: 64 games of 16 KiB fit, 65 do not
    monkeypatch.setattr(memory, "physical_memory", lambda: 2**20)
    monkeypatch.setattr(memory, "cgroup_limits", lambda: [])
    assert KeizaiVectorEnv(GAME, num_envs=64).num_envs == 64
    monkeypatch.setattr(gymnasium_env, "KeizaiGymEnv", refuse_to_build_games)
    with pytest.raises(ValueError, match=r"^num_envs=65 games need more than 1\.0 MiB of "
                                         r"memory \(16 KiB or more each\), more than the "
                                         r"1\.0 MiB this process may take \(the machine's "
                                         r"memory, or its control group's limit\): give "
                                         r"fewer games, and run more processes \(one "
                                         r"KeizaiVectorEnv each\) for more$"):
        KeizaiVectorEnv(GAME, num_envs=65)


def test_the_count_of_games_is_bounded_by_a_control_groups_limit(monkeypatch):
    # a container or a cluster's batch job limited to 1 MiB on a machine of 1 TiB: the
    # machine's memory alone let 10**7 games start building until the job was killed
    monkeypatch.setattr(memory, "physical_memory", lambda: 2**40)
    monkeypatch.setattr(memory, "cgroup_limits", lambda: [2**20, 2**22])
    monkeypatch.setattr(gymnasium_env, "KeizaiGymEnv", refuse_to_build_games)
    with pytest.raises(ValueError, match=r"more than the 1\.0 MiB this process may take"):
        KeizaiVectorEnv(GAME, num_envs=65)


def test_a_numpy_count_of_players_plays_the_same_games_as_pythons():
    # every other integer argument took NumPy's; players=np.int64(3) (a sweep over
    # np.arange) said "players must be an integer, not np.int64(3)"
    for players in np.arange(2, 4):
        by_numpy = KeizaiGymEnv("futuropia", players=players)
        by_python = KeizaiGymEnv("futuropia", players=int(players))
        by_numpy.reset(seed=5)
        by_python.reset(seed=5)
        assert by_numpy.players == players and type(by_numpy.players) is int
        assert by_numpy.state.record() == by_python.state.record()
        aec = aec_env("futuropia", players=players)
        aec.reset(seed=5)
        assert aec.unwrapped.keizai_state.record()["players"] == players
    with pytest.raises(ValueError, match=r"players must be a whole number \(given: true\)"):
        KeizaiGymEnv("futuropia", players=np.bool_(True))
