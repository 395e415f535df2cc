"""Simulation: tournaments between agents, statistics, plots, benchmarks."""

from keizai.sim.runner import GameResult, play_game
from keizai.sim.tournament import Tournament, TournamentResult, run_tournament

__all__ = ["GameResult", "Tournament", "TournamentResult", "play_game", "run_tournament"]
