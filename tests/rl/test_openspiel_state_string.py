"""`str(state)` is OpenSpiel's ToString, the world state: C++ `State::operator==` compares
it, OpenSpiel's checks compare a clone's and a deserialized state's with it
(`random_sim_test`), and `get_all_states(to_string=str)`, value iteration and the minimax
solver key states by it. It was the spectator's table only, so states that differ in a
hand (or, during the set-up, in the cards dealt so far) had the same string."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    import pyspiel
else:   # without open_spiel (the `rl` extra) these tests are skipped, saying why
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install 'keizai[rl]')")

from keizai.rl.openspiel_game import openspiel_name


def dealt(name: str, pick: int, draws: int | None = None) -> pyspiel.State:
    """A state after the set-up (or `draws` of its chance outcomes), each outcome the
    `pick`-th of its node's."""
    state = pyspiel.load_game(name, {"players": 2}).new_initial_state()
    while state.is_chance_node() and (draws is None or len(state.history()) < draws):
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[pick % len(outcomes)][0])
    return state


@pytest.mark.parametrize("game_id", ["national-economy/progress", "national-economy/glory"])
def test_states_that_differ_in_a_hand_have_different_strings(game_id: str) -> None:
    name = openspiel_name(game_id)
    first, last = dealt(name, 0), dealt(name, -1)
    assert first.keizai_state.view(None) == last.keizai_state.view(None)  # public alike
    assert first.keizai_state.view(0) != last.keizai_state.view(0)
    assert str(first) != str(last)
    assert str(first) == str(dealt(name, 0))  # the same world, the same string
    assert str(first).startswith(first.keizai_state.game.render_text(
        first.keizai_state.view(None)))  # the table stays readable


def test_set_up_states_that_dealt_other_cards_have_different_strings() -> None:
    name = openspiel_name("national-economy/mecenat")
    assert str(dealt(name, 0, draws=2)) != str(dealt(name, -1, draws=2))
    assert str(dealt(name, 0, draws=2)) == str(dealt(name, 0, draws=2))


def test_a_move_waiting_for_its_next_draw_shows_the_outcomes_chosen() -> None:
    """A move that draws several cards waits at a chance node for each: two that chose
    another first card are other states (the engine state is the one before the move)."""
    import numpy as np

    state = dealt(openspiel_name("national-economy/progress"), 0)
    rng = np.random.RandomState(0)
    for _ in range(400):
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            first, other = state.child(outcomes[0]), state.child(outcomes[-1])
            if first.is_chance_node() and len(outcomes) > 1:
                break
            state = first
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    else:
        pytest.fail("no move drew two cards within 400 moves")
    assert first.keizai_state is other.keizai_state  # the move is not applied yet
    assert str(first) != str(other)
