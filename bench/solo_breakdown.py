"""Where a solo game's points come from (issue #19): one agent on fixed deals, resumable.

    python bench/solo_breakdown.py EDITION AGENT FIRST LAST OUT.jsonl [MORE.jsonl ...]

plays the solo deals seeded FIRST..LAST (the agent seeded like the deal) and appends one
JSON line per deal to OUT.jsonl: the score's parts (buildings, end bonuses, money, VP
cards, Unpaid Wages), the buildings kept, the workers and Mechanical Dolls at the end and
the CPU seconds; deals already in the file are skipped. Then prints, over the games of
OUT.jsonl and the MORE files, the mean of each part in three groups: at or above the
edition's victory score, within 25 points under it, and lower; and in how many games of
each group a building was kept. docs/strength.md's Glory table (solo-glory) is

    python bench/solo_breakdown.py glory \\
        solo:policy=fast:rollouts=16:halving=1:evaluation=learned 3001 3060 refit.jsonl \\
        before.jsonl

with before.jsonl played the same way by the commit before the refit.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from pathlib import Path

from cli_args import add_deal_range, agent_spec, check_deals, edition_name, parser

from keizai.agents import make_agent
from keizai.engine.registry import new_game
from keizai.rules.national_economy import state as ne

PARTS = ("total", "buildings", "bonuses", "money", "vp_cards", "unpaid_wages", "workers",
         "dolls")


def play(edition: str, spec: str, seed: int) -> dict[str, object]:
    state = new_game(f"national-economy/{edition}", players=1, seed=seed)
    assert isinstance(state, ne.NationalEconomyState)
    state.log_enabled = False
    agent = make_agent(spec, seed)
    start = time.process_time()
    while not state.is_over:
        state.apply(agent.choose(state))
    p = state.players[0]
    row = state.scores()[0]
    return {"seed": seed, **{k: row[k] for k in PARTS[:6]}, "workers": p.workers, "dolls": p.dolls,
            "built": [state.cards.buildings[b].id for b in p.buildings],
            "cpu": round(time.process_time() - start, 2)}


def report(games: list[dict], target: int) -> None:
    groups = {f"{target} or more": [g for g in games if g["total"] >= target],
              f"{target - 25}-{target - 1}": [g for g in games
                                              if target - 25 <= g["total"] < target],
              f"under {target - 25}": [g for g in games if g["total"] < target - 25]}
    for name, group in groups.items():
        if not group:
            print(f"{name}: no games")
            continue
        means = {k: round(statistics.mean(g[k] for g in group), 1) for k in PARTS}
        kept = round(statistics.mean(len(g["built"]) for g in group), 1)
        print(f"{name}: {len(group)} games, buildings kept {kept}, {means}")
        shares = Counter(b for g in group for b in set(g["built"]))
        print("   kept in:", ", ".join(f"{b} {100 * n / len(group):.0f}%"
                                      for b, n in shares.most_common(8)))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: EDITION AGENT FIRST LAST OUT.jsonl [MORE.jsonl ...]."""
    cli = parser(__doc__)
    cli.add_argument("edition", metavar="EDITION", type=edition_name,
                     help="progress, mecenat or glory")
    cli.add_argument("spec", metavar="AGENT", type=agent_spec, help="the agent's spec")
    add_deal_range(cli)
    cli.add_argument("out", metavar="OUT.jsonl", type=Path,
                     help="the games are appended here (resumable)")
    cli.add_argument("more", metavar="MORE.jsonl", type=Path, nargs="*",
                     help="other games of the same kind, counted in the report")
    args = cli.parse_args(argv)
    check_deals(cli, args.first, args.last)
    missing = [str(path) for path in args.more if not path.is_file()]
    if missing:
        cli.error(f"no such file: {', '.join(missing)}")
    return args


def main(args: argparse.Namespace) -> None:
    edition, spec, first, last, out = args.edition, args.spec, args.first, args.last, args.out
    done = set()
    if out.exists():
        done = {json.loads(line)["seed"] for line in out.open()}
    with out.open("a") as f:
        for seed in range(first, last + 1):
            if seed not in done:
                f.write(json.dumps(play(edition, spec, seed)) + "\n")
                f.flush()
    games = [json.loads(line) for path in [out, *args.more]
             for line in path.open()]
    report(games, int(new_game(f"national-economy/{edition}", players=1, seed=1)
                      .scores()[0]["target"]))


if __name__ == "__main__":
    main(parse_args())
