"""Futuropia: today's heuristic against the one before issue #19 (the same agent valuing
positions by the current score alone, `ScoreEvaluator`), 2 players on rotated seats,
house sides drawn at random (the game has no luck otherwise), with the energy each
seat leaves unused at the end.

    PYTHONPATH=src python bench/futuropia_old_heuristic.py [games]
"""

from __future__ import annotations

import argparse

from cli_args import parser, positive_int

import keizai
from keizai.agents import Agent, HeuristicAgent
from keizai.agents.heuristics import ScoreEvaluator


def main(games: int) -> None:
    wins = 0
    new_scores: list[int] = []
    old_scores: list[int] = []
    for g in range(games):
        seed, new_seat = 1 + g // 2, g % 2
        state = keizai.new_game("futuropia", 2, seed=seed, options={"houses": "random"})
        state.log_enabled = False
        old = HeuristicAgent(seed)
        old._game, old.evaluator = "futuropia", ScoreEvaluator()  # before issue #19
        agents: list[Agent] = [old, old]
        agents[new_seat] = HeuristicAgent(seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].choose(state))
        totals = [int(row["total"]) for row in state.scores()]
        new_scores.append(totals[new_seat])
        old_scores.append(totals[1 - new_seat])
        wins += state.ranking()[0] == new_seat
        energy = [c["energy"] for c in state.view(None)["communities"]]
        print(f"game {g}: scores {totals}, new heuristic in seat {new_seat}, "
              f"energy left new {energy[new_seat]} / old {energy[1 - new_seat]}", flush=True)
    print(f"new heuristic won {wins} of {games}; mean score new "
          f"{sum(new_scores) / games:.1f}, old {sum(old_scores) / games:.1f}")
    print(f"futuropia,heuristic,heuristic-before-19,{wins},{games}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: [games]."""
    cli = parser(__doc__)
    cli.add_argument("games", nargs="?", type=positive_int, default=10,
                     help="games, on rotated seats (default 10)")
    return cli.parse_args(argv)


if __name__ == "__main__":
    main(parse_args().games)
