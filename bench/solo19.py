"""National Economy solo (issue #19): one agent on fixed deals, resumable.

    python bench/solo19.py EDITION AGENT FIRST LAST [OUT]

plays the solo deals seeded FIRST..LAST (the agent seeded like the deal) and appends
one line per deal to OUT (default strength-runs/solo-EDITION-AGENT.csv, ':' and '='
made file-safe); deals already in the file are skipped, so an interrupted run resumes.
Then prints, over every deal in the file: deals, median and mean score, how many
reached the victory score (Progress 100, Mecenat 125, Glory 100) with the 95% Wilson
interval, and the slowest decision (wall clock, and CPU time of this process: the
time on one core, whatever the machine's load); and, when the heuristic's file of the same edition
is in the same folder, the heuristic's median and mean on the same deals and on how
many deals the agent scored more. Tournament specs use fixed iteration budgets
(no `cap`), so the results do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import time
from pathlib import Path

from cli_args import add_deal_range, agent_spec, check_deals, edition_name, parser

from keizai.agents import make_agent
from keizai.engine.registry import new_game
from keizai.sim.stats import wilson


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: EDITION AGENT FIRST LAST [OUT]."""
    cli = parser(__doc__)
    cli.add_argument("edition", metavar="EDITION", type=edition_name,
                     help="progress, mecenat or glory")
    cli.add_argument("spec", metavar="AGENT", type=agent_spec,
                     help="the agent's spec (a fixed budget: no cap)")
    add_deal_range(cli)
    cli.add_argument("out", metavar="OUT", type=Path, nargs="?",
                     help="the CSV (default strength-runs/solo-EDITION-AGENT.csv)")
    args = cli.parse_args(argv)
    check_deals(cli, args.first, args.last)
    return args


def main(args: argparse.Namespace) -> None:
    edition, spec, first, last = args.edition, args.spec, args.first, args.last
    safe = spec.replace(":", "_").replace("=", "")
    out = args.out or Path(f"strength-runs/solo-{edition}-{safe}.csv")
    out.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if out.exists():
        with out.open() as f:
            done = {int(row["seed"]) for row in csv.DictReader(f)}
    new = not out.exists()
    with out.open("a", newline="") as f:
        writer = csv.writer(f)
        if new:
            writer.writerow(["seed", "total", "target", "won", "decisions", "max_seconds",
                             "max_cpu_seconds"])
        for seed in range(first, last + 1):
            if seed in done:
                continue
            state = new_game(f"national-economy/{edition}", players=1, seed=seed)
            agent = make_agent(spec, seed)
            decisions, slowest, slowest_cpu = 0, 0.0, 0.0
            while not state.is_over:
                several = len(state.legal_indices()) > 1
                start, start_cpu = time.perf_counter(), time.process_time()
                action = agent.choose(state)
                if several:
                    decisions += 1
                    slowest = max(slowest, time.perf_counter() - start)
                    slowest_cpu = max(slowest_cpu, time.process_time() - start_cpu)
                state.apply(action)
            row = state.scores()[0]
            writer.writerow([seed, row["total"], row["target"], row["won"], decisions,
                             f"{slowest:.3f}", f"{slowest_cpu:.3f}"])
            f.flush()
    with out.open() as f:
        rows = list(csv.DictReader(f))
    totals = [int(r["total"]) for r in rows]
    won = sum(int(r["won"]) for r in rows)
    low, high = wilson(won, len(rows))
    print(f"{edition} {spec}: {len(rows)} deals, median {statistics.median(totals)}, "
          f"mean {statistics.mean(totals):.1f}, victory score {won}/{len(rows)} "
          f"= {100 * won / len(rows):.0f}% [{100 * low:.1f}, {100 * high:.1f}], "
          f"slowest decision {max(float(r['max_seconds']) for r in rows):.2f} s"
          + (f" ({max(float(r['max_cpu_seconds']) for r in rows):.2f} s of CPU)"
             if all(r.get("max_cpu_seconds") for r in rows) else ""))
    base = out.with_name(f"solo-{edition}-heuristic.csv")
    if base != out and base.exists():
        with base.open() as f:
            theirs = {int(r["seed"]): int(r["total"]) for r in csv.DictReader(f)}
        pairs = [(int(r["total"]), theirs[int(r["seed"])]) for r in rows
                 if int(r["seed"]) in theirs]
        if pairs:
            other = [b for _a, b in pairs]
            print(f"  heuristic on the same {len(pairs)} deals: median {statistics.median(other)}, "
                  f"mean {statistics.mean(other):.1f}; {spec} scored more on "
                  f"{sum(a > b for a, b in pairs)}, less on {sum(a < b for a, b in pairs)}")


if __name__ == "__main__":
    main(parse_args())
