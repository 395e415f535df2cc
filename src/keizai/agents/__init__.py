"""Players that are programs: they see a state only through the engine contract and
decide only on what their seat may know."""

from keizai.agents.base import LEVELS, Agent, make_agent, parse_spec, without_time_cap
from keizai.agents.heuristic import HeuristicAgent
from keizai.agents.mcts import MCTSAgent
from keizai.agents.random_agent import RandomAgent

__all__ = ["LEVELS", "Agent", "HeuristicAgent", "MCTSAgent", "RandomAgent", "make_agent",
           "parse_spec", "without_time_cap"]
