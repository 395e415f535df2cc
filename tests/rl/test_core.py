"""The compiled per-step core of the environments (`keizai.rl.core`) and the rows it
writes by difference (`Writer.show`, `show_mask`): every observation an environment
hands out must still be exactly `encode(state.view(seat), seat)` and its mask, whatever
row, seat or episode was written there before."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import numpy as np
import pytest

import keizai
from keizai.engine import Rng
from keizai.rl.actions import action_mask
from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv
from keizai.rl.observations import encoder_for, supported_games
from keizai.rl.observations.writers import (
    NO_INPUT,
    MaskRow,
    Shown,
    Sink,
    ViewWriter,
    show_mask,
)
from keizai.rl.pettingzoo_env import KeizaiAECEnv


def expected(state, seat):
    return encoder_for(state.game.id).encode(state.view(seat), seat)


@pytest.mark.parametrize("game_id", supported_games())
def test_one_row_shows_each_observation_written_into_it(game_id):
    """One row, written by difference with states of both seats, several games and the
    end of a game, always equals the vector of the view (no stale entry survives)."""
    encoder = encoder_for(game_id)
    row = np.zeros(encoder.size + 3, np.float32)  # an offset row inside a larger buffer
    shown = Shown(encoder.size)
    mask = bytearray(keizai.get_game(game_id).num_distinct_actions + 2)
    mask_row = MaskRow(len(mask) - 2)
    rng = Rng(5)
    for seed in range(3):
        state = keizai.new_game(game_id, 3, seed=seed)
        while True:
            for seat in (state.current_player or 0, rng.randbelow(3)):
                encoder.writer.show(state, seat, memoryview(row), 2, shown)
                assert np.array_equal(row[2:2 + encoder.size], expected(state, seat))
                assert row[:2].sum() == 0 and row[-1] == 0
                show_mask(state, seat, mask, 1, mask_row, False)
                assert np.array_equal(np.frombuffer(mask, np.int8)[1:-1],
                                      action_mask(state, seat))
            if state.is_over:
                break
            legal = state.legal_indices()
            state.apply(legal[rng.randbelow(len(legal))])


def test_the_view_writer_writes_the_vector_of_the_view():
    """The fallback for a state no compiled writer reads: the encoder's `encode`."""
    encoder = encoder_for("national-economy/glory")
    writer = ViewWriter(encoder)
    row = np.zeros(encoder.size, np.float32)
    shown = Shown(encoder.size)
    state = keizai.new_game("national-economy/glory", 2, seed=4)
    rng = Rng(1)
    while not state.is_over:
        seat = state.current_player
        writer.show(state, seat, memoryview(row), 0, shown)
        assert np.array_equal(row, expected(state, seat))
        legal = state.legal_indices()
        state.apply(legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("game_id", supported_games())
def test_pettingzoo_observations_are_the_views_at_every_step(game_id):
    env = KeizaiAECEnv(game_id, players=3)
    rng = Rng(2)
    for seed in range(2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            state, seat = env.keizai_state, env.possible_agents.index(agent)
            assert np.array_equal(obs["observation"], expected(state, seat))
            assert np.array_equal(obs["action_mask"], action_mask(state, seat))
            other = env.possible_agents[(seat + 1) % 3]
            assert np.array_equal(env.observe(other)["observation"],
                                  expected(state, (seat + 1) % 3))
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randbelow(len(legal))]))


@pytest.mark.parametrize("game_id", supported_games())
def test_gymnasium_observations_are_the_views_across_episodes(game_id):
    env = KeizaiGymEnv(game_id, players=2)
    rng = Rng(3)
    held = []
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done = False
        while True:
            assert np.array_equal(obs["observation"], expected(env.state, env.seat))
            if not env.state.is_over:
                assert np.array_equal(obs["action_mask"], action_mask(env.state, env.seat))
            assert np.array_equal(info["action_mask"], obs["action_mask"])
            held.append((obs["observation"], obs["observation"].copy()))
            if done:
                break
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, done, _, info = env.step(int(legal[rng.randbelow(len(legal))]))
    # each step hands out its own arrays: later steps never change an earlier one
    assert all(np.array_equal(a, b) for a, b in held)


def test_an_illegal_action_ends_a_vector_environments_episode_with_the_penalty():
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2,
                           illegal_reward=-3.0)
    obs, _ = venv.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(obs["action_mask"][1])[0])
    obs, rewards, terminated, truncated, infos = venv.step(np.array([illegal, legal]))
    assert terminated.tolist() == [True, False] and not truncated.any()
    assert rewards[0] == -3.0
    assert infos["_final_obs"].tolist() == [True, False]
    assert infos["final_info"]["illegal_action"][0]
    env = venv.envs[0]  # reset at once: a new episode's observation in row 0
    assert np.array_equal(obs["observation"][0], expected(env.state, env.seat))


def test_a_vector_environment_refuses_a_float_action():
    venv = KeizaiVectorEnv("enterprise-empire", num_envs=2, players=2)
    venv.reset(seed=0)
    with pytest.raises(keizai.IllegalAction):
        venv.step(np.array([0.0, 1.0]))


def test_a_vector_environment_takes_any_integer_array_and_refuses_a_bool_one():
    """Integer arrays (signed or not) are taken without checking each item; a bool
    array is not an array of indices and is refused, as a float one is."""
    runs = []
    for dtype in (np.int64, np.uint8, np.int32):
        venv = KeizaiVectorEnv("enterprise-empire", num_envs=3, players=2)
        obs, _ = venv.reset(seed=4)
        rng = np.random.default_rng(4)
        for _ in range(30):
            chosen = np.argmax(rng.random(obs["action_mask"].shape) * obs["action_mask"],
                               axis=1).astype(dtype)
            obs, *_ = venv.step(chosen)
        runs.append(obs["observation"])
    assert np.array_equal(runs[0], runs[1]) and np.array_equal(runs[0], runs[2])
    venv.reset(seed=0)
    with pytest.raises(keizai.IllegalAction):
        venv.step(np.array([True, False, True]))


@pytest.mark.parametrize("game_id", supported_games())
def test_a_row_reused_for_another_player_count_keeps_no_stale_seat(game_id):
    """Fixed fields (every seat's numbers) are compared with the row, not gathered: a row
    that showed three seats and then shows two must lose the third seat's numbers."""
    encoder = encoder_for(game_id)
    row = np.zeros(encoder.size, np.float32)
    shown = Shown(encoder.size)
    for players in (3, 2, 3, 2):
        state = keizai.new_game(game_id, players, seed=players)
        rng = Rng(players)
        for _ in range(15):
            legal = state.legal_indices()
            state.apply(legal[rng.randbelow(len(legal))])
        encoder.writer.show(state, 0, memoryview(row), 0, shown)
        assert np.array_equal(row, expected(state, 0))


def test_a_row_shows_entries_gathered_twice_with_their_last_value():
    """An entry gathered twice in one observation (set to zero, then set again; added
    to while zero) is shown with its last value, and entries no longer set are zeroed,
    round after round (`Sink.show` on a row at an offset)."""
    sink, shown = Sink(8), Shown(8)
    row = np.zeros(10, np.float32)
    for k in range(40):
        sink.set(3, 5)
        sink.set(3, 0)
        sink.set(3, 2)  # index 3 gathered twice
        sink.add(5, 0)
        sink.add(5, k % 3)  # index 5 gathered twice, maybe zero in the end
        if k % 2:
            sink.set(1, 7)
        if k % 7 == 0:
            sink.put(6, 300)  # not bound to a row: gathered as `set`
        sink.show(memoryview(row), 1, shown)
        want = np.zeros(10, np.float32)
        want[1 + 3], want[1 + 5] = 2, k % 3
        want[1 + 1] = 7 if k % 2 else 0
        want[1 + 6] = 300 if k % 7 == 0 else 0
        assert np.array_equal(row, want), k


@pytest.mark.parametrize("game_id", supported_games())
def test_each_seats_row_shows_its_view_at_every_decision(game_id):
    """The environments' rows (one per seat, written at every decision): the blocks a
    writer skips because their inputs are unchanged (`Sink.enter`) never leave a stale
    entry, whatever the player count."""
    encoder = encoder_for(game_id)
    game = keizai.get_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        rows = [np.zeros(encoder.size, np.float32) for _ in range(players)]
        shown = [Shown(encoder.size) for _ in range(players)]
        rng = Rng(players)
        for seed in range(2):
            state = keizai.new_game(game_id, players, seed=seed)
            while True:
                for seat in range(players):
                    encoder.writer.show(state, seat, memoryview(rows[seat]), 0, shown[seat])
                    assert np.array_equal(rows[seat], expected(state, seat)), (
                        players, seed, len(state.history), seat)
                if state.is_over:
                    break
                legal = state.legal_indices()
                state.apply(legal[rng.randbelow(len(legal))])


@contextlib.contextmanager
def bound_to(row: np.ndarray, sink: Sink, shown: Shown) -> Iterator[None]:
    """Bind `sink` to `row` as `Writer.show` does; on leaving, show what it wrote."""
    x = row.data   # its buffer, as the environments pass theirs to the core
    sink.x, sink.base, sink.old, sink.shown = x, 0, shown.values, shown
    yield
    sink.x, sink.old, sink.shown = None, None, None
    sink.show(x, 0, shown)


def test_a_block_is_skipped_only_while_its_inputs_are_the_same():
    """`Sink.enter`/`leave` bound to a row as `Writer.show` binds them (a Python test
    cannot subclass the compiled `Writer`): entry i of the row shows `source[i]`."""
    source = [0, 2, 0, 1]
    sink, shown = Sink(4), Shown(4)
    shown.fit(1)
    row = np.zeros(4, np.float32)

    def show(number=0):
        with bound_to(row, sink, shown):
            gathered = sink.enter(0, source, NO_INPUT, NO_INPUT, number, 0)
            if gathered:
                for i, v in enumerate(source):
                    sink.set(i, v)
                sink.leave(0)
        assert row.tolist() == source
        return gathered

    assert show()
    assert not show()  # the same inputs: the row already shows the block
    source[1] = 0  # changed in place, as the rules change their lists
    source[2] = 3
    assert show()
    assert not show()
    assert show(number=1)  # a number of the key changed
    shown.forget()  # what `Writer.show` does for another game or seat
    assert show(number=1)
    # unbound (`Writer.write`: a zero buffer, no row to compare with): always gathered
    assert sink.enter(0, source, NO_INPUT, NO_INPUT, 1, 0)


def test_a_block_kept_by_difference_is_shifted_until_its_epoch_changes():
    """`Sink.fresh`/`shift` bound to a row as `Writer.show` binds them: a block gathered
    in full when the row does not show it (or its epoch changed), else brought up to
    date entry by entry; entries shifted to zero and back stay right."""
    sink, shown = Sink(5), Shown(5)
    shown.fit(1)
    row = np.zeros(5, np.float32)
    source = [0, 1, 0, 2, 0]

    def show(epoch, shifts=()):
        with bound_to(row, sink, shown):
            gathered = sink.fresh(0, NO_INPUT, NO_INPUT, NO_INPUT, epoch, 0)
            if gathered:
                for i, v in enumerate(source):
                    sink.set(i, v)
                sink.leave(0)
            else:
                for i, delta in shifts:
                    sink.shift(0, i, delta)
        return gathered

    assert show(0)
    assert row.tolist() == source
    assert not show(0, [(1, -1), (4, 3), (1, 2)])
    assert row.tolist() == [0, 2, 0, 2, 3]
    assert not show(0, [(4, -3), (4, 1)])  # through zero and back
    assert row.tolist() == [0, 2, 0, 2, 1]
    source[:] = [5, 0, 0, 0, 0]
    assert show(1)  # another epoch: gathered again, the shifted entries zeroed
    assert row.tolist() == source
    shown.forget()  # what `Writer.show` does for another game or seat
    assert show(1)
    assert sink.fresh(0, NO_INPUT, NO_INPUT, NO_INPUT, 1, 0)  # unbound: always gathered


@pytest.mark.parametrize("game_id", [g for g in supported_games()
                                     if g.startswith("national-economy/")])
def test_rows_follow_the_discard_pile_through_reshuffles(game_id):
    """The writer reads only the cards added to the discard pile since a row showed it,
    until the rules bump `discard_epoch` (the pile emptied into the deck: a draw or the
    Design Office's reveal with an empty deck, rulebook "Draw Cards"). With a deck of a
    few cards the pile is reshuffled again and again; every seat's row must still be
    the vector of its view at every decision (a reshuffle path that did not bump the
    epoch fails here)."""
    encoder = encoder_for(game_id)
    players = 2
    rows = [np.zeros(encoder.size, np.float32) for _ in range(players)]
    shown = [Shown(encoder.size) for _ in range(players)]
    rng = Rng(7)
    reshuffles = 0
    for seed in range(6):
        state = keizai.new_game(game_id, players, seed=seed)
        del state.deck[:-3]  # the rest out of the game: the deck runs out at once
        state.deck_undecided = 0
        while True:
            for seat in range(players):
                encoder.writer.show(state, seat, memoryview(rows[seat]), 0, shown[seat])
                assert np.array_equal(rows[seat], expected(state, seat)), (
                    seed, len(state.history), seat)
            if state.is_over:
                break
            legal = state.legal_indices()
            state.apply(legal[rng.randbelow(len(legal))])
        reshuffles += state.discard_epoch
    assert reshuffles >= 10


def test_a_mask_row_written_by_difference_follows_seats_ends_and_new_games():
    """`show_mask` writes only the entries that change: one row, shown for the seat to
    act and for another seat, through the end of a game (all ones, or all zeros) and into
    the next game, always equals the mask of the state."""
    game_id = "national-economy/progress"
    actions = keizai.get_game(game_id).num_distinct_actions
    out = bytearray(actions + 2)
    row = MaskRow(actions)
    rng = Rng(11)
    for seed, over_ones in ((0, True), (1, False), (2, True)):
        state = keizai.new_game(game_id, 2, seed=seed)
        while True:
            seats = (0, 1) if state.is_over else (state.current_player, rng.randbelow(2))
            for seat in seats:
                show_mask(state, seat, out, 1, row, over_ones)
                got = np.frombuffer(out, np.int8)
                want = (np.ones(actions, np.int8) if state.is_over and over_ones
                        else action_mask(state, seat))
                assert np.array_equal(got[1:-1], want), (seed, len(state.history), seat)
                assert got[0] == 0 and got[-1] == 0
            if state.is_over:
                break
            legal = state.legal_indices()
            state.apply(legal[rng.randbelow(len(legal))])


def test_a_one_hot_field_is_written_in_place():
    """`Sink.one` bound to a row as `Writer.show` binds it: the field shows a 1 at the
    position asked (or zeros, position -1) after every call, whatever it showed before,
    alongside entries gathered as usual; unbound (`Writer.write`) it sets the entry."""
    sink, shown = Sink(6), Shown(6)
    row = np.zeros(6, np.float32)

    def show(pos, other):
        with bound_to(row, sink, shown):
            sink.one(1, 4, pos)  # entries 1..4
            sink.set(5, other)
        want = [0.0] * 6
        if pos >= 0:
            want[1 + pos] = 1.0
        want[5] = other
        assert row.tolist() == want
        assert shown.values == [int(v) for v in want]

    for pos, other in [(0, 3), (0, 0), (2, 1), (-1, 1), (-1, 0), (3, 2), (1, 0), (1, 4)]:
        show(pos, other)
    blank = np.zeros(6, np.float32)
    sink.one(1, 4, 2)
    sink.flush(memoryview(blank), 0)
    assert blank.tolist() == [0, 0, 0, 1, 0, 0]


@pytest.mark.parametrize("game_id", supported_games())
def test_the_compiled_gymnasium_step_hands_out_fresh_copies(game_id):
    """`EnvCore.step` (what `KeizaiGymEnv.step` returns): at every step the observation,
    its mask and the info's mask are new arrays, none of them the rows the core writes
    into or each other, with the values of the rows; a caller that keeps or changes
    one changes nothing else."""
    env = KeizaiGymEnv(game_id, 2)
    obs, info = env.reset(seed=3)
    kept = []
    done = False
    while not done:
        legal = info["legal_actions"]
        obs, _, done, _, info = env._core.step(legal[len(legal) // 2], env.seat)
        arrays = [obs["observation"], obs["action_mask"], info["action_mask"]]
        assert not any(np.shares_memory(a, b) for a in arrays
                       for b in (env._obs, env._mask_array))
        assert obs["action_mask"] is not info["action_mask"]
        np.testing.assert_array_equal(obs["observation"], env._obs)
        np.testing.assert_array_equal(info["action_mask"], env._mask_array)
        np.testing.assert_array_equal(obs["observation"], expected(env.state, env.seat))
        obs["action_mask"][:] = 0  # changes nothing the next step or the info shows
        assert info["action_mask"].any()
        kept.append((obs["observation"], obs["observation"].copy()))
    for held, copy in kept:  # no later step wrote into an observation handed out
        np.testing.assert_array_equal(held, copy)
    assert info["seat"] == env.seat


def test_the_aec_core_reads_the_bookkeeping_the_environment_holds():
    """`AECCore` keeps no copy of the AEC bookkeeping: dicts rebound by PettingZoo's
    helpers (`_was_dead_step`, `_accumulate_rewards`) or by `reset` are the ones it reads
    and sets; a dead agent's step is left to `_was_dead_step` (nothing done)."""
    env = KeizaiAECEnv("national-economy/progress", 2)
    env.reset(seed=5)
    core = env._core
    agent = env.agent_selection
    env.terminations = {**env.terminations, agent: True}  # rebound, as a helper may
    state_before = env.keizai_state.record()
    assert core.step(env.legal_actions(agent)[0]) is False
    assert env.keizai_state.record() == state_before
    assert core.last(False)[2] is True
    env.terminations = dict.fromkeys(env.agents, False)
    env._cumulative_rewards = {**env._cumulative_rewards, agent: 5.0}
    assert core.last(False)[1] == 5.0
    assert core.step(env.legal_actions(agent)[0]) is True
    assert env._cumulative_rewards[agent] == 0.0  # the acting agent's, reset as AECEnv's
    assert env.agent_selection == env.possible_agents[env.keizai_state.current_player]
    while env.agents:  # to the end: rewards, terminations and the cumulative rewards set
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            continue
        env.step(env.legal_actions(agent)[0])
        if env.keizai_state.is_over and env.agents == env.possible_agents:
            assert all(env.terminations.values())
            assert env._cumulative_rewards == env.rewards
    assert env.agents == []


def test_the_aec_bookkeeping_is_held_by_the_compiled_core():
    """`KeizaiAECEnv`'s `AECEnv` attributes are fields of its core, which reads them at
    every step without a lookup on the environment: what is set, changed in place or
    rebound on the environment is what the core holds; before `reset` they are unset,
    as on `AECEnv`."""
    env = KeizaiAECEnv("national-economy/progress", 2)
    for name in ("agents", "agent_selection", "rewards", "_cumulative_rewards",
                 "terminations", "truncations", "infos"):
        assert not hasattr(env, name)
    env.reset(seed=1)
    core = env._core
    assert core.live is env.agents and core.selection == env.agent_selection
    assert core.rewards is env.rewards and core.cumulative is env._cumulative_rewards
    assert core.terminations is env.terminations and core.truncations is env.truncations
    assert core.infos is env.infos
    rebound = dict(env.truncations)
    env.truncations = rebound  # as PettingZoo's wrappers and tests may
    assert core.truncations is rebound
    env.infos[env.agent_selection]["note"] = 1  # changed in place
    assert core.last(False)[4] == {"note": 1}
    assert not {"agents", "terminations", "infos"} & set(vars(env))
