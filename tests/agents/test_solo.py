"""The solo planner (issue #19): flat Monte Carlo with heuristic rollouts."""

from __future__ import annotations

import keizai
from keizai.agents import make_agent
from keizai.agents.solo import SoloAgent


def first_choice(game_id: str, players: int, seed: int) -> keizai.State:
    state = keizai.new_game(game_id, players, seed=seed)
    while len(state.legal_indices()) < 2:
        state.apply_index(state.legal_indices()[0])
    return state


def test_every_action_is_rolled_out_on_the_same_samples() -> None:
    state = first_choice("national-economy/progress", 1, 3)
    agent = SoloAgent(5, rollouts=2)
    index = agent.choose_index(state)
    assert index in state.legal_indices()
    assert agent.last_rollouts == 2 * len(state.legal_indices())


def test_the_cap_stops_after_one_rollout_and_keeps_a_rolled_out_action() -> None:
    state = first_choice("national-economy/glory", 1, 4)
    agent = SoloAgent(5, rollouts=50, cap=1e-9)
    index = agent.choose_index(state)
    assert agent.last_rollouts == 1
    assert index in state.legal_indices()


def test_with_more_players_it_plays_as_the_heuristic() -> None:
    for seed in range(3):
        state = first_choice("national-economy/mecenat", 2, seed)
        assert (make_agent("solo", 7).choose(state).name
                == make_agent("heuristic", 8).choose(state).name)
