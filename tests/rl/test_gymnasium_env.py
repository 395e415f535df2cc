import copy
import pickle
import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import keizai
from keizai.agents import make_agent
from keizai.rl.actions import action_mask
from keizai.rl.gymnasium_env import (
    KeizaiGymEnv,
    KeizaiVectorEnv,
    ResetNeeded,
    episode_step_limit,
    gymnasium_id,
    register_envs,
)
from keizai.rl.observations import encoder_for, supported_games
from keizai.rl.rewards import final_rewards
from tests.rl.helpers import warnings_as_errors
from tests.tables import every_table

CASES = every_table(supported_games())


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gymnasium_env_checker(game_id, players):
    """Gymnasium's check_env with its warnings as errors (but the unbounded Box's advice),
    on an environment made by `gymnasium.make`, so that the checker has a spec and renders
    every mode: it warned "No render fps was declared" for each render mode."""
    with warnings_as_errors():
        check_env(gym.make(gymnasium_id(game_id), players=players).unwrapped,
                  skip_render_check=False)


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
    """`gymnasium.make` wraps the environment in Gymnasium's passive checker, which checks
    every reset, step and render: it says nothing through a whole episode."""
    assert gymnasium_id("national-economy/glory") in register_envs()
    env = gym.make(gymnasium_id("national-economy/glory"), players=2, render_mode="ansi")
    with warnings_as_errors():
        obs, _ = env.reset(seed=0)
        assert env.observation_space.contains(obs)
        done = False
        while not done:
            assert isinstance(env.render(), str)
            obs, _, terminated, truncated, _ = env.step(
                env.action_space.sample(obs["action_mask"]))
            done = terminated or truncated


def test_an_ended_episode_refuses_more_steps():
    env = KeizaiGymEnv("national-economy/progress", players=2)
    obs, _ = env.reset(seed=1)
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))  # illegal: lost
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_agent_instances_are_reseeded_by_a_seeded_reset():
    """An `Agent` object used to keep its generator running across resets, so the same
    seed gave a different episode."""
    env = KeizaiGymEnv("national-economy/progress", players=3,
                       opponents=[make_agent("random", 5), make_agent("heuristic:epsilon=0.5", 6)])
    first = play(env, seed=11)[0]
    record = env.state.record()
    assert play(env, seed=11)[0] == first
    assert env.state.record() == record
    play(env, seed=12)
    assert env.state.record() != record


def test_opponents_can_be_policies_for_self_play():
    """A callable opponent sees its own seat's observation and mask, as the learner
    would in that seat, and returns an action index."""
    seen = []
    encoder = encoder_for("national-economy/glory")

    def policy(obs):
        state = env.state
        seat = state.current_player
        assert np.array_equal(obs["observation"], encoder.observe(state, seat))
        assert np.array_equal(obs["action_mask"], action_mask(state, seat))
        seen.append(seat)
        return int(np.flatnonzero(obs["action_mask"])[-1])

    env = KeizaiGymEnv("national-economy/glory", players=3, opponents=[policy], seat=0)
    _, reward, _ = play(env, seed=3)
    assert set(seen) == {1, 2}
    assert reward == final_rewards(env.state)[0]
    with pytest.raises(ValueError, match="policy"):
        KeizaiGymEnv("national-economy/glory", players=2, opponents=[42])


def test_an_unknown_opponent_name_fails_at_construction():
    with pytest.raises(ValueError, match="cannot read the bot 'grandmaster'"):
        KeizaiGymEnv("national-economy/progress", players=2, opponents=["grandmaster"])
    with pytest.raises(ValueError, match="unknown parameter"):
        KeizaiGymEnv("national-economy/progress", players=2, opponents=["mcts:depht=3"])


def test_render_mode_is_validated():
    with pytest.raises(ValueError, match="render_mode"):
        KeizaiGymEnv("national-economy/progress", players=2, render_mode="rgb_array")


def test_enterprise_empire_defaults_to_a_win_loss_reward():
    """Its score total is a ranking key (won x 10^6 + ...): a score difference of about
    1.4 million is no reward to learn from."""
    env = KeizaiGymEnv("enterprise-empire", players=2)
    _, reward, info = play(env, seed=4)
    assert reward == final_rewards(env.state, "win_loss")[info["seat"]]
    assert reward in (-1.0, 1.0)
    assert KeizaiGymEnv("national-economy/progress", 2).reward_kind == "score_diff"


def test_registered_environments_have_max_episode_steps():
    for env_id, game_id in zip(register_envs(), supported_games(), strict=True):
        assert gym.spec(env_id).max_episode_steps == episode_step_limit(game_id)
    env = gym.make(gymnasium_id("national-economy/glory"), players=2, max_episode_steps=3)
    obs, _ = env.reset(seed=0)
    for _ in range(3):
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and not terminated


def test_gymnasium_make_vec_gives_the_compiled_vector_environment():
    """`gymnasium.make_vec` of a registered id builds a `KeizaiVectorEnv` (its vector
    entry point), with the registered episode bound and the keyword arguments; it used to
    build only Gymnasium's `SyncVectorEnv`, and `vectorization_mode="vector_entry_point"`
    failed with 'doesn't have a vector entry point defined'."""
    env_id = gymnasium_id("national-economy/progress")
    register_envs()
    for mode in (None, "vector_entry_point"):
        venv = gym.make_vec(env_id, num_envs=3, vectorization_mode=mode, players=2,
                            opponents=["heuristic"])
        assert isinstance(venv, KeizaiVectorEnv)
        assert venv.max_episode_steps == episode_step_limit("national-economy/progress")
        direct = KeizaiVectorEnv("national-economy/progress", num_envs=3, players=2,
                                 opponents=["heuristic"])
        obs, _ = venv.reset(seed=5)
        expected, _ = direct.reset(seed=5)
        for _ in range(30):
            assert (obs["observation"] == expected["observation"]).all()
            actions = np.array([int(np.flatnonzero(row)[-1]) for row in obs["action_mask"]])
            obs, _, _, _, _ = venv.step(actions)
            expected, _, _, _, _ = direct.step(actions)
    assert isinstance(gym.make_vec(env_id, num_envs=2, vectorization_mode="sync", players=2),
                      gym.vector.SyncVectorEnv)
    # docs/rl.md's way to several processes: one KeizaiGymEnv per process
    async_env = gym.make_vec(env_id, num_envs=2, vectorization_mode="async", players=2)
    try:
        obs, _ = async_env.reset(seed=0)
        for _ in range(20):
            actions = np.array([int(np.flatnonzero(row)[0]) for row in obs["action_mask"]])
            obs, _, _, _, _ = async_env.step(actions)
        assert obs["action_mask"].any(axis=1).all()
    finally:
        async_env.close()
    bounded = gym.make_vec(env_id, num_envs=2, players=2, max_episode_steps=3)
    assert bounded.max_episode_steps == 3


def test_gymnasium_vector_env_with_default_autoreset_never_hands_an_all_zero_mask():
    """Default (next-step) autoreset returns the terminal observation, and the action
    picked from it is ignored; its mask used to be all zeros, which crashes a masked
    sampler once per episode."""
    envs = gym.vector.SyncVectorEnv(
        [lambda: KeizaiGymEnv("national-economy/glory", players=2)] * 2)
    obs, _ = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        assert obs["action_mask"].any(axis=1).all()
        actions = [int(rng.choice(np.flatnonzero(row))) for row in obs["action_mask"]]
        obs, _, terminated, _, _ = envs.step(actions)
        ended += int(terminated.sum())
    assert ended >= 2
    envs.close()


def test_keizai_vector_env_steps_n_games_with_numpy_batches():
    n = 4
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=n, players=2,
                           reward="win_loss")
    obs, infos = venv.reset(seed=10)
    assert obs["observation"].shape == (n, venv.envs[0].encoder.size)
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (n, venv.single_action_space.n)
    assert venv.observation_space.contains(obs)
    rng = np.random.default_rng(1)
    finished = []
    for _ in range(300):
        masks = venv.action_masks()
        assert masks.any(axis=1).all() and np.array_equal(masks, obs["action_mask"] == 1)
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        obs, rewards, terminated, truncated, infos = venv.step(actions)
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            assert infos["_final_obs"][i] and rewards[i] in (-1.0, 1.0)
            assert infos["final_info"]["seat"][i] in (0, 1)
            finished.append(i)
        assert not infos.get("_final_obs", np.zeros(n, bool))[~terminated].any()
    assert len(finished) >= n


def test_keizai_vector_env_is_reproducible_and_matches_the_single_environment():
    def run(seed):
        venv = KeizaiVectorEnv("national-economy/glory", num_envs=2, players=2)
        obs, _ = venv.reset(seed=seed)
        trace = []
        for _ in range(60):
            actions = [int(np.flatnonzero(row)[0]) for row in obs["action_mask"]]
            obs, rewards, terminated, _, _ = venv.step(actions)
            trace.append((obs["observation"].sum(), rewards.tolist(), terminated.tolist()))
        return trace

    trace = run(7)
    assert run(7) == trace
    single = KeizaiGymEnv("national-economy/glory", players=2)
    obs, _ = single.reset(seed=8)  # the second environment's seed
    assert np.array_equal(KeizaiVectorEnv("national-economy/glory", num_envs=2, players=2)
                          .reset(seed=7)[0]["observation"][1], obs["observation"])


def test_keizai_vector_env_truncates_at_max_episode_steps():
    venv = KeizaiVectorEnv("enterprise-empire", num_envs=2, players=2, max_episode_steps=5)
    obs, _ = venv.reset(seed=0)
    def first_legal(obs):
        return [int(np.flatnonzero(row)[0]) for row in obs["action_mask"]]

    for _ in range(4):
        obs, _, _, truncated, _ = venv.step(first_legal(obs))
        assert not truncated.any()
    obs, _, terminated, truncated, infos = venv.step(first_legal(obs))
    assert truncated.all() and not terminated.any() and infos["_final_obs"].all()
    obs, _, _, truncated, _ = venv.step(first_legal(obs))  # a new episode
    assert not truncated.any()


def test_a_vector_environment_gives_the_record_of_an_episode_that_ended_in_the_batch() -> None:
    """With final_records=True the record of an episode that ended inside the batch (its
    game replaced at once by the autoreset) is in that step's infos; replayed, it is the
    game the learner played: the record, final scores and reward of the same episode
    played alone. Off by default: a step builds no record."""
    game_id, n, seed = "national-economy/progress", 3, 40
    venv = KeizaiVectorEnv(game_id, num_envs=n, players=2, final_records=True)
    plain = KeizaiVectorEnv(game_id, num_envs=n, players=2)
    alone = [KeizaiGymEnv(game_id, players=2) for _ in range(n)]
    obs, _ = venv.reset(seed=seed)
    plain.reset(seed=seed)
    for i, env in enumerate(alone):
        env.reset(seed=seed + i)   # environment i's seed
    rng = np.random.default_rng(0)
    checked: set[int] = set()
    while len(checked) < n:
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]])
        obs, rewards, terminated, _, infos = venv.step(actions)
        *_, plain_infos = plain.step(actions)
        assert "final_record" not in plain_infos
        given = infos.get("_final_record", np.zeros(n, bool))
        assert np.array_equal(given, terminated)   # every episode that ended, only those
        for i in sorted(set(range(n)) - checked):
            _, reward, done, _, _ = alone[i].step(int(actions[i]))
            assert done == terminated[i]
            if not done:
                continue
            record = infos["final_record"][i]
            assert record == alone[i].state.record()
            replayed = keizai.replay(record)
            assert replayed.is_over and replayed.scores() == alone[i].state.scores()
            seat = infos["final_info"]["seat"][i]
            assert rewards[i] == reward == final_rewards(replayed, venv.envs[i].reward_kind)[seat]
            checked.add(i)


@pytest.mark.parametrize("game_id", supported_games())
def test_keizai_vector_env_rows_are_each_learners_observation(game_id):
    """The batch is written row by row into one buffer (the compiled writers): each row is
    the vector of that learner's view and its mask, at every step, across autoresets."""
    venv = KeizaiVectorEnv(game_id, num_envs=3, players=2)
    encoder = encoder_for(game_id)
    obs, _ = venv.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(120):
        for i, env in enumerate(venv.envs):
            assert np.array_equal(obs["observation"][i],
                                  encoder.encode(env.state.view(env.seat), env.seat))
            assert np.array_equal(obs["action_mask"][i], action_mask(env.state, env.seat))
        obs, *_ = venv.step(np.array([rng.choice(np.flatnonzero(row))
                                      for row in obs["action_mask"]]))


def test_random_opponents_play_as_the_random_agent_does():
    """Random opponents apply their choice by index (no Action decoding), the same choice
    `RandomAgent.choose` makes: an agent of a subclass (which takes the general path)
    gives the same episodes."""
    from keizai.agents.random_agent import RandomAgent

    class SameRandom(RandomAgent):
        pass

    def history(opponent, seed):
        env = KeizaiGymEnv("national-economy/mecenat", players=3, opponents=[opponent])
        play(env, seed)
        return env.state.history

    for seed in range(3):
        assert history("random", seed) == history(SameRandom(), seed)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_legal_actions_are_the_masks_nonzero_entries_at_every_step(game_id, players):
    env = KeizaiGymEnv(game_id, players)
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        done = False
        while True:
            legal = info["legal_actions"]
            assert type(legal) is tuple and all(type(i) is int for i in legal)
            # the engine's order (not always ascending), each index once
            assert sorted(set(legal)) == sorted(legal) == np.flatnonzero(
                obs["action_mask"]).tolist()
            assert env.legal_actions() == legal
            if done:  # every action once the game is over, as the mask
                assert legal == tuple(range(env.game.num_distinct_actions))
                break
            obs, _, terminated, truncated, info = env.step(legal[episode % len(legal)])
            done = terminated or truncated


def _gym_trajectory(env, actions_rng, steps):
    """Up to `steps` steps of random legal play: each step's (observation, mask,
    reward, terminated), and the actions taken."""
    seen = []
    for _ in range(steps):
        action = int(actions_rng.choice(env.legal_actions()))
        obs, reward, terminated, _, _ = env.step(action)
        seen.append((obs["observation"].tolist(), obs["action_mask"].tolist(), reward,
                     terminated))
        if terminated:
            obs, _ = env.reset()
    return seen


COPIES = {"deepcopy": copy.deepcopy, "pickle": lambda env: pickle.loads(pickle.dumps(env))}


@pytest.mark.parametrize("game_id", supported_games())
@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copied_environment_plays_on_as_the_original(game_id, how):
    """`copy.deepcopy` and `pickle` copy a running episode (the game, the opponents and
    their generators, the seed stream): the copy and the original, given the same
    actions, give the same steps through the episode's end and the resets after it, and
    stepping one leaves the other as it was. (Both raised TypeError: the compiled core's
    buffers cannot be copied.)"""
    env = KeizaiGymEnv(game_id, 2, opponents=["random"])
    if game_id.startswith("national-economy"):  # an agent object and its generator too
        env = KeizaiGymEnv(game_id, 3, opponents=["random", make_agent("heuristic", 5)])
    env.reset(seed=11)
    _gym_trajectory(env, np.random.default_rng(0), 7)
    twin = COPIES[how](env)
    assert twin._obs.tolist() == env._obs.tolist()
    before = env.state.view(None)
    copied = _gym_trajectory(twin, np.random.default_rng(1), 300)
    assert env.state.view(None) == before  # the original did not move
    assert _gym_trajectory(env, np.random.default_rng(1), 300) == copied


def test_a_fresh_environment_copies_too():
    env = KeizaiGymEnv("futuropia", 2)
    twin = copy.deepcopy(env)
    with pytest.raises(ResetNeeded, match="reset"):
        twin.state  # noqa: B018 - the read is the test
    assert twin.reset(seed=3)[0]["observation"].tolist() == \
        env.reset(seed=3)[0]["observation"].tolist()


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copied_vector_environment_plays_on_as_the_original(how):
    """The vector environment copies too, each game's episode and step count with it:
    the same actions give the same batches, autoresets and truncations included."""
    vector = KeizaiVectorEnv("national-economy/glory", 3, max_episode_steps=12)
    vector.reset(seed=8)
    picks = np.random.default_rng(0)

    def play(env, steps):
        seen = []
        for _ in range(steps):
            mask = env.action_masks()
            actions = [int(picks.choice(np.flatnonzero(row))) for row in mask]
            obs, rewards, terminated, truncated, infos = env.step(actions)
            seen.append((obs["observation"].tolist(), rewards.tolist(),
                         terminated.tolist(), truncated.tolist(), infos["seat"].tolist()))
        return seen

    play(vector, 5)
    twin = COPIES[how](vector)
    assert twin._obs.tolist() == vector._obs.tolist()
    assert twin._masks.tolist() == vector._masks.tolist()
    state = picks.bit_generator.state
    copied = play(twin, 40)
    picks.bit_generator.state = state
    assert play(vector, 40) == copied
    assert any(any(row[3]) for row in copied)  # the copied step counts truncated


def test_a_vector_environments_games_show_their_own_rows():
    """`envs[i]` of a vector environment is a whole `KeizaiGymEnv`: its own step, reset
    and masks show its row of the batch (they handed out all-zero observations and
    masks, the arrays of the game's own that the batch's loop never writes)."""
    vector = KeizaiVectorEnv("national-economy/progress", 2)
    vector.reset(seed=1)
    game = vector.envs[1]
    assert game.action_masks().tolist() == vector.action_masks()[1].tolist()
    obs, _, _, _, info = game.step(game.legal_actions()[0])
    assert obs["observation"].tolist() == vector._obs[1].tolist()
    assert obs["action_mask"].any() and info["action_mask"].tolist() == \
        obs["action_mask"].tolist()
    encoder = encoder_for("national-economy/progress")
    assert obs["observation"].tolist() == encoder.observe(game.state, game.seat).tolist()
    obs, _ = game.reset(seed=5)
    assert obs["observation"].tolist() == vector._obs[1].tolist()


@pytest.mark.parametrize("seed", [2**64, 2**70, True, 1.5, "3"])
def test_a_seed_the_engine_refuses_is_refused_and_the_episode_goes_on(seed):
    """A seed is a game seed as `keizai.new_game` takes it: 2**64 used to give seed 0's
    episodes (and True seed 1's), silently. The refused reset leaves the running
    episode as it was."""
    env = KeizaiGymEnv("national-economy/progress", players=2)
    _, info = env.reset(seed=5)
    state = env.state
    with pytest.raises((keizai.engine.InvalidSetup, gym.error.Error)):
        env.reset(seed=seed)
    assert env.state is state
    fresh = KeizaiGymEnv("national-economy/progress", players=2)
    fresh.reset(seed=5)
    action = info["legal_actions"][0]
    assert np.array_equal(env.step(action)[0]["observation"],
                          fresh.step(action)[0]["observation"])


def test_reset_refuses_options_rather_than_ignoring_them():
    """Game options go to the constructor; `reset(options=...)` ignored them, so an
    experiment asked for one game and played another."""
    env = KeizaiGymEnv("national-economy/progress", players=2)
    env.reset(seed=1, options={})
    env.reset(seed=1, options=None)
    with pytest.raises(ValueError, match="constructor"):
        env.reset(seed=1, options={"burnt_field_immediate": True})
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2)
    with pytest.raises(ValueError, match="constructor"):
        venv.reset(seed=1, options={"burnt_field_immediate": True})


def test_the_learners_seat_must_be_an_integer_seat():
    with pytest.raises(ValueError, match="seat"):
        KeizaiGymEnv("national-economy/progress", players=2, seat=0.5)
    with pytest.raises(ValueError, match="seat"):
        KeizaiGymEnv("national-economy/progress", players=2, seat=True)
    env = KeizaiGymEnv("national-economy/progress", players=2, seat=np.int64(1))
    assert env.reset(seed=0)[1]["seat"] == 1


def test_legal_actions_before_the_first_reset_says_to_reset():
    with pytest.raises(RuntimeError, match="reset"):
        KeizaiGymEnv("national-economy/progress", players=2).legal_actions()


def test_action_masks_before_the_first_reset_say_to_reset():
    """They were all False, which the vector env's docstring says never happens (a masked
    sampler divides by zero on it)."""
    with pytest.raises(RuntimeError, match="reset"):
        KeizaiGymEnv("national-economy/progress", players=2).action_masks()
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2)
    with pytest.raises(RuntimeError, match="reset"):
        venv.action_masks()
    venv.reset(seed=0)
    assert venv.action_masks().any(axis=1).all()


def test_a_vector_environment_takes_a_numpy_integer_seed():
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2)
    by_numpy = venv.reset(seed=np.int64(3))[0]["observation"]
    assert np.array_equal(by_numpy, venv.reset(seed=3)[0]["observation"])
    with pytest.raises(keizai.engine.InvalidSetup):
        venv.reset(seed=2**64)


def test_a_vector_environment_raising_on_an_illegal_action_leaves_every_game_as_it_was():
    """With illegal="raise", an illegal action of game 1 was raised after game 0 had
    stepped: game 0 moved on with its observation never handed out, and the retried
    step gave it a second action for one observation."""
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2,
                           illegal="raise")
    twin = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2,
                           illegal="raise")
    obs, _ = venv.reset(seed=4)
    twin.reset(seed=4)
    histories = [list(env.state.history) for env in venv.envs]
    legal = [env.legal_actions()[0] for env in venv.envs]
    not_legal = next(a for a in range(157) if a not in venv.envs[1].legal_actions())
    for wrong in (10**6, not_legal):
        with pytest.raises(keizai.IllegalAction):
            venv.step([legal[0], wrong])
        assert [env.state.history for env in venv.envs] == histories
        assert np.array_equal(venv.action_masks(), obs["action_mask"].astype(bool))
    assert np.array_equal(venv.step(legal)[0]["observation"],
                          twin.step(legal)[0]["observation"])


def test_a_vector_reset_with_a_refused_seed_resets_no_game():
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=3, players=2)
    venv.reset(seed=1)
    states = [env.state for env in venv.envs]
    for seeds in ([1, 2, 1.5], [1, 2, -1], [1, 2, 2**64]):
        with pytest.raises(ValueError):  # InvalidSetup is a ValueError
            venv.reset(seed=seeds)
        assert [env.state for env in venv.envs] == states
    with pytest.raises(ValueError) as refused:
        venv.reset(seed=2**64 - 2)  # the third game's seed would be 2**64
    assert [env.state for env in venv.envs] == states
    # the seed given is a seed: the message says which game's is not (it said 'seed is
    # too large: 65 bits, at most 64' of a 64-bit seed)
    assert str(refused.value) == (
        "seed 18446744073709551614 gives environment 2 the seed 18446744073709551616, "
        "beyond 2**64 - 1 (environment i gets seed + i): give a smaller seed, or one "
        "seed per environment")


@pytest.mark.parametrize("seed", [1.5, np.float64(2.0), np.bool_(True), "7", b"7"])
def test_a_vector_reset_refuses_one_seed_that_is_no_integer_as_the_engine_does(seed):
    """One seed that is not an integer is refused as every other environment refuses
    it (the engine's ValueError: 'seed must be an integer'), and no game is reset. It
    was read as a list of seeds: a float or NumPy's bool raised TypeError ('object is
    not iterable'), and a string was a list of its characters ('3 environments need 3
    seeds', or with as many characters as games, each refused alone)."""
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=3, players=2)
    venv.reset(seed=1)
    states = [env.state for env in venv.envs]
    with pytest.raises(ValueError) as refused:
        venv.reset(seed=seed)
    with pytest.raises(ValueError) as engine:
        keizai.new_game("national-economy/progress", players=2, seed=seed)
    assert str(refused.value) == str(engine.value)
    assert [env.state for env in venv.envs] == states


def failing_policy(fail_at: int, choice: object):
    """An opponent policy that picks its first legal action, and at its `fail_at`th
    decision returns `choice` (an illegal action) or raises it (an exception)."""
    calls = []

    def policy(obs):
        calls.append(1)
        if len(calls) == fail_at:
            if isinstance(choice, Exception):
                raise choice
            return choice
        return int(np.flatnonzero(obs["action_mask"])[0])
    return policy


@pytest.mark.parametrize("choice", [10**6, ZeroDivisionError("the policy's own bug")])
def test_an_opponent_that_fails_ends_the_episode(choice):
    """An opponent policy that chose an illegal action (or raised) left the game with that
    opponent to move and the learner's action applied; the next step then played the
    learner's action in the opponent's seat."""
    env = KeizaiGymEnv("national-economy/progress", players=2, seat=0,
                       opponents=[failing_policy(2, choice)])
    _, info = env.reset(seed=1)
    with pytest.raises((keizai.IllegalAction, ZeroDivisionError)) as failed:
        while True:
            _, _, _, _, info = env.step(info["legal_actions"][0])
    assert "seat 1" in "".join(failed.value.__notes__)
    history = list(env.state.history)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(env.state.legal_indices()[0])  # the opponent's legal action
    assert env.state.history == history
    env.reset(seed=1)
    assert env.state.current_player == 0


def test_a_vector_environment_whose_opponent_fails_steps_no_more_until_reset():
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2, seat=0,
                           opponents=[failing_policy(3, 10**6)])
    obs, _ = venv.reset(seed=1)
    with pytest.raises(keizai.IllegalAction):
        for _ in range(20):
            obs, *_ = venv.step(np.array([np.flatnonzero(row)[0]
                                          for row in obs["action_mask"]]))
    histories = [list(env.state.history) for env in venv.envs]
    with pytest.raises(RuntimeError, match="reset"):
        venv.step(np.array([np.flatnonzero(row)[0] for row in venv.action_masks()]))
    assert [env.state.history for env in venv.envs] == histories
    obs, _ = venv.reset(seed=2)
    venv.step(np.array([np.flatnonzero(row)[0] for row in obs["action_mask"]]))


def test_an_opponent_that_fails_before_the_learners_first_turn_ends_the_episode():
    """The opponents' opening moves of `reset` fail the same way, after an episode that
    went well: no step plays the learner's action in the failed opponent's seat."""
    failing = []

    def policy(obs):
        if failing:
            raise failing[0]
        return int(np.flatnonzero(obs["action_mask"])[0])

    env = KeizaiGymEnv("national-economy/progress", players=2, seat=1, opponents=[policy])
    env.reset(seed=1)
    assert env.state.current_player == 1 and env.state.history
    failing.append(ZeroDivisionError("the policy's own bug"))
    with pytest.raises(ZeroDivisionError):
        env.reset(seed=1)
    assert env.state.current_player == 0 and env.state.history == []
    with pytest.raises(RuntimeError, match="reset"):
        env.step(env.state.legal_indices()[0])
    assert env.state.history == []
    failing.clear()
    env.reset(seed=1)
    assert env.state.current_player == 1


@pytest.mark.parametrize("options", ["burnt_field_immediate", {"nope": 1},
                                     {"burnt_field_immediate": "yes"}])
def test_game_options_the_game_refuses_are_refused_at_construction(options):
    """As unknown opponent names are: they failed at the first reset, a string with
    "dictionary update sequence element #0 has length 1; 2 is required"."""
    with pytest.raises(keizai.engine.InvalidSetup):
        KeizaiGymEnv("national-economy/progress", players=2, options=options)
    with pytest.raises(keizai.engine.InvalidSetup):
        KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2, options=options)


def test_opponent_levels_with_a_time_cap_play_without_it(monkeypatch):
    """`opponents=["expert"]` (or `"solo"`) searched with the level's time cap (2 s,
    1.7 s a decision), so on a loaded machine `reset(seed=s)` did not replay the same
    episode: the search stopped early by the clock. Opponents named by a level play its
    fixed budget without the cap, as tournaments do; a cap in a spec of one's own stays."""
    import keizai.rl.gymnasium_env as module

    env = KeizaiGymEnv("national-economy/progress", players=4, seat=0,
                       opponents=["expert", "solo", "mcts:iterations=50:cap=1"])
    built = []

    def made(spec, seed=0):
        built.append(make_agent(spec, seed))
        return make_agent("random", seed)  # plays quickly in their place

    monkeypatch.setattr(module, "make_agent", made)
    env.reset(seed=3)
    assert [type(agent).__name__ for agent in built] == ["MCTSAgent", "SoloAgent", "MCTSAgent"]
    assert [agent.cap for agent in built] == [0.0, 0.0, 1.0]
    assert (built[0].iterations, built[1].limit) == (12000, 20000)


def test_opponents_sit_in_seat_order_around_the_learner():
    """docs/rl.md: one opponent per other seat, in seat order with the learner's seat
    skipped, whichever seat the learner draws."""
    from keizai.agents import RandomAgent

    seen = set()

    class Named(RandomAgent):  # copied at every reset: `seen` is the test's, not copied
        def __init__(self, name):
            super().__init__(0)
            self.name = name

        def choose(self, state):
            seen.add((self.name, state.current_player))
            return super().choose(state)

    env = KeizaiGymEnv("futuropia", players=3, seat=None,
                       opponents=[Named("a"), Named("b")])
    for seed in range(12):
        seen.clear()
        _, info = env.reset(seed=seed)
        for _ in range(30):
            _, _, terminated, _, info = env.step(info["legal_actions"][0])
            if terminated:
                break
        others = [s for s in range(3) if s != info["seat"]]
        assert seen == {("a", others[0]), ("b", others[1])}


def test_a_vector_environment_renders_its_games_as_gymnasiums_own_does():
    """`render_mode` goes to each game with the other keyword arguments, and the batch
    answers to it as Gymnasium's `SyncVectorEnv` over the same games does: the same
    `render_mode` and render modes, and `render()` the tuple of the games' pictures
    (each seat's text in "ansi"; None without a render mode, as `VectorEnv.render`
    says). It used to say render_mode None and no render modes while its games drew,
    and its `render()` raised NotImplementedError, so `gym.make_vec(id,
    render_mode="ansi")` gave a batch that could not be rendered."""
    env_id = gymnasium_id("enterprise-empire")
    register_envs()
    for mode in ("ansi", None):
        ours = gym.make_vec(env_id, num_envs=2, players=2, render_mode=mode)
        sync = gym.make_vec(env_id, num_envs=2, players=2, render_mode=mode,
                            vectorization_mode="sync")
        ours.reset(seed=3)
        sync.reset(seed=3)
        assert ours.render_mode == sync.render_mode == mode
        assert (ours.metadata["render_modes"] == sync.metadata["render_modes"]
                == ["ansi", "human"])
        assert ours.metadata["render_fps"] == sync.metadata["render_fps"]
        frames = ours.render()
        if mode is None:
            assert frames is None
            continue
        assert frames == sync.render()
        assert frames == tuple(env.render() for env in ours.envs)
        assert all(isinstance(frame, str) and frame for frame in frames)


def test_a_step_with_no_episode_says_to_reset_as_gymnasium_does():
    """A step before the first `reset` said 'call reset() before step() (the episode is
    over)', of an episode that never began; and a vector environment stepped before
    `reset` then said 'an opponent failed in an earlier step' at every step. Each now
    says what is missing, and the error is Gymnasium's own `ResetNeeded` (what
    `gymnasium.make`'s order-enforcing wrapper raises before `reset`), still a
    RuntimeError."""
    register_envs()
    made = gym.make(gymnasium_id("national-economy/progress"), players=2)
    with pytest.raises(gym.error.ResetNeeded):   # the wrapper's, for comparison
        made.step(0)
    env = KeizaiGymEnv("national-economy/progress", players=2)
    with pytest.raises(gym.error.ResetNeeded,
                       match=r"^call reset\(\) before step\(\)$") as raised:
        env.step(0)
    assert isinstance(raised.value, RuntimeError)
    for read in (env.legal_actions, env.action_masks):
        with pytest.raises(gym.error.ResetNeeded, match="reset"):
            read()
    _, info = env.reset(seed=2)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(info["legal_actions"][0])
    with pytest.raises(gym.error.ResetNeeded, match="episode is over: call reset"):
        env.step(0)
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2)
    for _ in range(2):
        with pytest.raises(gym.error.ResetNeeded, match=r"^call reset\(\) before step\(\)$"):
            venv.step(np.zeros(2, np.int64))
    with pytest.raises(gym.error.ResetNeeded, match="reset"):
        venv.action_masks()
    obs, _ = venv.reset(seed=0)
    venv.step(np.array([np.flatnonzero(mask)[0] for mask in obs["action_mask"]]))


def test_render_mode_human_prints_the_learners_view_at_each_reset_and_step(capsys):
    """Gymnasium offered only "ansi" (`render_mode="human"` was refused), where
    PettingZoo's environment prints in "human" mode and Gymnasium's human mode renders
    by itself in `reset` and `step` for a person watching (a trained policy playing,
    `gymnasium.make(id, render_mode="human")`). It prints the learner's picture, the
    text "ansi" returns; `render()` prints it again and returns None, as Gymnasium's
    human mode does. A vector environment prints each game's."""
    game_id = "national-economy/progress"
    ansi = KeizaiGymEnv(game_id, players=2, render_mode="ansi")
    human = KeizaiGymEnv(game_id, players=2, render_mode="human")
    _, info = ansi.reset(seed=4)
    human.reset(seed=4)
    assert capsys.readouterr().out == ansi.render() + "\n"
    action = info["legal_actions"][0]
    ansi.step(action)
    human.step(action)
    assert capsys.readouterr().out == ansi.render() + "\n"
    assert human.render() is None
    assert capsys.readouterr().out == ansi.render() + "\n"
    register_envs()
    made = gym.make(gymnasium_id(game_id), players=2, render_mode="human")
    made.reset(seed=4)
    assert capsys.readouterr().out == ansi_at(game_id, 4) + "\n"
    venv = KeizaiVectorEnv(game_id, num_envs=2, players=2, render_mode="human")
    shown = KeizaiVectorEnv(game_id, num_envs=2, players=2, render_mode="ansi")
    obs, _ = venv.reset(seed=7)
    shown.reset(seed=7)
    assert capsys.readouterr().out == "".join(f"{frame}\n" for frame in shown.render())
    actions = np.array([np.flatnonzero(mask)[0] for mask in obs["action_mask"]])
    venv.step(actions)
    shown.step(actions)
    assert capsys.readouterr().out == "".join(f"{frame}\n" for frame in shown.render())
    assert venv.render() is None


def ansi_at(game_id: str, seed: int) -> str:
    """The learner's picture just after `reset(seed=seed)`, as render_mode "ansi" gives it."""
    env = KeizaiGymEnv(game_id, players=2, render_mode="ansi")
    env.reset(seed=seed)
    text = env.render()
    assert text is not None
    return text


def test_the_episodes_engine_state_is_there_or_says_to_reset():
    """`env.state` was None before the first `reset` and typed `State | None`: the docs'
    `record = env.state.record()` failed `mypy --strict` in a researcher's program
    (union-attr), and before a reset it said "'NoneType' object has no attribute
    'record'". It is the State, or ResetNeeded saying what to do."""
    env = KeizaiGymEnv("national-economy/progress", players=2)
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2)
    for fresh in (env, venv.envs[1]):
        with pytest.raises(ResetNeeded, match=r"^call reset\(\) first$"):
            fresh.state.record()
    _, info = env.reset(seed=4)
    env.step(info["legal_actions"][0])
    assert keizai.replay(env.state.record()).view(None) == env.state.view(None)
    venv.reset(seed=4)
    assert venv.envs[0].state.record() == keizai.replay(venv.envs[0].state.record()).record()


@pytest.mark.parametrize("making", [
    # Gymnasium's "module:id" form, which imports the module to register its ids (an id
    # in a trainer's configuration file)
    'env = gymnasium.make("keizai.rl.gymnasium_env:keizai/national-economy-progress-v0")',
    # an import of the environments' module, as OpenSpiel's games register on import
    'import keizai.rl.gymnasium_env\n'
    'env = gymnasium.make("keizai/national-economy-progress-v0")',
])
def test_the_ids_are_registered_by_importing_the_environments_module(making):
    """Only `register_envs()` registered the ids: `gymnasium.make` with Gymnasium's
    module-qualified id said "Namespace keizai not found. Have you installed the proper
    package for keizai?" (a new interpreter: this one's registry already has them)."""
    code = (f"import gymnasium\n{making}\nobs, info = env.reset(seed=1)\n"
            f"print(env.spec.id, obs['observation'].shape)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "keizai/national-economy-progress-v0 (630,)\n"
