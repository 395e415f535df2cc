"""National Economy solo (issue #19): paired comparison of solo specs on the same deals.

    python bench/solo_ab.py EDITION FIRST LAST OUTDIR BASE [VARIANT ...] [--reseed K]

plays the solo deals seeded FIRST..LAST with every spec (the agent seeded like the deal;
with `--reseed K`, seeded by the deal + K, and the CSVs' names end in `-reseedK`: the same
spec with other random numbers of its own, which shows how much of a spec's result on
these deals is its own luck),
deal by deal, so that an interrupted run leaves every spec with (nearly) the same deals;
one CSV per spec in OUTDIR, and deals already there are skipped (resumable). Then prints
for each spec, on the deals every spec has played: median and mean score, victory
score reached, and against BASE the mean paired difference with its 95% half-width,
how many deals it scored more / less / the same, and the CPU time per deal and of the
slowest decision (one core). Use fixed budgets (no `cap`), and dev deals that are
neither the tuning deals (1001–1400, 2001–2400) nor the test deals (201–300).
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
import time
from pathlib import Path

from cli_args import add_deal_range, agent_spec, check_deals, edition_name, natural_int, parser

from keizai.agents import make_agent
from keizai.agents.base import Agent
from keizai.engine.registry import new_game

FIELDS = ["seed", "total", "target", "won", "decisions", "cpu", "max_cpu"]


def csv_path(outdir: Path, edition: str, spec: str, reseed: int = 0) -> Path:
    tail = f"-reseed{reseed}" if reseed else ""
    return outdir / f"{edition}-{spec.replace(':', '_').replace('=', '')}{tail}.csv"


def load(path: Path) -> dict[int, dict[str, str]]:
    if not path.exists():
        return {}
    with path.open() as f:
        return {int(row["seed"]): row for row in csv.DictReader(f)}


def append(path: Path, row: list[object]) -> None:
    """Adds one deal's row to the CSV at `path`, with the header if the file is new."""
    new = not path.exists()
    with path.open("a", newline="") as f:
        writer = csv.writer(f)
        if new:
            writer.writerow(FIELDS)
        writer.writerow(row)


def play(edition: str, spec: str, seed: int, reseed: int = 0) -> list[object]:
    """One deal: the CSV row (CPU time of this process, decisions with a choice only); the
    agent seeded by the deal's seed + `reseed`."""
    return play_with(make_agent(spec, seed + reseed), edition, seed)


def play_with(agent: Agent, edition: str, seed: int) -> list[object]:
    """One deal played by `agent`: the CSV row (as `play`)."""
    state = new_game(f"national-economy/{edition}", players=1, seed=seed)
    decisions, total, slowest = 0, 0.0, 0.0
    while not state.is_over:
        several = len(state.legal_indices()) > 1
        start = time.process_time()
        action = agent.choose(state)
        spent = time.process_time() - start
        if several:
            decisions += 1
            total += spent
            slowest = max(slowest, spent)
        state.apply(action)
    row = state.scores()[0]
    return [seed, row["total"], row["target"], row["won"], decisions, f"{total:.2f}",
            f"{slowest:.3f}"]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: EDITION FIRST LAST OUTDIR BASE [VARIANT ...] [--reseed K]."""
    cli = parser(__doc__)
    cli.add_argument("edition", metavar="EDITION", type=edition_name,
                     help="progress, mecenat or glory")
    add_deal_range(cli)
    cli.add_argument("outdir", metavar="OUTDIR", type=Path, help="the folder of the CSVs")
    cli.add_argument("base", metavar="BASE", type=agent_spec,
                     help="the spec the others are paired against")
    cli.add_argument("variants", metavar="VARIANT", type=agent_spec, nargs="*",
                     help="more specs, played on the same deals")
    cli.add_argument("--reseed", metavar="K", type=natural_int, default=0,
                     help="seed each agent by the deal + K (default 0)")
    args = cli.parse_args(argv)
    check_deals(cli, args.first, args.last)
    return args


def main(args: argparse.Namespace) -> None:
    edition, first, last, outdir = args.edition, args.first, args.last, args.outdir
    specs, reseed = [args.base, *args.variants], args.reseed
    outdir.mkdir(parents=True, exist_ok=True)
    for seed in range(first, last + 1):
        for spec in specs:
            path = csv_path(outdir, edition, spec, reseed)
            if seed in load(path):
                continue
            append(path, play(edition, spec, seed, reseed))
    rows = {spec: load(csv_path(outdir, edition, spec, reseed)) for spec in specs}
    common = sorted(set.intersection(*(set(r) for r in rows.values())))
    if not common:
        print("no deal played by every spec yet")
        return
    base = [int(rows[specs[0]][s]["total"]) for s in common]
    for spec in specs:
        mine = rows[spec]
        totals = [int(mine[s]["total"]) for s in common]
        diff = [a - b for a, b in zip(totals, base, strict=True)]
        half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
        won = sum(int(mine[s]["won"]) for s in common)
        print(f"{spec}: {len(common)} deals, median {statistics.median(totals)}, "
              f"mean {statistics.mean(totals):.1f}, victory score {won}; vs base "
              f"{statistics.mean(diff):+.1f} ± {half:.1f}, more / less / same "
              f"{sum(d > 0 for d in diff)} / {sum(d < 0 for d in diff)} / "
              f"{sum(d == 0 for d in diff)}; CPU per deal "
              f"{statistics.mean(float(mine[s]['cpu']) for s in common):.1f} s, slowest "
              f"decision {max(float(mine[s]['max_cpu']) for s in common):.2f} s")


if __name__ == "__main__":
    main(parse_args())
