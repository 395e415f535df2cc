"""One number per level and game: Bradley–Terry ratings fitted to the tournaments.

    .venv/bin/python bench/strength_rating.py [strength-runs] [bench/strength_pairs.csv]

Input: pairwise results. Each 2-player game is one comparison (the winner beats the
loser); a 4-player game gives one comparison per pair of entrants (who finished above
whom, from the run's `head_to_head`). The comparisons come from the run summaries
(`<runs>/*.json`, written by bench/strength.sh and bench/strength19.sh) and from a CSV
of results already published in docs/strength.md whose runs are not kept
(`game,a,b,a_wins,games`).

Model: P(a beats b) = r_a / (r_a + r_b), fitted by the MM algorithm (Hunter 2004) with
one virtual drawn game between every pair that met (so a level that won every game
gets a large, finite rating); shown on the Elo scale (400 log10 r), `random` = 0 where
it played, else the scripted baseline = 0. An Elo gap of 200 means the stronger wins
about 76% of their games; tied places count for neither.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
from collections import defaultdict
from pathlib import Path

NAMES = {
    "mcts:iterations=2000:depth=6:c=0.4": "hard",
    "mcts:iterations=300:depth=6:c=0.4": "normal",
    # `expert` since branch expert-eval: the learned National Economy evaluation
    "mcts:iterations=12000:depth=6:c=0.4:evaluation=learned": "expert",
    "mcts:iterations=12000:depth=6:c=0.4:evaluation=learned:cap=2": "expert",
    # the same budget with the hand-made evaluation (`expert` of branch bots-2p)
    "mcts:iterations=12000:depth=6:c=0.4": "expert-hand",
    "mcts:iterations=12000:depth=6:c=0.4:cap=2": "expert-hand",
    # the learned evaluation at `hard`'s budget (branch expert-eval's quick checks)
    "mcts:iterations=2000:depth=6:c=0.4:evaluation=learned": "hard-learned",
    # the first round's `expert` (issue #19, 12 Progress games against `hard`)
    "mcts:iterations=6000:depth=6:c=0.4": "expert-6k",
    "mcts:iterations=6000:depth=6:c=0.4:cap=2": "expert-6k",
    "heuristic:epsilon=0.35": "easy",
}

Pairs = dict[tuple[str, str], list[float]]  # (a, b) -> [a's wins, games]


def _name(spec: str) -> str:
    return NAMES.get(spec, spec)


def from_runs(folder: Path, pairs: dict[str, Pairs]) -> None:
    for path in sorted(folder.glob("*.json")):
        try:
            s = json.loads(path.read_text())
        except (json.JSONDecodeError, OSError):
            continue
        if not isinstance(s, dict) or s.get("players", 1) < 2 or "head_to_head" not in s:
            continue
        game = s["game"].removeprefix("national-economy/")
        specs = [_name(e["spec"]) for e in s["entrants"]]
        done = s["games"] - s.get("errors", 0)
        h2h = s["head_to_head"]
        for a in range(len(specs)):
            for b in range(len(specs)):
                if a < b and specs[a] != specs[b]:
                    above_a, above_b = h2h[a][b] * done, h2h[b][a] * done
                    row = pairs[game].setdefault((specs[a], specs[b]), [0.0, 0.0])
                    row[0] += above_a
                    row[1] += above_a + above_b


def from_csv(path: Path, pairs: dict[str, Pairs]) -> None:
    with path.open(encoding="utf-8") as handle:
        for r in csv.DictReader(line for line in handle if not line.startswith("#")):
            row = pairs[r["game"]].setdefault((r["a"], r["b"]), [0.0, 0.0])
            row[0] += float(r["a_wins"])
            row[1] += float(r["games"])


def fit(pairs: Pairs, rounds: int = 2000) -> dict[str, float]:
    """Bradley–Terry strengths (MM iterations), with one virtual draw per pair."""
    wins: dict[str, float] = defaultdict(float)
    games: dict[tuple[str, str], float] = defaultdict(float)
    for (a, b), (w, n) in pairs.items():
        wins[a] += w + 0.5
        wins[b] += n - w + 0.5
        games[(a, b)] += n + 1
        games[(b, a)] += n + 1
    players = sorted(wins)
    r = dict.fromkeys(players, 1.0)
    for _ in range(rounds):
        new = {}
        for p in players:
            denom = sum(n / (r[p] + r[q]) for (x, q), n in games.items() if x == p)
            new[p] = wins[p] / denom
        norm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        r = {p: v / norm for p, v in new.items()}
    anchor = r.get("random", r.get("scripted", 1.0))
    return {p: 400 * math.log10(v / anchor) for p, v in r.items()}


def main(folder: str, csv_path: str) -> None:
    pairs: dict[str, Pairs] = defaultdict(dict)
    if Path(csv_path).exists():
        from_csv(Path(csv_path), pairs)
    if Path(folder).is_dir():
        from_runs(Path(folder), pairs)
    print("| game | " + " | ".join(["rating (Elo scale, random or scripted = 0)", "games"]) + " |")
    print("| --- | --- | ---: |")
    for game in sorted(pairs):
        ratings = fit(pairs[game])
        ladder = ", ".join(f"{p} {v:+.0f}" for p, v in
                           sorted(ratings.items(), key=lambda kv: kv[1]))
        total = sum(int(n) for _, n in pairs[game].values())
        print(f"| {game} | {ladder} | {total} |")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: [RUNS] [PAIRS.csv]."""
    cli = argparse.ArgumentParser(description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    cli.add_argument("runs", metavar="RUNS", nargs="?", default="strength-runs",
                     help="the folder of run summaries (default strength-runs; one that "
                          "does not exist, e.g. none, reads the CSV alone)")
    cli.add_argument("pairs", metavar="PAIRS.csv", nargs="?",
                     default="bench/strength_pairs.csv",
                     help="published results, game,a,b,a_wins,games "
                          "(default bench/strength_pairs.csv)")
    return cli.parse_args(argv)


if __name__ == "__main__":
    given = parse_args()
    main(given.runs, given.pairs)
