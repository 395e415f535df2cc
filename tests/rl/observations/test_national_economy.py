import numpy as np
import pytest

import keizai
from keizai.engine import Rng
from keizai.rl.observations import encoder_for
from tests.rl.helpers import NATIONAL_ECONOMY, random_states


@pytest.mark.parametrize("game_id", NATIONAL_ECONOMY)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_vectors_have_the_documented_size_and_are_finite(game_id, players):
    encoder = encoder_for(game_id)
    assert sum(f.size for f in encoder.fields) == encoder.size
    for state in random_states(game_id, players, seed=players, every=5):
        for seat in range(players):
            x = encoder.encode(state.view(seat))
            assert x.shape == (encoder.size,) and x.dtype == np.float32
            assert np.isfinite(x).all()


@pytest.mark.parametrize("game_id", NATIONAL_ECONOMY)
@pytest.mark.parametrize("players", [1, 2, 4])
def test_observation_ignores_hidden_cards_of_others_and_the_deck(game_id, players):
    encoder = encoder_for(game_id)
    for state in random_states(game_id, players, seed=11 + players, every=9):
        for seat in range(players):
            seen = encoder.encode(state.view(seat))
            for k in range(3):
                twin = state.determinize(seat, Rng(k))
                assert np.array_equal(encoder.encode(twin.view(seat)), seen)


@pytest.mark.parametrize("game_id", NATIONAL_ECONOMY)
def test_observation_follows_the_own_hand(game_id):
    """Resampling seat 0's hand (as seat 1 sees the game) changes seat 0's vector, in
    the own-hand fields, while seat 1's vector stays the same."""
    encoder = encoder_for(game_id)
    hand = next(f for f in encoder.fields if f.name == "own_hand").slice
    changed = 0
    for state in random_states(game_id, 2, seed=5, every=4):
        if state.is_over:
            continue
        mine = encoder.encode(state.view(0))
        theirs = encoder.encode(state.view(1))
        for k in range(4):
            twin = state.determinize(1, Rng(k))
            assert np.array_equal(encoder.encode(twin.view(1)), theirs)
            other = encoder.encode(twin.view(0))
            if not np.array_equal(other[hand], mine[hand]):
                changed += 1
    assert changed > 0


def test_seats_are_relative_to_the_observer():
    state = keizai.new_game("national-economy/progress", players=3, seed=2)
    encoder = encoder_for("national-economy/progress")
    start = next(f for f in encoder.fields if f.name == "start_player").start
    for seat in range(3):
        x = encoder.encode(state.view(seat))
        assert x[start + (state.view(seat)["start_player"] - seat) % 3] == 1


def test_spectator_view_has_no_observation():
    state = keizai.new_game("national-economy/progress", players=2, seed=1)
    with pytest.raises(ValueError, match="per seat"):
        encoder_for("national-economy/progress").encode(state.view(None))
