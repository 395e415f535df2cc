"""Complete random games per CPU-second, the loop of issue #16's table: `apply(random
legal index)` through the checked API, logging off, `scores()` at the end, a new game
(`new_game`) each time. The best of `--repeats` runs of `--seconds` CPU-seconds each.

docs/performance.md ("Side by side with the peer") compares these figures with the peer's,
run alternately on the same machine.

    .venv/bin/python bench/games_per_cpu.py national-economy/progress 2 [--seconds 2] [--repeats 3]
"""

from __future__ import annotations

import argparse
import time

from regression import random_games

from keizai.engine.errors import InvalidSetup, UnknownGame
from keizai.sim.bench import engine_build

CHUNK = 10  # games per timing check


def games_per_cpu_second(game_id: str, players: int, seconds: float) -> float:
    """Games of `game_id` finished per CPU-second over at least `seconds` of CPU."""
    run = random_games(game_id, players, CHUNK)
    games = 0
    start = time.process_time()
    while True:
        run()
        games += CHUNK
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game id, e.g. national-economy/progress")
    parser.add_argument("players", type=int, help="the number of players")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU-seconds per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs; the best counts")
    args = parser.parse_args()
    try:
        runs = [games_per_cpu_second(args.game, args.players, args.seconds)
                for _ in range(max(1, args.repeats))]
    except (UnknownGame, InvalidSetup) as error:
        parser.error(str(error))
    print(f"{args.game} {args.players}p: {max(runs):,.0f} games per CPU-second "
          f"(runs: {', '.join(f'{r:,.0f}' for r in runs)}); engine: {engine_build()}")


if __name__ == "__main__":
    main()
