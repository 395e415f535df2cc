import pytest

import keizai
from keizai.rl.observations import encoder_for


def test_the_card_list_comes_from_the_action_space():
    encoder = encoder_for("national-economy/glory")
    game = keizai.get_game("national-economy/glory")
    assert encoder.buildings == [b.id for b in game.cards.buildings]
    assert "quarry" in encoder.workplaces


def test_seats_are_relative_to_the_observer():
    state = keizai.new_game("national-economy/progress", players=3, seed=2)
    encoder = encoder_for("national-economy/progress")
    start = next(f for f in encoder.fields if f.name == "start_player").start
    for seat in range(3):
        x = encoder.observe(state, seat)
        assert x[start + (state.view(seat)["start_player"] - seat) % 3] == 1


def test_own_hand_counts_match_the_view():
    state = keizai.new_game("national-economy/mecenat", players=2, seed=3)
    encoder = encoder_for("national-economy/mecenat")
    hand = next(f for f in encoder.fields if f.name == "own_hand").slice
    view = state.view(0)
    assert encoder.encode(view, 0)[hand].sum() == len(view["players"][0]["hand"])


def test_a_view_given_for_another_seat_is_refused():
    state = keizai.new_game("national-economy/progress", players=2, seed=1)
    with pytest.raises(ValueError, match="view of seat 0, not of seat 1"):
        encoder_for("national-economy/progress").encode(state.view(0), 1)
