"""Markdown tables for docs/strength.md from the runs of bench/strength.sh.

    .venv/bin/python bench/strength_report.py [strength-runs]
"""

import argparse
import json
from pathlib import Path


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def table(summary: dict) -> list[str]:
    solo = summary["players"] == 1
    head = "target reached (95% CI)" if solo else "win rate (95% CI)"
    lines = [f"| agent | games | {head} | mean score ± 95% |" + (" one-sided p (>50%) |" if
                                                                summary["players"] == 2 else ""),
             "| --- | ---: | ---: | ---: |" + (" ---: |" if summary["players"] == 2 else "")]
    two = summary["players"] == 2
    for e in summary["entrants"]:
        lo, hi = e["win_rate_ci"]
        row = (f"| {e['agent']} | {e['games']} | {pct(e['win_rate'])} "
               f"[{pct(lo)}, {pct(hi)}] | {e['mean_score']:.1f} ± {e['mean_score_ci']:.1f} |")
        lines.append(row + (f" {e['p_value_one_sided_vs_even']:.2g} |" if two else ""))
    specs = [e["spec"] for e in summary["entrants"]]
    for spec in dict.fromkeys(specs):
        group = [e for e in summary["entrants"] if e["spec"] == spec]
        if len(group) > 1:
            wins = sum(e["wins"] for e in group)
            games = group[0]["games"]
            mean = sum(e["mean_score"] for e in group) / len(group)
            lines.append(f"| {spec} ×{len(group)} (any of them) | {games} | "
                         f"{pct(wins / games)} | {mean:.1f} |")
    if solo:
        q = summary["entrants"][0]["score_quantiles"]
        lines.append("")
        lines.append("score quantiles: " + ", ".join(f"{k}%: {v}" for k, v in q.items()))
    return lines


def main(folder: str) -> None:
    for path in sorted(Path(folder).glob("*.json")):
        try:
            summary = json.loads(path.read_text())
        except json.JSONDecodeError:
            continue
        print(f"#### {path.stem}: {summary['game']}, {summary['players']} player(s), "
              f"line-up {', '.join(summary['agents'])}, seed {summary['seed']}, "
              f"{summary['games']} games, {summary['errors']} errors, "
              f"mean length {summary['mean_length']} decisions")
        print()
        print("\n".join(table(summary)))
        print()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: [RUNS]."""
    cli = argparse.ArgumentParser(description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    cli.add_argument("runs", metavar="RUNS", nargs="?", default="strength-runs",
                     help="the runs folder of bench/strength.sh (default strength-runs)")
    args = cli.parse_args(argv)
    if not Path(args.runs).is_dir():
        cli.error(f"no runs folder {args.runs}")
    return args


if __name__ == "__main__":
    main(parse_args().runs)
