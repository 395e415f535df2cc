"""The learned National Economy evaluation (NationalEconomyValue, bench/ne_value_fit.py)."""

from __future__ import annotations

import pytest

from keizai.agents import HeuristicAgent, MCTSAgent, make_agent
from keizai.agents.heuristics import evaluator_for
from keizai.agents.heuristics.national_economy import (
    NationalEconomyEvaluator,
    NationalEconomyValue,
)
from keizai.agents.heuristics.national_economy_fast import FEATURES, ne_features, ne_learned
from keizai.engine import new_game
from keizai.rules.national_economy.scoring import score_player
from keizai.rules.national_economy.state import NationalEconomyState

EDITIONS = ("progress", "mecenat", "glory")


def _position(edition: str, moves: int, seed: int = 3) -> NationalEconomyState:
    state = new_game(f"national-economy/{edition}", 2, seed)
    assert isinstance(state, NationalEconomyState)
    agent = HeuristicAgent(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(agent.choose(state))
    return state


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_and_round_has_fitted_weights(edition: str) -> None:
    state = _position(edition, 0)
    value = evaluator_for(f"national-economy/{edition}", "learned")
    assert isinstance(value, NationalEconomyValue)
    rounds = len(state.cards.wages)
    assert len(value.weights) == len(value.scales) == rounds
    assert all(len(row) == len(FEATURES) for row in value.weights)
    assert all(scale > 0 for scale in value.scales)
    # the hand-made evaluation stays the default
    assert type(evaluator_for(f"national-economy/{edition}")) is NationalEconomyEvaluator


def test_the_features_are_the_public_holdings() -> None:
    state = _position("progress", 40)
    estimates = NationalEconomyEvaluator().estimates(state, 0)
    rows = ne_features(state, estimates)
    assert len(rows) == 2
    for p, row in zip(state.players, rows, strict=True):
        named = dict(zip(FEATURES, row, strict=True))
        assert named["bias"] == 1.0
        assert named["estimate"] == estimates[state.players.index(p)]
        assert named["score"] == score_player(state, p)["total"]
        assert named["money"] == p.money
        assert named["workers"] == p.workers
        assert named["buildings"] == len(p.buildings)
        assert named["cards"] + named["items"] <= p.hand_size


def test_the_features_ignore_the_cards_in_a_hand_and_the_deck() -> None:
    state = _position("mecenat", 0)
    agent = HeuristicAgent(2)
    for _ in range(30):  # into the game, with building cards in the other seat's hand
        state.apply(agent.choose(state))
    while not any(state.players[1].hand):
        state.apply(agent.choose(state))
    twin = state.clone()
    other = twin.players[1]
    held = [t for t, n in enumerate(other.hand) if n]
    # another card of the same count in the hand, and another deck order
    other.hand[held[0]] -= 1
    other.hand[(held[0] + 1) % len(other.hand)] += 1
    twin.deck.reverse()
    estimates = NationalEconomyEvaluator().estimates(state, 0)
    assert ne_features(twin, estimates) == ne_features(state, estimates)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_learned_estimate_weighs_the_features_of_its_round(edition: str) -> None:
    state = _position(edition, 60)
    value = NationalEconomyValue(edition)
    hand = NationalEconomyEvaluator().estimates(state, 0)
    row = value.weights[state.round - 1]
    expected = [sum(w * f for w, f in zip(row, features, strict=True))
                for features in ne_features(state, hand)]
    assert value.estimates(state, 0) == pytest.approx(expected)
    assert value.leaf_scale(state) == value.scales[state.round - 1]
    # and a different number from the hand-made one: the fit changed something
    assert value.estimates(state, 0) != hand


def test_a_finished_game_is_valued_by_its_final_scores() -> None:
    state = _position("glory", 10_000)
    assert state.is_over
    finals = [float(row["total"]) for row in state.scores()]
    assert NationalEconomyValue("glory").estimates(state, 1) == finals
    assert ne_learned(state, finals, [[0.0] * len(FEATURES)]) == finals


def test_mcts_plays_with_the_learned_evaluation() -> None:
    state = _position("progress", 5)
    agent = make_agent("mcts:iterations=60:evaluation=learned", 1)
    assert isinstance(agent, MCTSAgent)
    assert agent.choose_index(state) in state.legal_indices()
    assert isinstance(agent.evaluator, NationalEconomyValue)
    with pytest.raises(ValueError):
        make_agent("mcts:iterations=60:evaluation=oracle", 1)
    with pytest.raises(ValueError):
        NationalEconomyValue("unknown")


def _table_of_four(moves: int, seed: int = 5) -> NationalEconomyState:
    state = new_game("national-economy/progress", 4, seed)
    assert isinstance(state, NationalEconomyState)
    agent = HeuristicAgent(seed)
    for _ in range(moves):
        state.apply(agent.choose(state))
    return state


def test_a_table_of_four_weighs_with_the_fit_for_four_where_there_is_one() -> None:
    state = _table_of_four(80)
    value = NationalEconomyValue("progress")
    hand = NationalEconomyEvaluator().estimates(state, 0)
    two_weights, two_scales = value.by_players[2]
    four_weights = [[2.0 * w + 1.0 for w in row] for row in two_weights]
    four_scales = [s + 3.0 for s in two_scales]
    value.by_players = {2: (two_weights, two_scales), 4: (four_weights, four_scales)}
    r = state.round - 1
    assert value.estimates(state, 0) == pytest.approx(
        [sum(w * f for w, f in zip(four_weights[r], features, strict=True))
         for features in ne_features(state, hand)])
    assert value.leaf_scale(state) == four_scales[r]
    # a table without a fit of its size (here 4 without one) falls back to the 2-player fit
    value.by_players = {2: (two_weights, two_scales)}
    assert value.estimates(state, 0) == pytest.approx(
        [sum(w * f for w, f in zip(two_weights[r], features, strict=True))
         for features in ne_features(state, hand)])
    assert value.leaf_scale(state) == two_scales[r]
    # and two players never see another fit: the 2-player weights are `weights`
    two = _position("progress", 60)
    value.by_players = {2: (two_weights, two_scales), 4: (four_weights, four_scales)}
    assert value.leaf_scale(two) == value.scales[two.round - 1] == two_scales[two.round - 1]
