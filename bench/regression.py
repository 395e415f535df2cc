"""CI speed guard: fail only on a large slow-down (more than 2x) of the engine.

Each workload (complete random games of a game, and clone() of a mid-game state) is timed
as a ratio to a fixed pure-Python calibration loop run in the same process, so a busy or
slower machine moves both and the ratio stays put. The ratios are compared with
bench/baseline.json, taken on the plain-Python engine.

    .venv/bin/python bench/regression.py            # check (exit 1 on a >2x regression)
    .venv/bin/python bench/regression.py --update   # write a new baseline
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import keizai
from keizai.engine import Rng

BASELINE = Path(__file__).with_name("baseline.json")
TOLERANCE = 2.0
REPEATS = 3


def calibration() -> None:
    """Plain interpreter work of the engine's kind: ints, lists, dicts, calls."""
    table: dict[int, int] = {}
    items: list[int] = []
    for i in range(200_000):
        items.append((i * 7919) % 1009)
        table[i % 97] = table.get(i % 97, 0) + items[-1]
    items.sort()


def random_games(game_id: str, players: int, count: int) -> Callable[[], None]:
    def run() -> None:
        for seed in range(count):
            state = keizai.new_game(game_id, players, seed=seed)
            state.log_enabled = False
            state.play_out(Rng(seed))

    return run


def clones(game_id: str, players: int, count: int) -> Callable[[], None]:
    state = keizai.new_game(game_id, players, seed=1)
    state.log_enabled = False
    state.play_out(Rng(1), max_steps=40)

    def run() -> None:
        for _ in range(count):
            state.clone()

    return run


WORKLOADS: dict[str, Callable[[], None]] = {
    "national-economy/mecenat 2p games": random_games("national-economy/mecenat", 2, 100),
    "national-economy/glory 4p games": random_games("national-economy/glory", 4, 50),
    "national-economy/progress 1p games": random_games("national-economy/progress", 1, 100),
    "futuropia 3p games": random_games("futuropia", 3, 40),
    "enterprise-empire 3p games": random_games("enterprise-empire", 3, 40),
    "national-economy/mecenat 4p clone": clones("national-economy/mecenat", 4, 15000),
}


def best_time(work: Callable[[], None]) -> float:
    times = []
    for _ in range(REPEATS):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return min(times)


def measure() -> dict[str, float]:
    unit = best_time(calibration)
    return {name: round(best_time(work) / unit, 3) for name, work in WORKLOADS.items()}


def main(argv: list[str]) -> int:
    ratios = measure()
    if "--update" in argv:
        BASELINE.write_text(json.dumps(ratios, indent=1) + "\n")
        print(f"wrote {BASELINE}")
        return 0
    baseline = json.loads(BASELINE.read_text())
    failed = False
    for name, ratio in ratios.items():
        base = baseline.get(name)
        verdict = "new" if base is None else f"{ratio / base:.2f}x baseline"
        if base is not None and ratio > TOLERANCE * base:
            verdict += f"  REGRESSION (more than {TOLERANCE}x)"
            failed = True
        print(f"{name:40} {ratio:8.3f} calibration units  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
