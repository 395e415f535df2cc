"""CI speed guard: fail only on a large slow-down (more than 2x) of the engine.

Each workload (complete random games of a game through the checked `apply` with
`scores()` at the end, as docs/performance.md measures them; clone() of a mid-game state;
MCTS iterations with random rollouts; steps of the research environments, vector,
Gymnasium and PettingZoo, when the `rl` extra is installed) is timed as a ratio to a
fixed pure-Python calibration loop run in the same process just before and after it, so
a busy or slower machine moves both and the ratio stays put. bench/baseline.json keeps
one set of ratios per build (the compiled default install, and plain Python with
KEIZAI_PURE=1); the build that runs is compared with its own, so a compiled install that
silently runs plain Python fails too.

    .venv/bin/python bench/regression.py            # check (exit 1 on a >2x regression)
    .venv/bin/python bench/regression.py --update   # write this build's baseline
    .venv/bin/python bench/regression.py --update --runs 5   # ... the median of 5 runs
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import keizai
from keizai import _build
from keizai.agents import MCTSAgent
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


def random_game(game_id: str, players: int, seed: int) -> keizai.State:
    """The game of deal `seed` played to its end by `apply(random legal index)` (checked,
    the random choices seeded by `seed` too), without its log."""
    state = keizai.new_game(game_id, players, seed=seed)
    state.log_enabled = False
    rng = Rng(seed)
    while not state.is_over:
        legal = state.legal_indices()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def random_games(game_id: str, players: int, count: int) -> Callable[[], None]:
    """The issue loop: `apply(random legal index)` (checked), `scores()` at the end."""
    def run() -> None:
        for seed in range(count):
            random_game(game_id, players, seed).scores()

    return run


def _position(game_id: str, players: int, steps: int) -> keizai.State:
    state = keizai.new_game(game_id, players, seed=1)
    state.log_enabled = False
    state.play_out(Rng(1), max_steps=steps)
    return state


def clones(game_id: str, players: int, count: int) -> Callable[[], None]:
    state = _position(game_id, players, 40)

    def run() -> None:
        for _ in range(count):
            state.clone()

    return run


def mcts(game_id: str, players: int, iterations: int) -> Callable[[], None]:
    """MCTS with random rollouts to the end of the game, from a position 30 moves in."""
    state = _position(game_id, players, 30)

    def run() -> None:
        MCTSAgent(seed=1, iterations=iterations, depth=-1, reuse=0).choose(state)

    return run


def vector_env(game_id: str, players: int, envs: int, steps: int) -> Callable[[], None]:
    """`KeizaiVectorEnv` steps with random legal actions: the observation writers and the
    masks (compiled with the engine) and the environment's own work."""
    import numpy as np

    from keizai.rl.gymnasium_env import KeizaiVectorEnv

    venv = KeizaiVectorEnv(game_id, envs, players=players)

    def run() -> None:
        rng = np.random.default_rng(0)
        obs, _ = venv.reset(seed=0)
        for _ in range(steps):
            masks = obs["action_mask"]
            obs, *_ = venv.step(np.argmax(rng.random(masks.shape) * masks, axis=1))

    return run


def gymnasium_env(game_id: str, players: int, steps: int) -> Callable[[], None]:
    """`KeizaiGymEnv` learner steps against random opponents, the action drawn from
    `info["legal_actions"]`: the compiled step (`EnvCore.step`: the opponents' replies,
    the observation and mask rows, the arrays handed out)."""
    from keizai.rl.gymnasium_env import KeizaiGymEnv

    env = KeizaiGymEnv(game_id, players)

    def run() -> None:
        rng = Rng(0)
        _, info = env.reset(seed=0)
        for _ in range(steps):
            legal = info["legal_actions"]
            _, _, terminated, truncated, info = env.step(legal[rng.randbelow(len(legal))])
            if terminated or truncated:
                _, info = env.reset()

    return run


def pettingzoo_env(game_id: str, players: int, steps: int) -> Callable[[], None]:
    """`KeizaiAECEnv` steps with random legal actions (`last()` with the acting seat's
    observation and mask, `step`): the per-seat observation rows written by difference."""
    import numpy as np

    from keizai.rl.pettingzoo_env import KeizaiAECEnv

    env = KeizaiAECEnv(game_id, players)

    def run() -> None:
        rng = Rng(0)
        env.reset(seed=0)
        done = 0
        while done < steps:
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randbelow(len(legal))]))
                done += 1
            env.reset()

    return run


WORKLOADS: dict[str, Callable[[], None]] = {
    "national-economy/progress 4p games": random_games("national-economy/progress", 4, 60),
    "national-economy/mecenat 2p games": random_games("national-economy/mecenat", 2, 100),
    "national-economy/glory 4p games": random_games("national-economy/glory", 4, 50),
    "national-economy/progress 1p games": random_games("national-economy/progress", 1, 100),
    "futuropia 3p games": random_games("futuropia", 3, 40),
    "enterprise-empire 3p games": random_games("enterprise-empire", 3, 40),
    "national-economy/mecenat 4p clone": clones("national-economy/mecenat", 4, 15000),
    "national-economy/mecenat 2p mcts": mcts("national-economy/mecenat", 2, 300),
}
try:  # the research environments, when the `rl` extra is installed
    WORKLOADS["national-economy/progress 2p vector env"] = vector_env(
        "national-economy/progress", 2, 8, 200)
    WORKLOADS["futuropia 2p vector env"] = vector_env("futuropia", 2, 8, 100)
    WORKLOADS["enterprise-empire 2p pettingzoo"] = pettingzoo_env("enterprise-empire", 2,
                                                                   2000)
    WORKLOADS["national-economy/progress 2p pettingzoo"] = pettingzoo_env(
        "national-economy/progress", 2, 2000)
    WORKLOADS["national-economy/progress 2p gymnasium"] = gymnasium_env(
        "national-economy/progress", 2, 2000)
    WORKLOADS["futuropia 2p gymnasium"] = gymnasium_env("futuropia", 2, 1000)
except ImportError:
    pass


def timed(work: Callable[[], None]) -> float:
    """The process CPU time `work` takes."""
    started = time.process_time()
    work()
    return time.process_time() - started


def ratio(work: Callable[[], None]) -> float:
    """`work`'s time in calibration units: each repeat is timed between two runs of the
    calibration loop and divided by the quicker of them; the best repeat counts.

    The calibration runs next to the workload, not once per process: this machine's speed
    drifts within seconds (a 2-core virtual machine shares its host), and a calibration
    timed in a fast moment made every later workload look slower (docs/performance.md,
    "Regression guard": three runs in a row of the plain build on a quiet machine moved
    from 0.39-1.47x their baselines to 0.53-1.02x)."""
    ratios = []
    for _ in range(REPEATS):
        before = timed(calibration)
        spent = timed(work)
        after = timed(calibration)
        ratios.append(spent / min(before, after))
    return min(ratios)


def measure() -> dict[str, float]:
    return {name: round(ratio(work), 3) for name, work in WORKLOADS.items()}


def median_of_runs(runs: int) -> dict[str, float]:
    """Each workload's median ratio over `runs` whole measurements: the baseline to write.

    One run's ratios spread by up to 2x on this machine (a 2-core virtual machine shares
    its host), so a baseline written from one run may sit at either end of that spread."""
    measured = [measure() for _ in range(runs)]
    return {name: statistics.median(run[name] for run in measured) for name in measured[0]}


def build() -> str:
    """The baseline this run is compared with: the compiled build or plain Python."""
    return "compiled" if _build.describe().startswith("compiled") else "plain"


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line: [--update [--runs N]]."""
    cli = argparse.ArgumentParser(description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    cli.add_argument("--update", action="store_true",
                     help="write this build's baseline instead of checking against it")
    cli.add_argument("--runs", metavar="N", type=int, default=1,
                     help="with --update: the median of N whole runs (default 1)")
    args = cli.parse_args(argv)
    if args.runs < 1:
        cli.error(f"--runs {args.runs}: at least 1 run")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    kind = build()
    baselines = json.loads(BASELINE.read_text())
    if args.update:
        baselines[kind] = median_of_runs(args.runs)
        BASELINE.write_text(json.dumps(baselines, indent=1, sort_keys=True) + "\n")
        print(f"wrote the {kind} baseline to {BASELINE}")
        return 0
    ratios = measure()
    baseline = baselines.get(kind, {})
    failed = False
    print(f"build: {_build.describe()}")
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
