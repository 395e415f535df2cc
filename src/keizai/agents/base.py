"""The agent interface and the factory that builds agents from their names."""

from __future__ import annotations

from abc import ABC, abstractmethod

from keizai.engine import Action, State


class Agent(ABC):
    """Chooses one action for the seat whose decision it is."""

    name: str = "agent"

    @abstractmethod
    def choose(self, state: State) -> Action:
        """A legal action of `state.current_player`."""


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its name, e.g. "random"."""
    from keizai.agents.random_agent import RandomAgent

    kind = spec.strip().lower()
    if kind == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown agent {spec!r} (known: random)")
