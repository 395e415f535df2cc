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
from keizai.agents.heuristics.national_economy import (
    NationalEconomyEvaluator,
    NationalEconomyValue,
)

_BY_PREFIX: dict[str, Callable[[], Evaluator]] = {
    "national-economy/": NationalEconomyEvaluator,
    "enterprise-empire": EnterpriseEmpireEvaluator,
    "futuropia": FuturopiaEvaluator,
}


def evaluator_for(game_id: str, kind: str = "hand") -> Evaluator:
    """The game's evaluation, or the generic current-score fallback if it has none yet.
    `kind` "learned": the evaluation fitted on self-play where the game has one
    (National Economy), else the game's hand-made one."""
    if kind not in ("hand", "learned"):
        raise ValueError("evaluation must be 'hand' or 'learned'")
    if kind == "learned" and game_id.startswith("national-economy/"):
        return NationalEconomyValue(game_id.split("/", 1)[1])
    for prefix, factory in _BY_PREFIX.items():
        if game_id == prefix or game_id.startswith(prefix):
            return factory()
    return ScoreEvaluator()


__all__ = ["Evaluator", "ScoreEvaluator", "evaluator_for"]
