"""Tune the solo policy's weights (keizai.agents.solo_policy.Weights) per edition.

    python bench/solo_tune.py [--deals 400] [--first 1001] [--minutes 4] [--out PATH]

A coordinate search: from the current weights of each edition, try each weight scaled
up and down (steps 1.5x, then 1.2x, then 1.08x); keep a change when the greedy policy's
mean final score over the training deals (seeds FIRST.., fixed, so every candidate plays
the same deals) rises. The compiled policy plays a solo game in about a millisecond,
so one candidate over 400 deals takes about half a second; --minutes bounds each
edition (12 minutes for the three by default). 40 training deals over-fitted (Glory: 15
on them, 7.5 on fresh deals), hence 400. Then prints the mean of the start and of the
tuned weights on held-out deals (--check, default 2001..2400). Writes the best weights
per edition as JSON (default: src/keizai/agents/solo_weights.json, which the solo level
loads). The training and held-out seeds are disjoint from the deals that choose the
planner's configuration (1..40) and from the reported deals (201..300).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from keizai.agents.solo_policy import EDITIONS, SoloPolicy, Weights, load_weights
from keizai.engine.registry import new_game

OUT = Path(__file__).resolve().parent.parent / "src" / "keizai" / "agents" / "solo_weights.json"


def mean_score(edition: str, weights: Weights, seeds: range) -> float:
    policy = SoloPolicy(weights)
    totals = []
    for seed in seeds:
        state = new_game(f"national-economy/{edition}", players=1, seed=seed)
        state.log_enabled = False
        score = policy.play_out(state)
        assert score is not None  # no deadline
        totals.append(score)
    return statistics.mean(totals)


def tune(edition: str, start: Weights, seeds: range, until: float) -> tuple[Weights, float]:
    best = start
    best_score = mean_score(edition, best, seeds)
    print(f"{edition}: start {best_score:.2f}", flush=True)
    for step in (1.5, 1.2, 1.08):
        improved = True
        while improved and time.monotonic() < until:
            improved = False
            for name, value in best.as_dict().items():
                for factor in (step, 1 / step):
                    if time.monotonic() >= until:
                        break
                    trial = best.as_dict()
                    trial[name] = value * factor if value else (0.5 if factor > 1 else -0.5)
                    candidate = Weights.from_dict(trial)
                    score = mean_score(edition, candidate, seeds)
                    if score > best_score:
                        best, best_score, improved = candidate, score, True
                        print(f"  {name} -> {trial[name]:.3f}: {score:.2f}", flush=True)
                        break
    return best, best_score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--first", type=int, default=1001)
    parser.add_argument("--minutes", type=float, default=4.0, help="per edition")
    parser.add_argument("--check", type=int, default=2001, help="first held-out deal")
    parser.add_argument("--editions", default=",".join(EDITIONS))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    found = {e: w.as_dict() for e, w in load_weights().items()}
    for edition in args.editions.split(","):
        until = time.monotonic() + 60 * args.minutes
        start = Weights.from_dict(found[edition])
        weights, score = tune(edition, start, seeds, until)
        held_out = range(args.check, args.check + args.deals)
        print(f"{edition}: held-out deals {held_out.start}..{held_out.stop - 1}: "
              f"{mean_score(edition, start, held_out):.2f} -> "
              f"{mean_score(edition, weights, held_out):.2f}", flush=True)
        found[edition] = {k: round(v, 4) for k, v in weights.as_dict().items()}
        print(f"{edition}: {score:.2f} with {found[edition]}", flush=True)
        args.out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
