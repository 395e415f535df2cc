"""Draw-time chance (`State.lazy_draws`), checked generically for every game and player
count: a state created inside `drawing_from(source, lazy_draws=True)` keeps the undecided
part of each face-down pile sorted, so it holds no future card, and still plays whole
games with every invariant kept; outside that block nothing changes."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.engine import Rng, drawing_from
from keizai.rules.enterprise_empire.state import EmpireState
from keizai.rules.national_economy.state import NationalEconomyState
from tests.tables import every_table, table_ids

CASES = every_table(keizai.games())
IDS = table_ids(CASES)


def lazy_game(game_id: str, players: int, seed: int) -> keizai.engine.State:
    with drawing_from(Rng(seed), lazy_draws=True):
        return keizai.new_game(game_id, players, seed=seed)


def test_states_draw_at_draw_time_only_when_asked() -> None:
    normal = keizai.new_game("national-economy/progress", 2, seed=3)
    assert not normal.lazy_draws and not normal.clone().lazy_draws
    with drawing_from(Rng(3)):  # a draw source alone keeps the piles ordered
        assert not keizai.new_game("national-economy/progress", 2, seed=3).lazy_draws
    lazy = lazy_game("national-economy/progress", 2, 3)
    assert lazy.lazy_draws and lazy.clone().lazy_draws
    assert not keizai.new_game("national-economy/progress", 2, seed=3).lazy_draws


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_lazy_draw_games_play_to_the_end_keeping_every_invariant(game_id: str,
                                                                 players: int) -> None:
    chooser = random.Random(players)
    for seed in range(3):
        state = lazy_game(game_id, players, seed)
        state.check_invariants()
        steps = 0
        while not state.is_over:
            state.apply(chooser.choice(state.legal_indices()))
            state.check_invariants()  # includes: undecided pile parts stay sorted
            steps += 1
            if steps % 40 == 0:
                twin = state.clone()
                assert twin.lazy_draws
                world = state.determinize(state.current_player, Rng(steps))
                world.check_invariants()
                assert world.lazy_draws and world.view(state.current_player) == \
                    state.view(state.current_player)
            assert steps < 100_000


def test_the_national_economy_deck_is_undecided_after_set_up() -> None:
    """Two lazy set-ups whose deals give the same hands are the same state: the deck is the
    sorted rest of the cards, and no order of it is drawn before a card is."""
    state = lazy_game("national-economy/progress", 2, 11)
    assert isinstance(state, NationalEconomyState)
    assert state.deck_undecided == len(state.deck) and state.deck == sorted(state.deck)
    normal = keizai.new_game("national-economy/progress", 2, seed=11)
    assert isinstance(normal, NationalEconomyState)
    assert normal.deck_undecided == 0 and normal.deck != sorted(normal.deck)


def test_enterprise_empire_piles_are_undecided_after_set_up() -> None:
    state = lazy_game("enterprise-empire", 3, 2)
    assert isinstance(state, EmpireState)
    assert state.price_undecided == len(state.price_pile)
    assert state.price_pile == sorted(state.price_pile)
    assert state.demand_undecided == len(state.demand_pile) - 1  # its top card is face up
    assert state.demand_pile[1:] == sorted(state.demand_pile[1:])
    assert state.company_undecided == [len(pile) for pile in state.company_pile]
    assert all(pile == sorted(pile) for pile in state.company_pile)
