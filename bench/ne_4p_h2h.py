"""Head to head at one 4-player National Economy table (docs/strength.md, branch
expert-4p): the learned evaluation with a 4-player fit (`variant4p`, the "players"/"4"
entry of WEIGHTS.json, written by `bench/ne_value_fit.py fit --more`) and with the
shipped 2-player fit (`current`), each at ITER iterations (depth 6, c 0.4), and two
`hard`; per deal the four rotations of the line-up, deals FIRST..FIRST+DEALS-1.
Appends one CSV row per game (resumable: done (seed, order) pairs are skipped).

    python bench/ne_4p_h2h.py EDITION WEIGHTS.json FIRST DEALS ITER OUT.csv
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path

from cli_args import edition_name, natural_int, parser, positive_int

from keizai.agents import make_agent
from keizai.agents.heuristics.national_economy import NationalEconomyValue
from keizai.engine.registry import new_game

NAMES = ["variant4p", "current", "hard", "hard"]


def main(edition: str, weights: Path, first: int, deals: int, iters: int, out: Path) -> None:
    fit4 = json.loads(weights.read_text())[edition]["players"]["4"]
    game = f"national-economy/{edition}"
    done: set[tuple[int, int]] = set()
    if out.exists():
        with out.open() as handle:
            done = {(int(r["seed"]), int(r["order"])) for r in csv.DictReader(handle)}
    for seed in range(first, first + deals):
        for order in range(4):
            if (seed, order) in done:
                continue
            lineup = NAMES[order:] + NAMES[:order]
            agents = []
            for i, name in enumerate(lineup):
                if name == "hard":
                    agents.append(make_agent("hard", seed * 101 + i))
                    continue
                spec = f"mcts:iterations={iters}:depth=6:c=0.4:evaluation=learned"
                agent = make_agent(spec, seed * 101 + i)
                value = NationalEconomyValue(edition)
                if name == "variant4p":
                    value.weights = [[float(w) for w in row] for row in fit4["weights"]]
                    value.scales = [float(s) for s in fit4["scales"]]
                agent.evaluator = value  # type: ignore[attr-defined]
                agent._game = game  # type: ignore[attr-defined]  # keep this evaluator
                agents.append(agent)
            state = new_game(game, players=4, seed=seed)
            state.log_enabled = False
            start = time.process_time()
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                state.apply_index(agents[seat].choose_index(state))
            totals = [int(row["total"]) for row in state.scores()]
            winners = state.winners()
            new = not out.exists()
            with out.open("a", newline="") as handle:
                writer = csv.writer(handle)
                if new:
                    writer.writerow(["seed", "order", "seats", "scores", "winners", "cpu"])
                writer.writerow([seed, order, "|".join(lineup), "|".join(map(str, totals)),
                                 "|".join(map(str, winners)),
                                 round(time.process_time() - start, 1)])
            print(seed, order, lineup, totals, winners, flush=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: EDITION WEIGHTS.json FIRST DEALS ITER OUT.csv."""
    cli = parser(__doc__)
    cli.add_argument("edition", metavar="EDITION", type=edition_name,
                     help="progress, mecenat or glory")
    cli.add_argument("weights", metavar="WEIGHTS.json", type=Path,
                     help="the learned weights with the 4-player fit")
    cli.add_argument("first", metavar="FIRST", type=natural_int, help="the first deal's seed")
    cli.add_argument("deals", metavar="DEALS", type=positive_int, help="how many deals")
    cli.add_argument("iters", metavar="ITER", type=positive_int,
                     help="MCTS iterations of the two learned entrants")
    cli.add_argument("out", metavar="OUT.csv", type=Path,
                     help="the CSV the games are appended to (resumable)")
    args = cli.parse_args(argv)
    if not args.weights.is_file():
        cli.error(f"no weights file {args.weights}")
    return args


if __name__ == "__main__":
    a = parse_args()
    main(a.edition, a.weights, a.first, a.deals, a.iters, a.out)
