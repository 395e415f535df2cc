import copy
import importlib
import pickle

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import keizai
from keizai.rl.observations import supported_games
from keizai.rl.pettingzoo_env import KeizaiAECEnv, env, pettingzoo_name
from keizai.rl.rewards import default_reward, final_rewards
from tests.rl.helpers import warnings_as_errors
from tests.tables import every_table

CASES = every_table(supported_games())


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(game_id, players):
    """api_test and seed_test with their warnings as errors (but the advice about the Dict
    observation, which PettingZoo's own board games share), raw and wrapped."""
    with warnings_as_errors():
        api_test(KeizaiAECEnv(game_id, players), num_cycles=400)  # raises on a failure
        seed_test(lambda: KeizaiAECEnv(game_id, players), num_cycles=400)
        api_test(env(game_id, players), num_cycles=100)
        seed_test(lambda: env(game_id, players), num_cycles=100)
    checked = KeizaiAECEnv(game_id, players)
    checked.reset(seed=1)
    assert len(checked.agents) == players
    assert checked.observe(checked.agent_selection)["action_mask"].any()


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_render_test(game_id, players):
    """docs/rl.md: PettingZoo's render_test passes (every render mode: "human" prints and
    returns None, "ansi" returns the text), at every player count, solo too."""
    from pettingzoo.test import render_test

    with warnings_as_errors():
        render_test(lambda render_mode=None: KeizaiAECEnv(game_id, players,
                                                          render_mode=render_mode))


@pytest.mark.parametrize("game_id", supported_games())
@pytest.mark.parametrize("make", [KeizaiAECEnv, env], ids=["raw", "wrapped"])
def test_pettingzoos_performance_benchmark_runs_through_the_ends_of_games(
        game_id, make, monkeypatch):
    """PettingZoo's performance_benchmark loop (random legal actions from the mask, a reset
    whenever every agent is done). Its 5 s clock is replaced by one that lets it play
    1,000 cycles, so that it meets several ends of games, and takes no time."""
    # (the module: pettingzoo.test re-exports the function under the same name)
    benchmark = importlib.import_module("pettingzoo.test.performance_benchmark")

    class Clock:
        """time.time for the benchmark: 5 s pass in 1,000 readings."""
        def __init__(self) -> None:
            self.now = 0.0

        def time(self) -> float:
            self.now += 5 / 1000
            return self.now

    monkeypatch.setattr(benchmark, "time", Clock())
    played = make(game_id, 2)
    resets = []
    reset = played.reset
    played.reset = lambda *args, **kwargs: resets.append(reset(*args, **kwargs))
    with warnings_as_errors():
        benchmark.performance_benchmark(played)
    assert len(resets) >= 3  # the first and two after the ends of games


def test_the_wrapped_environment_passes_too():
    with warnings_as_errors():
        wrapped = env("national-economy/glory", 2, reward="win_loss")
        api_test(wrapped, num_cycles=400)  # raises on a failure
    wrapped.reset(seed=2)
    assert wrapped.agents == wrapped.possible_agents


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoos_turn_based_conversion_gives_a_parallel_environment(game_id, players):
    """docs/rl.md: no Parallel environment of keizai's own, but PettingZoo's
    `turn_based_aec_to_parallel` makes one (passing `parallel_api_test`): each step applies
    the action of the one agent to act, whose mask is the only one with a legal index."""
    from pettingzoo.test import parallel_api_test
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    with warnings_as_errors():
        parallel_api_test(turn_based_aec_to_parallel(env(game_id, players)), num_cycles=100)
    parallel = turn_based_aec_to_parallel(env(game_id, players))
    aec = KeizaiAECEnv(game_id, players)
    observations, _ = parallel.reset(seed=4)
    aec.reset(seed=4)
    while parallel.agents:
        acting = [a for a in parallel.agents if observations[a]["action_mask"].any()]
        assert acting == [aec.agent_selection]
        action = aec.legal_actions()[-1]
        observations, rewards, _, _, _ = parallel.step(
            {a: action if a in acting else 0 for a in parallel.agents})
        aec.step(action)
        while aec.agents and (aec.terminations[aec.agent_selection]
                              or aec.truncations[aec.agent_selection]):
            aec.step(None)
    final = final_rewards(aec.keizai_state, default_reward(game_id))
    assert rewards == {f"player_{seat}": final[seat] for seat in range(players)}


def test_the_wrapped_environment_enforces_order():
    wrapped = env("national-economy/glory", 2)
    with pytest.raises(AssertionError, match="reset"):
        wrapped.step(0)


def play_to_the_end(env: KeizaiAECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        assert reward == 0
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("reward", ["score_diff", "win_loss"])
def test_final_rewards_are_zero_sum(reward):
    env = KeizaiAECEnv("national-economy/mecenat", players=3, reward=reward)
    final = play_to_the_end(env, seed=4)
    assert set(final) == set(env.possible_agents)
    assert sum(final.values()) == pytest.approx(0)
    if reward == "win_loss":
        assert sorted(final.values()) == [-0.5, -0.5, 1.0]


def test_only_the_acting_seat_has_a_mask():
    env = KeizaiAECEnv("national-economy/progress", players=2)
    env.reset(seed=3)
    acting = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)


def test_an_illegal_action_raises_and_changes_nothing():
    env = KeizaiAECEnv("national-economy/progress", players=2)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.keizai_state.record()
    with pytest.raises(keizai.IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.keizai_state.record() == before


def test_ansi_render_shows_the_table():
    env = KeizaiAECEnv("national-economy/glory", players=2, render_mode="ansi")
    env.reset(seed=1)
    assert isinstance(env.render(), str) and env.render()


def test_unknown_reward_kind_is_refused():
    with pytest.raises(ValueError, match="unknown reward"):
        KeizaiAECEnv("national-economy/glory", players=2, reward="elo")


@pytest.mark.parametrize("game_id", supported_games())
def test_state_is_the_global_state_of_every_seats_view(game_id):
    """`env.state()` (PettingZoo's global state for centralised critics) used to raise:
    the engine state attribute shadowed the method."""
    env = KeizaiAECEnv(game_id, players=3)
    env.reset(seed=5)
    for _ in range(6):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    state = env.state()
    assert env.state_space.contains(state)
    size = env.encoder.size
    for seat, agent in enumerate(env.possible_agents):
        assert np.array_equal(state[seat * size:(seat + 1) * size],
                              env.observe(agent)["observation"])


def test_render_mode_is_validated():
    with pytest.raises(ValueError, match="render_mode"):
        KeizaiAECEnv("national-economy/glory", players=2, render_mode="rgb_array")
    assert KeizaiAECEnv("national-economy/glory", 2, render_mode="human").render_mode == "human"


def test_every_game_has_its_own_metadata_name():
    names = {KeizaiAECEnv(game_id, 2).metadata["name"] for game_id in supported_games()}
    assert len(names) == len(supported_games())
    assert (KeizaiAECEnv("national-economy/progress", 2).metadata["name"]
            == pettingzoo_name("national-economy/progress")
            == "keizai_national_economy_progress_v0")
    assert env("futuropia", 2).metadata["name"] == "keizai_futuropia_v0"


def test_enterprise_empire_defaults_to_a_win_loss_reward():
    env = KeizaiAECEnv("enterprise-empire", players=2)
    assert env.reward_kind == "win_loss"
    final = play_to_the_end(env, seed=2)
    assert sorted(final.values()) == [-1.0, 1.0]
    assert KeizaiAECEnv("national-economy/progress", 2).reward_kind == "score_diff"


def test_agent_iter_and_last_are_the_base_classes():
    """`agent_iter` and `last` are overridden for speed: at every step of whole games
    (dead steps included) and with a `max_iter` bound, they give what `AECEnv`'s own
    give."""
    from pettingzoo import AECEnv

    ours = KeizaiAECEnv("national-economy/glory", 3, reward="win_loss")
    base = KeizaiAECEnv("national-economy/glory", 3, reward="win_loss")
    for seed in range(2):
        ours.reset(seed=seed)
        base.reset(seed=seed)
        rng = np.random.default_rng(seed)
        theirs = iter(AECEnv.agent_iter(base))
        steps = 0
        for agent in ours.agent_iter():
            assert agent == next(theirs)
            obs, reward, terminated, truncated, info = ours.last()
            expected = AECEnv.last(base)
            assert (reward, terminated, truncated, info) == expected[1:]
            for key in ("observation", "action_mask"):
                np.testing.assert_array_equal(obs[key], expected[0][key])
            assert ours.last(observe=False)[0] is None
            action = None
            if not (terminated or truncated):
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            ours.step(action)
            base.step(action)
            steps += 1
        assert next(theirs, None) is None  # both stop when no agent is left
        assert ours.agents == base.agents == []
        assert steps > 3
    ours.reset(seed=0)
    assert list(ours.agent_iter(max_iter=0)) == []
    assert len(list(ours.agent_iter(max_iter=5))) == 5  # no step: the same agent again


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_legal_actions_are_the_masks_nonzero_entries_at_every_step(game_id, players):
    env = KeizaiAECEnv(game_id, players)
    rng = np.random.default_rng(5)
    for episode in range(2):
        env.reset(seed=episode)
        for agent in env.agent_iter():
            for other in env.possible_agents:  # every seat's, acting or not
                legal = env.legal_actions(other)
                assert type(legal) is tuple
                # the engine's order (not always ascending), each index once
                assert sorted(set(legal)) == sorted(legal) == np.flatnonzero(
                    env.observe(other)["action_mask"]).tolist()
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                assert env.legal_actions() == ()
                env.step(None)
                continue
            assert env.legal_actions() == env.legal_actions(agent)
            env.step(int(rng.choice(env.legal_actions())))


def test_legal_actions_cannot_change_what_the_state_accepts():
    env = KeizaiAECEnv("national-economy/progress", players=2)
    env.reset(seed=3)
    legal = env.legal_actions()
    illegal = next(i for i in range(env.game.num_distinct_actions) if i not in legal)
    with pytest.raises(AttributeError):  # a tuple, not the engine's own list
        legal.append(illegal)
    with pytest.raises(keizai.IllegalAction):
        env.step(illegal)


def _aec_trajectory(aec, actions_rng, steps):
    """Up to `steps` AEC steps of random legal play: at each, the selected agent and
    what `last` gives."""
    seen = []
    for agent in aec.agent_iter(steps):
        obs, reward, terminated, truncated, info = aec.last()
        seen.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(),
                     reward, terminated, dict(info)))
        legal = aec.legal_actions()
        aec.step(None if terminated or truncated else int(actions_rng.choice(legal)))
    return seen


COPIES = {"deepcopy": copy.deepcopy, "pickle": lambda aec: pickle.loads(pickle.dumps(aec))}


@pytest.mark.parametrize("game_id", supported_games())
@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copied_environment_plays_on_as_the_original(game_id, how):
    """`copy.deepcopy` and `pickle` copy a running game with its bookkeeping: given the
    same actions, the copy and the original agree at every step to the end, and
    stepping one leaves the other as it was. (Both raised TypeError: the compiled
    core's rows cannot be copied.)"""
    aec = KeizaiAECEnv(game_id, 2)
    aec.reset(seed=4)
    _aec_trajectory(aec, np.random.default_rng(0), 9)
    twin = COPIES[how](aec)
    assert twin.agent_selection == aec.agent_selection and twin.rewards == aec.rewards
    before = aec.keizai_state.view(None)
    copied = _aec_trajectory(twin, np.random.default_rng(1), 5000)
    assert not twin.agents  # played to the end
    assert aec.keizai_state.view(None) == before
    assert _aec_trajectory(aec, np.random.default_rng(1), 5000) == copied


def test_an_environment_copies_before_its_first_reset():
    twin = copy.deepcopy(KeizaiAECEnv("enterprise-empire", 2))
    assert not hasattr(twin, "agents")
    twin.reset(seed=2)
    assert twin.observe(twin.agent_selection)["action_mask"].any()


def test_a_step_before_reset_or_after_the_end_says_to_reset():
    """The raw environment said AttributeError "attribute 'selection' of 'AECCore'
    undefined" before the first reset and KeyError 'player_0' after the game's end."""
    env = KeizaiAECEnv("national-economy/progress", players=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else env.legal_actions(agent)[0])
    assert env.keizai_state.is_over
    for action in (0, None):
        with pytest.raises(RuntimeError, match="game is over"):
            env.step(action)
    env.reset(seed=1)
    env.step(env.legal_actions()[0])


@pytest.mark.parametrize("seed", [1.5, "3", 2**64, True, -1])
def test_a_seed_the_engine_refuses_is_refused_not_truncated_or_wrapped(seed):
    """reset(seed=1.5) played seed 1's game, "3" seed 3's, 2**64 seed 0's and -1 seed
    2**64 - 1's."""
    env = KeizaiAECEnv("national-economy/progress", players=2)
    with pytest.raises(ValueError):  # InvalidSetup is one
        env.reset(seed=seed)
    env.reset(seed=np.int64(3))
    by_numpy = env.observe(env.agent_selection)["observation"]
    env.reset(seed=3)
    assert np.array_equal(by_numpy, env.observe(env.agent_selection)["observation"])


def test_reset_refuses_a_game_option_rather_than_ignoring_it():
    """A game's option given to `reset` was ignored; other keys still are (PettingZoo's
    `api_test` passes {"options": 1})."""
    env = KeizaiAECEnv("national-economy/progress", players=2)
    env.reset(seed=1, options={})
    env.reset(seed=1, options={"options": 1})
    with pytest.raises(ValueError, match="constructor"):
        env.reset(seed=1, options={"burnt_field_immediate": True})


@pytest.mark.parametrize("options", [{"players": 3}, {"reward": "win_loss"},
                                     {"render_mode": "ansi"}])
def test_reset_refuses_a_constructor_setting_rather_than_ignoring_it(options):
    """`reset(options={"players": 3})` played on with 2 players, silently: the players,
    the reward and the render mode are the constructor's, as the game's options are.
    The refusal changes nothing: the game in progress steps on."""
    env = KeizaiAECEnv("national-economy/progress", players=2)
    env.reset(seed=1)
    env.step(env.legal_actions()[0])
    before = env.keizai_state.record()
    with pytest.raises(ValueError, match="constructor"):
        env.reset(seed=2, options=options)
    assert env.keizai_state.record() == before and len(env.agents) == 2
    env.step(env.legal_actions()[0])


def test_reading_before_the_first_reset_says_to_reset():
    """observe() failed with a bare AssertionError before the first reset, last() with
    "attribute 'selection' of 'AECCore' undefined", state() with "'NoneType' object has
    no attribute 'view'"."""
    env = KeizaiAECEnv("national-economy/progress", players=2)
    for read in (lambda: env.observe("player_0"), env.last, env.state):
        with pytest.raises(RuntimeError, match="reset"):
            read()
    env.reset(seed=1)
    assert env.last()[0]["observation"].shape == env.state()[: env.encoder.size].shape


@pytest.mark.parametrize("options", ["burnt_field_immediate", {"nope": 1},
                                     {"burnt_field_immediate": "yes"}])
def test_game_options_the_game_refuses_are_refused_at_construction(options):
    """They failed at the first reset, a string with "dictionary update sequence element
    #0 has length 1; 2 is required"."""
    with pytest.raises(keizai.engine.InvalidSetup):
        KeizaiAECEnv("national-economy/progress", players=2, options=options)


def test_a_closed_environment_says_to_reset():
    """After close(), step and last failed with a bare AssertionError."""
    env = KeizaiAECEnv("national-economy/progress", players=2)
    env.reset(seed=1)
    env.close()
    for call in (lambda: env.step(0), env.last, lambda: env.observe("player_0")):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    env.reset(seed=1)
    env.step(env.legal_actions()[0])


def test_render_mode_human_shows_the_table_from_the_reset_on(capsys):
    """In "human" mode the table was printed after each step but not at `reset`, so a
    person watching saw the first table only after the first move (and the deal never):
    Gymnasium's human mode, and PettingZoo's chess, render at `reset` too. It prints the
    spectator's picture that "ansi" returns."""
    ansi = KeizaiAECEnv("national-economy/glory", players=2, render_mode="ansi")
    human = KeizaiAECEnv("national-economy/glory", players=2, render_mode="human")
    ansi.reset(seed=3)
    human.reset(seed=3)
    assert capsys.readouterr().out == f"{ansi.render()}\n"
    action = human.legal_actions()[0]
    ansi.step(action)
    human.step(action)
    assert capsys.readouterr().out == f"{ansi.render()}\n"


def test_the_engine_state_before_a_reset_or_after_close_says_to_reset():
    """`env.keizai_state` was None then, typed `State | None`: `env.keizai_state.record()`
    failed `mypy --strict` in a researcher's program and said "'NoneType' object has no
    attribute 'record'" before a reset. It is the State, or RuntimeError saying what to do
    (as `observe` and `state()` say)."""
    raw = KeizaiAECEnv("national-economy/progress", players=2)
    wrapped = env("futuropia", players=2)
    for fresh in (raw, wrapped.unwrapped):
        with pytest.raises(RuntimeError, match=r"^call reset\(\) first$"):
            fresh.keizai_state.record()
    raw.reset(seed=3)
    raw.step(raw.legal_actions()[0])
    assert keizai.replay(raw.keizai_state.record()).view(None) == raw.keizai_state.view(None)
    raw.close()
    with pytest.raises(RuntimeError, match=r"^call reset\(\) first$"):
        raw.keizai_state  # noqa: B018 - the read is the test
