"""The evaluation interface and the generic fallback."""

from __future__ import annotations

from keizai.engine import State


class Evaluator:
    """Estimates of each seat's final score, as `viewer` may know them.

    `scale` is the score difference that separates a likely win from a coin flip; the
    search squashes estimate differences with it into win chances.
    """

    name = "generic"
    scale: float = 10.0

    def estimates(self, state: State, viewer: int) -> list[float]:
        """Per seat, the final score it is heading for."""
        return [float(row["total"]) for row in state.scores()]

    def turn_estimates(self, state: State, viewer: int) -> list[float]:
        """The estimates the `heuristic` agent rates a finished turn by: `estimates`,
        unless the game knows what a one-turn look misses (National Economy: the
        payday's wages still due, which a search that plays past the payday sees)."""
        return self.estimates(state, viewer)

    def leaf_scale(self, state: State) -> float:
        """The `scale` that applies to `state` (an evaluation fitted per round may be
        surer late in the game than early)."""
        return self.scale

    def mid_turn(self, state: State) -> bool:
        """Whether the seat to move is inside a compound move (its turn goes on)."""
        return False

    def prune(self, state: State, legal: list[int]) -> list[int]:
        """The legal actions a sensible player considers at all (never empty): a game
        drops here the moves no strong player makes (blunders), for every level."""
        return legal


class ScoreEvaluator(Evaluator):
    """Fallback for a game without its own evaluation: the current scores.

    Clearly weaker than a real evaluation (it values nothing that has not scored yet);
    it exists so that every registered game has a `heuristic` and an MCTS leaf value.
    """

    name = "generic-score"
