"""Record solo games of National Economy played by an agent (the solo planner, say), as
replayable lines: the deal's seed, every action index played and the final score.

    python bench/solo_planner_games.py EDITION SPEC FIRST LAST OUT.jsonl

Deals already in OUT are skipped, so an interrupted run resumes. A game is replayed by
`new_game(..., seed=seed)` and applying the indices in order (the deck order is fixed by
the seed), so any features of its states can be computed later (bench/solo_value_fit.py
`expert`): recording once serves every feature set tried.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cli_args import add_deal_range, agent_spec, check_deals, edition_name, parser

from keizai.agents import make_agent
from keizai.engine.registry import new_game


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: EDITION SPEC FIRST LAST OUT.jsonl."""
    cli = parser(__doc__)
    cli.add_argument("edition", metavar="EDITION", type=edition_name,
                     help="progress, mecenat or glory")
    cli.add_argument("spec", metavar="SPEC", type=agent_spec, help="the agent's spec")
    add_deal_range(cli)
    cli.add_argument("out", metavar="OUT.jsonl", type=Path,
                     help="the games are appended here (resumable)")
    args = cli.parse_args(argv)
    check_deals(cli, args.first, args.last)
    return args


def main(args: argparse.Namespace) -> None:
    edition, spec, first, last, out = args.edition, args.spec, args.first, args.last, args.out
    done: set[int] = set()
    if out.exists():
        done = {json.loads(line)["seed"] for line in out.read_text().splitlines() if line}
    with out.open("a") as f:
        for seed in range(first, last + 1):
            if seed in done:
                continue
            start = time.process_time()
            state = new_game(f"national-economy/{edition}", players=1, seed=seed)
            state.log_enabled = False
            agent = make_agent(spec, seed)
            actions: list[int] = []
            while not state.is_over:
                action = agent.choose(state)
                index = action.index
                actions.append(index)
                state.apply_index(index)
            total = int(state.scores()[0]["total"])
            f.write(json.dumps({"seed": seed, "spec": spec, "total": total,
                                "cpu": round(time.process_time() - start, 2),
                                "actions": actions}) + "\n")
            f.flush()
            print(f"{edition} deal {seed}: {total}", flush=True)


if __name__ == "__main__":
    main(parse_args())
