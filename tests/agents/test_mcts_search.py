"""The compiled MCTS search loop decides exactly as the plain loop it replaced.

The records below were taken from the plain-Python loop (and the JSON-view evaluation)
before the loop moved to `keizai.agents.mcts_search`: the move chosen, and the visits and
summed value of its node. Equal floats mean the same arithmetic in the same order and the
same random draws, so tournament tables measured with the plain loop stay valid.
"""

from __future__ import annotations

import pytest

import keizai  # noqa: F401  (registers the games)
from keizai.agents import HeuristicAgent, MCTSAgent, make_agent
from keizai.engine import new_game

HARD = "mcts:iterations=300:depth=6:c=0.4"  # `hard` with a smaller budget
GREEDY = "mcts:iterations=40:depth=-1:c=0.7:rollout=heuristic"
RECORDED = [
    ("progress", 2, 12, HARD, 5, 260, 169.639649678),
    ("progress", 2, 36, HARD, 38, 80, 6.190775252),
    ("progress", 4, 24, GREEDY, 100, 33, 10.197759235),
    ("mecenat", 2, 12, HARD, 5, 198, 70.490263989),
    ("mecenat", 2, 36, HARD, 3, 141, 98.32373847),
    ("mecenat", 4, 24, GREEDY, 0, 13, 3.817301726),
    ("glory", 2, 12, HARD, 5, 196, 55.840731574),
    ("glory", 2, 36, HARD, 1, 224, 110.929378937),
    ("glory", 4, 24, GREEDY, 5, 11, 5.040327262),
]


@pytest.mark.parametrize("edition,players", [("progress", 2), ("mecenat", 2), ("glory", 2),
                                             ("glory", 4)])
def test_the_search_repeats_the_recorded_decisions(edition: str, players: int) -> None:
    rows = [r for r in RECORDED if r[0] == edition and r[1] == players]
    state = new_game(f"national-economy/{edition}", players, 11)
    heuristic = HeuristicAgent(1)
    decisions = 0
    for _, _, k, spec, move, visits, value in rows:
        while decisions < k:
            if len(state.legal_indices()) > 1:
                decisions += 1
                if decisions == k:
                    break
            state.apply(heuristic.choose(state))
        agent = make_agent(spec, seed=k)
        assert isinstance(agent, MCTSAgent)
        assert agent.choose_index(state.clone()) == move
        assert agent._tree is not None
        node = agent._tree[3]
        assert (node.n, round(node.w, 9)) == (visits, value)
        state.apply(heuristic.choose(state))
