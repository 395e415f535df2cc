"""Players that are programs: they see a state only through the engine contract and
decide only on what their seat may know."""

from keizai.agents.base import Agent, make_agent
from keizai.agents.random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent"]
