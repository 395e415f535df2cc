"""One table for a chunked series of bench/strength19.sh (all its chunks together).

    .venv/bin/python bench/strength_series.py RUNS SERIES [AGENT] [CSV]

RUNS is the runs folder (OUT of strength19.sh), SERIES a series name such as
`progress-2p-expert12k-hard`; AGENT (default: the first of the line-up) is the entrant
the table is about. Reads every `RUNS/SERIES-c<k>/games.csv` that is complete (its
chunk's summary `RUNS/SERIES-c<k>.json` exists and is not empty), and prints: games,
AGENT's wins (a shared victory counts 1/k, as in keizai.sim), the 95% Wilson interval,
the one-sided exact binomial p-value against an even share (1/players; shared
victories left out), mean scores, and how many deals it won on every seat order.
With CSV, also writes the games of the series there, one row per game (the file cited
by docs/strength.md; its rows are keizai.sim's games.csv rows plus the chunk).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from keizai.sim.stats import binomial_p_greater, wilson


def load(runs: Path, series: str) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    k = 0
    while True:
        chunk = runs / f"{series}-c{k}"
        summary = runs / f"{series}-c{k}.json"
        if not (summary.exists() and summary.stat().st_size and (chunk / "games.csv").exists()):
            break
        with (chunk / "games.csv").open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                rows.append({"chunk": str(k), **row})
        k += 1
    return rows


def main(runs: str, series: str, agent: str | None = None, out: str | None = None) -> None:
    rows = [r for r in load(Path(runs), series) if not r["error"]]
    if not rows:
        print(f"{series}: no complete chunk")
        return
    players = len(rows[0]["agents"].split("|"))
    agent = agent or rows[0]["agents"].split("|")[0]
    wins = 0.0
    sole = 0
    decided = 0
    mine: list[float] = []
    theirs: list[float] = []
    deals: dict[str, float] = {}
    for r in rows:
        agents = r["agents"].split("|")
        scores = [float(x) for x in r["scores"].split("|")]
        winners = [int(w) for w in r["winner"].split("|")] if r["winner"] else []
        seat = agents.index(agent)
        mine.append(scores[seat])
        theirs.extend(s for i, s in enumerate(scores) if i != seat)
        if winners:
            share = (seat in winners) / len(winners)
            wins += share
            deals[r["seed"]] = deals.get(r["seed"], 0.0) + share
            if len(winners) == 1:
                decided += 1
                sole += seat in winners
    n = len(rows)
    lo, hi = wilson(wins, n)
    even = 1 / players
    p = binomial_p_greater(sole, decided, even)
    print(f"{series}: {n} games ({len(deals)} deals x {n // max(1, len(deals))} seat orders), "
          f"{agent} won {wins:g} = {100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
          f"(95% Wilson), one-sided p vs {100 * even:.0f}% = {p:.2g} "
          f"({sole} of {decided} games won alone); mean score {sum(mine) / n:.1f} against "
          f"{sum(theirs) / len(theirs):.1f}; per deal: "
          + ", ".join(f"{v:g}" for v in deals.values()))
    if out:
        with open(out, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: RUNS SERIES [AGENT] [CSV]."""
    cli = argparse.ArgumentParser(description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    cli.add_argument("runs", metavar="RUNS", help="the runs folder (OUT of strength19.sh)")
    cli.add_argument("series", metavar="SERIES", help="e.g. progress-2p-expert12k-hard")
    cli.add_argument("agent", metavar="AGENT", nargs="?",
                     help="the entrant the table is about (default: the first of the line-up)")
    cli.add_argument("csv", metavar="CSV", nargs="?",
                     help="also write the series' games to this file")
    args = cli.parse_args(argv)
    if not Path(args.runs).is_dir():
        cli.error(f"no runs folder {args.runs}")
    return args


if __name__ == "__main__":
    given = parse_args()
    main(given.runs, given.series, given.agent, given.csv)
