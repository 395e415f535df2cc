"""The MCTS levels in Futuropia (issue #19).

Before, `hard` stopped at once in the final phase with 60-70 resources: after a tile, the
depth-6 random rollout played random purchases, payments and stops, while "stop" settles
the seat's score with no such noise. Now the Futuropia evaluation prunes every final-phase
move but the first of the seat's best plan over its own tiles, scored exactly at its end
(`FuturopiaEvaluator.prune` and `plan`), at every level's root.

Two leaf options were tried as well (not the levels' default: on 4 deals against the
cycle they scored less): `rollout=turn` finishes the compound move greedily instead of
random moves, and `margin=S` blends the lead at a wide scale into the leaf value.
"""

from __future__ import annotations

import pytest

import keizai
from keizai.agents import HeuristicAgent, MCTSAgent, make_agent
from keizai.agents.heuristics import evaluator_for
from keizai.agents.mcts_search import blend, chances, leaf_values
from keizai.engine import Rng, State
from keizai.rules.futuropia.state import FuturopiaState

SEARCH = "mcts:iterations=300:depth=6:c=0.4"  # `normal`, the smallest search level


def _final_phase_acts(seed: int) -> list[State]:
    """Positions of a heuristic self-play game in the final phase where the seat to move
    may stop and the heuristic plays a tile instead (the rulebook's final phase: each
    turn a face-up tile's action, or stop and score 3 per face-up tile)."""
    state = keizai.new_game("futuropia", 2, seed=seed)
    assert isinstance(state, FuturopiaState)
    state.log_enabled = False
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    names = state.game.action_space.actions
    found: list[State] = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        choice = agents[seat].choose_index(state)
        legal = {names[i].name for i in state.legal_indices()}
        if state.final and "stop" in legal and names[choice].name.startswith("action:"):
            found.append(state.clone())
        state.apply_index(choice)
    return found


def _stops(spec: str, positions: list[State]) -> int:
    names = positions[0].game.action_space.actions
    agent = make_agent(spec, 3)
    assert isinstance(agent, MCTSAgent)
    return sum(names[agent.choose_index(p.clone())].name == "stop" for p in positions)


def test_the_search_does_not_stop_the_game_while_acting_pays() -> None:
    # One game: the basic game's set-up draws nothing, so seeds 2 and 3 replayed seed 1's
    # heuristic game move for move and gave its 6 positions twice more
    positions = _final_phase_acts(1)
    assert len(positions) >= 6
    assert _stops(SEARCH, positions) == 0


def test_far_ahead_the_lead_still_tells_moves_apart() -> None:
    # a lead of 50 and one of 60 points: as win chances (scale 8) both are about 1
    ahead = chances([120.0, 70.0], None, 8.0)
    further = chances([130.0, 70.0], None, 8.0)
    assert further[0] - ahead[0] < 0.002
    scale = 40.0
    assert blend(further, [130.0, 70.0], scale)[0] > blend(ahead, [120.0, 70.0], scale)[0] + 0.01


def test_a_turn_leaf_finishes_the_compound_move_and_only_that() -> None:
    """The leaf plays the seat's tile to its end (purchase, payments), no further."""
    state = keizai.new_game("futuropia", 2, seed=4)
    assert isinstance(state, FuturopiaState)
    state.log_enabled = False
    names = state.game.action_space.actions
    tile = next(i for i in state.legal_indices() if names[i].name.startswith("action:"))
    state.apply_index(tile)
    evaluator = evaluator_for("futuropia")
    assert evaluator.mid_turn(state)
    mover = state.current_player
    turns = state.turns_played
    leaf_values(state, 0, Rng(1), 6, False, evaluator, True, 40.0)
    assert not evaluator.mid_turn(state)
    assert state.current_player != mover or state.turns_played == turns + 1


def test_the_leaf_options_are_checked() -> None:
    agent = make_agent("mcts:iterations=10:rollout=turn:margin=40")
    assert (agent.rollout, agent.margin) == ("turn", 40.0)  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        make_agent("mcts:iterations=10:rollout=other")
    with pytest.raises(ValueError):
        make_agent("mcts:iterations=10:margin=-1")
