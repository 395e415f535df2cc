"""The heuristic agent: plays the turn its game's evaluation rates best.

For each legal action it plays the rest of its own compound move (choose the building,
pay for it, ...) on a determinized sample and evaluates where the turn ends; it keeps the
action whose best completion leads by most (own estimate minus the best other seat's).
Effects that draw cards draw from the sample, so the agent never sees the real deck.
"""

from __future__ import annotations

from typing import ClassVar

from keizai.agents.base import Agent, action_at
from keizai.agents.heuristics import Evaluator, ScoreEvaluator, evaluator_for
from keizai.engine import Action, InvalidSetup, Rng, State

# Evaluations per decision at most; past it, compound moves are cut short and evaluated.
NODE_BUDGET = 400


class HeuristicAgent(Agent):
    """`epsilon`: chance of a uniformly random action instead (the `easy` level)."""

    name = "heuristic"
    PARAMS: ClassVar[dict[str, type]] = {"epsilon": float}

    def __init__(self, seed: int = 0, epsilon: float = 0.0) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise InvalidSetup.refuse("agent.between", key="epsilon", low=0, high=1)
        self.rng = Rng(seed)
        self.epsilon = epsilon
        self.evaluator: Evaluator = ScoreEvaluator()  # replaced by the game's on first use
        self._game: str | None = None
        self._nodes = 0

    def choose(self, state: State) -> Action:
        return action_at(state, self.choose_index(state))

    def choose_index(self, state: State) -> int:
        legal = state.legal_indices()
        if len(legal) == 1:
            return legal[0]
        if self._game != state.game.id:
            self._game = state.game.id
            self.evaluator = evaluator_for(state.game.id)
        legal = self.evaluator.prune(state, legal)
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return legal[self.rng.randbelow(len(legal))]
        seat = state.current_player
        assert seat is not None
        sample = state.determinize(seat, self.rng)
        sample.log_enabled = False
        self._nodes = 0
        best, best_value = legal[0], float("-inf")
        for index in legal:
            child = sample.clone()
            child.apply_index(index)
            value = self._value(child, seat)
            if value > best_value:
                best, best_value = index, value
        return best

    def _value(self, state: State, seat: int) -> float:
        """The best lead `seat` can reach by finishing its compound move in `state`."""
        self._nodes += 1
        if (not state.is_over and state.current_player == seat
                and self._nodes < NODE_BUDGET and self.evaluator.mid_turn(state)):
            best = float("-inf")
            for index in self.evaluator.prune(state, state.legal_indices()):
                child = state.clone()
                child.apply_index(index)
                best = max(best, self._value(child, seat))
            return best
        est = self.evaluator.turn_estimates(state, seat)
        others = [v for s, v in enumerate(est) if s != seat]
        return est[seat] - (max(others) if others else 0.0)
