"""Per-game position evaluations, keyed by game id.

An evaluation estimates, from what one seat may know, the final score each seat is
heading for. The `heuristic` agent picks the action whose completed turn it rates best;
the MCTS agent uses it to value positions where it stops a rollout. An evaluation may
read only the game's JSON `view(viewer)` and the public engine contract (scores, legal
actions and their names), never a game's internals.
"""

from __future__ import annotations

from collections.abc import Callable

from keizai.agents.heuristics.base import Evaluator, ScoreEvaluator
from keizai.agents.heuristics.enterprise_empire import EnterpriseEmpireEvaluator
from keizai.agents.heuristics.futuropia import FuturopiaEvaluator
from keizai.agents.heuristics.national_economy import NationalEconomyEvaluator

_BY_PREFIX: dict[str, Callable[[], Evaluator]] = {
    "national-economy/": NationalEconomyEvaluator,
    "enterprise-empire": EnterpriseEmpireEvaluator,
    "futuropia": FuturopiaEvaluator,
}


def evaluator_for(game_id: str) -> Evaluator:
    """The game's evaluation, or the generic current-score fallback if it has none yet."""
    for prefix, factory in _BY_PREFIX.items():
        if game_id == prefix or game_id.startswith(prefix):
            return factory()
    return ScoreEvaluator()


__all__ = ["Evaluator", "ScoreEvaluator", "evaluator_for"]
