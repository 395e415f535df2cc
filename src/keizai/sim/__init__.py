"""Simulation: many games between agents, with results and statistics."""

from keizai.sim.runner import GameResult, play_game, run_games

__all__ = ["GameResult", "play_game", "run_games"]
