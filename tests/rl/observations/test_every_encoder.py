"""What every observation encoder must do, checked on every game that has one and every
player count."""

import numpy as np
import pytest

import keizai
from keizai.engine import Rng
from keizai.rl.observations import encoder_for, supported_games
from tests.rl.helpers import random_states
from tests.tables import every_table

CASES = every_table(supported_games())


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_vectors_have_the_documented_size_and_are_finite(game_id, players):
    encoder = encoder_for(game_id)
    assert sum(f.size for f in encoder.fields) == encoder.size
    for state in random_states(game_id, players, seed=players, every=5):
        for seat in range(players):
            x = encoder.observe(state, seat)
            assert x.shape == (encoder.size,) and x.dtype == np.float32
            assert np.isfinite(x).all()


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_observation_ignores_what_the_seat_cannot_see(game_id, players):
    """Resampling everything hidden from a seat (other hands, deck order) leaves its
    vector unchanged."""
    encoder = encoder_for(game_id)
    for state in random_states(game_id, players, seed=11 + players, every=9):
        for seat in range(players):
            seen = encoder.observe(state, seat)
            for k in range(3):
                twin = state.determinize(seat, Rng(k))
                assert np.array_equal(encoder.observe(twin, seat), seen)


@pytest.mark.parametrize("game_id", [g for g in supported_games()
                                     if keizai.get_game(g).has_hidden_information])
def test_observation_follows_the_own_hand(game_id):
    """Resampling seat 0's hidden cards (as seat 1 sees the game) changes seat 0's vector,
    in the own-hand fields, while seat 1's vector stays the same."""
    encoder = encoder_for(game_id)
    hand = next(f for f in encoder.fields if f.name == "own_hand").slice
    changed = 0
    for state in random_states(game_id, 2, seed=5, every=4):
        if state.is_over:
            continue
        mine = encoder.observe(state, 0)
        theirs = encoder.observe(state, 1)
        for k in range(4):
            twin = state.determinize(1, Rng(k))
            assert np.array_equal(encoder.observe(twin, 1), theirs)
            if not np.array_equal(encoder.observe(twin, 0)[hand], mine[hand]):
                changed += 1
    assert changed > 0


@pytest.mark.parametrize("game_id", supported_games())
def test_spectator_view_has_no_observation(game_id):
    state = keizai.new_game(game_id, players=2, seed=1)
    with pytest.raises(ValueError, match="per seat"):
        encoder_for(game_id).encode(state.view(None), None)


@pytest.mark.parametrize("game_id", supported_games())
@pytest.mark.parametrize("seat", [-1, 2, None, True, 1.0])
def test_a_seat_that_is_not_the_games_has_no_observation(game_id, seat):
    """`observe(state, -1)` (a caller's seat - 1 from seat 0) or a seat past the last
    returned a garbled vector of a view that is no seat's, not an error."""
    state = keizai.new_game(game_id, players=2, seed=1)
    with pytest.raises(ValueError, match="seat"):
        encoder_for(game_id).observe(state, seat)
    assert np.array_equal(encoder_for(game_id).observe(state, np.int64(1)),
                          encoder_for(game_id).observe(state, 1))


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_observe_reads_the_state_as_encode_reads_the_view(game_id, players):
    """`observe` reads the state directly (no view is built: the environments' hot path);
    its vector is exactly that of the seat's view, for every seat of random positions
    (opening, decisions of every kind, the end with scores)."""
    encoder = encoder_for(game_id)
    checked = 0
    for seed in range(3):
        for state in random_states(game_id, players, seed=100 * seed + players, every=3):
            for seat in range(players):
                direct = encoder.observe(state, seat)
                assert np.array_equal(direct, encoder.encode(state.view(seat), seat)), (
                    [f.name for f in encoder.fields
                     if not np.array_equal(direct[f.slice],
                                           encoder.encode(state.view(seat), seat)[f.slice])])
                checked += 1
    assert checked > 30


OPTION_CASES = [
    ("futuropia", 3, {"advanced": True, "houses": "random", "expert_tiles": "random"}),
    ("futuropia", 4, {"advanced": True, "houses": "B", "refresh_on_credit": True}),
    ("enterprise-empire", 3, {"choose_corners": True, "max_turns": 40}),
    ("national-economy/glory", 1, {}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), OPTION_CASES)
def test_observe_matches_the_view_under_options(game_id, players, options):
    """The same check with the set-ups the defaults skip: Futuropia's advanced opening and
    expert tiles, 企業帝國's corner choice and turn cap, solo National Economy."""
    encoder = encoder_for(game_id)
    for seed in range(4):
        state = keizai.new_game(game_id, players, seed=seed, options=options)
        state.log_enabled = False
        rng = Rng(seed)
        while True:
            for seat in range(players):
                assert np.array_equal(encoder.observe(state, seat),
                                      encoder.encode(state.view(seat), seat))
            if state.is_over:
                break
            legal = state.legal_indices()
            state.apply_index(legal[rng.randbelow(len(legal))])
