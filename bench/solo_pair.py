"""National Economy solo (issue #19): a variant's games paired deal by deal with a baseline's.

    python bench/solo_pair.py BASE VARIANT [VARIANT ...]

BASE and each VARIANT are the games of one spec: a CSV of bench/solo_ab.py's columns
(bench/solo_ab.py, solo_parallel.py, solo_leaf.py, solo_lookahead.py write them) or a
JSONL of recorded games (bench/solo_planner_games.py: seed and total; the victory score
is the edition's, given by `--target`, 100 by default). For each VARIANT, on the deals
both have played: the median and mean score, the deals that reach the victory score (and
the baseline's), the deals only one of them reaches, the mean paired difference with its
95% half-width, and the deals it scores more and less on.

A baseline's games should be fresh: a spec chosen as the best of several on some deals is
lucky on them, so any variant compared there looks worse than it is. On Glory's dev deals
3001–3040 the level itself with other random numbers (`solo_ab.py --reseed`) reaches 100
on 10 deals against its 16 and scores 2.9 less a deal (docs/strength.md, session 11). The
level's 302 recorded games of deals 72001.. (docs/strength/planner-games-glory-72001-72449.jsonl)
were chosen by nothing.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
from pathlib import Path


def games(path: Path, target: float) -> dict[int, tuple[float, bool]]:
    """Per deal seed: the final score and whether it reached the victory score."""
    if path.suffix == ".jsonl":
        rows = [json.loads(line) for line in path.read_text().splitlines() if line]
        return {int(r["seed"]): (float(r["total"]), float(r["total"]) >= target) for r in rows}
    with path.open() as f:
        return {int(r["seed"]): (float(r["total"]), r["won"] == "1") for r in csv.DictReader(f)}


def pair(base: dict[int, tuple[float, bool]], variant: dict[int, tuple[float, bool]]) -> str:
    common = sorted(set(base) & set(variant))
    if len(common) < 2:
        return "fewer than 2 deals in common"
    mine = [variant[s][0] for s in common]
    diff = [variant[s][0] - base[s][0] for s in common]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
    reached = sum(variant[s][1] for s in common)
    reached_base = sum(base[s][1] for s in common)
    only = sum(variant[s][1] and not base[s][1] for s in common)
    only_base = sum(base[s][1] and not variant[s][1] for s in common)
    return (f"{len(common)} deals, median {statistics.median(mine):g}, mean "
            f"{statistics.mean(mine):.1f}, reached {reached} (base {reached_base}; only "
            f"this {only}, only the base {only_base}), paired {statistics.mean(diff):+.1f} ± "
            f"{half:.1f}, more / less {sum(d > 0 for d in diff)} / {sum(d < 0 for d in diff)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("variants", type=Path, nargs="+")
    parser.add_argument("--target", type=float, default=100.0)
    args = parser.parse_args()
    base = games(args.base, args.target)
    for path in args.variants:
        print(f"{path}: {pair(base, games(path, args.target))}")


if __name__ == "__main__":
    main()
