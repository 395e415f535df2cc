"""Uniform random play over the legal actions, seeded."""

from __future__ import annotations

from keizai.agents.base import Agent
from keizai.engine import Action, Rng, State


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        return legal[self.rng.randbelow(len(legal))]
