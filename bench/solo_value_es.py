"""Tune the learned solo value's weights for the fast policy's own score, by CMA-ES.

    python bench/solo_value_es.py EDITION DATA.npz OUT.json [--start JSON] [--first 90001]
                                  [--deals 400] [--generations 40] [--population 12]
                                  [--sigma 0.3] [--seed 1] [--states GAMES.jsonl]

Fitted policy iteration (bench/solo_value_fit.py) fits the value to the final scores of
the policy's games, which is not the same as making the greedy policy score more, and
its rounds oscillate. This searches directly for what the rollouts need: it adds to every
round's weight on feature f an offset d_f / spread_f (spread_f: the feature's spread on
the states of DATA.npz, a `record` or `replay` file, so one step moves the value by about
one point per spread; with --slope also e_f / spread_f times (round - 5) / 4; the Unpaid
Wage weight stays at face value) and maximizes the
policy's mean final score on the deals FIRST.. (the same deals for every candidate, so
candidates are compared on the same deals) with a plain CMA-ES (Hansen's defaults,
no restarts). OUT gets the best mean's weights (the other editions as in --start, default
the shipped weights); check them on held-out deals with `solo_value_fit.py score`.
Deals: 90001.. for the search (used by no other script), 6001-8000 to check.

With `--states GAMES.jsonl` (games recorded by bench/solo_planner_games.py) the objective
is instead the policy's mean final score from the positions those games reached: every
placement with a choice, each on one deck order sampled for it (`state.determinize`, a
fixed seed per position, so every candidate plays the same samples). The planner rolls
its policy out from its own positions, not from the start of a policy's game, so this is
the policy's quality where the planner uses it.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from keizai.agents.solo_policy import SOLO_FEATURES, LearnedSoloValue, SoloPolicy
from keizai.engine import Rng, State
from keizai.engine.registry import new_game
from keizai.rules.national_economy import state as ne

OUT_DEFAULT = (Path(__file__).resolve().parent.parent / "src" / "keizai" / "agents"
               / "solo_value.json")


def policy_mean(edition: str, rows: list[list[float]], first: int, deals: int) -> float:
    """The fast policy's mean final score on deals first.. judged by `rows`."""
    agent = SoloPolicy(learned=True)
    agent.judge = LearnedSoloValue(rows)
    total = 0.0
    for seed in range(first, first + deals):
        state = new_game(f"national-economy/{edition}", players=1, seed=seed)
        state.log_enabled = False
        value = agent.play_out(state)
        assert value is not None
        total += value
    return total / deals


def planner_positions(edition: str, games: Path) -> list[State]:
    """Every placement with a choice in the recorded games, each on a sampled deck order."""
    positions: list[State] = []
    for line in games.read_text().splitlines():
        if not line:
            continue
        game = json.loads(line)
        state = new_game(f"national-economy/{edition}", players=1, seed=game["seed"])
        state.log_enabled = False
        for index in game["actions"]:
            if (isinstance(state, ne.NationalEconomyState) and state.decision == ne.PLACE
                    and len(state.legal_indices()) > 1):
                rng = Rng(game["seed"] * 1000 + len(positions))
                positions.append(state.determinize(0, rng))
            state.apply_index(index)
    return positions


def positions_mean(rows: list[list[float]], positions: list[State]) -> float:
    """The fast policy's mean final score from `positions`, judged by `rows`."""
    agent = SoloPolicy(learned=True)
    agent.judge = LearnedSoloValue(rows)
    total = 0.0
    for position in positions:
        state = position.clone()
        value = agent.play_out(state)
        assert value is not None
        total += value
    return total / len(positions)


def shifted(base: np.ndarray, d: np.ndarray, spread: np.ndarray,
            free: np.ndarray) -> list[list[float]]:
    """`base` (rounds x features) with d_f / spread_f added to every round's free weights;
    with twice as many offsets as free features, the second half adds a slope: e_f /
    spread_f times (round - 5) / 4, from -1 in round 1 to +1 in round 9."""
    n = int(free.sum())
    rounds = base.shape[0]
    offset = np.zeros(base.shape)
    offset[:, free] = d[:n] / spread[free]
    if len(d) > n:
        slope = (np.arange(1, rounds + 1) - (rounds + 1) / 2) / ((rounds - 1) / 2)
        offset[:, free] += np.outer(slope, d[n:] / spread[free])
    return [[round(float(v), 6) for v in row] for row in base + offset]


def cma_es(f: Callable[[np.ndarray], float], n: int, sigma: float, population: int,
           generations: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, float]:
    """Maximize f over R^n from 0 (a textbook CMA-ES); the search's final mean, and the best
    point seen with its value (the best of many noisy values: it overrates that point)."""
    mu = population // 2
    w = np.log(mu + 0.5) - np.log(np.arange(1, mu + 1))
    w /= w.sum()
    mueff = 1.0 / np.sum(w ** 2)
    cc = (4 + mueff / n) / (n + 4 + 2 * mueff / n)
    cs = (mueff + 2) / (n + mueff + 5)
    c1 = 2 / ((n + 1.3) ** 2 + mueff)
    cmu = min(1 - c1, 2 * (mueff - 2 + 1 / mueff) / ((n + 2) ** 2 + mueff))
    damps = 1 + 2 * max(0.0, math.sqrt((mueff - 1) / (n + 1)) - 1) + cs
    chin = math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n))
    mean = np.zeros(n)
    pc, ps = np.zeros(n), np.zeros(n)
    c = np.eye(n)
    best, best_value = mean.copy(), f(mean)
    print(f"start: {best_value:.2f}", flush=True)
    for g in range(generations):
        vals, vecs = np.linalg.eigh(c)
        vals = np.maximum(vals, 1e-12)
        b, dd = vecs, np.sqrt(vals)
        z = rng.standard_normal((population, n))
        y = z * dd @ b.T
        x = mean + sigma * y
        fx = np.array([f(xi) for xi in x])
        order = np.argsort(-fx)
        if fx[order[0]] > best_value:
            best, best_value = x[order[0]].copy(), float(fx[order[0]])
        y_sel = y[order[:mu]]
        step = w @ y_sel
        mean = mean + sigma * step
        inv_sqrt = b @ np.diag(1 / dd) @ b.T
        ps = (1 - cs) * ps + math.sqrt(cs * (2 - cs) * mueff) * inv_sqrt @ step
        hsig = (np.linalg.norm(ps) / math.sqrt(1 - (1 - cs) ** (2 * (g + 1))) / chin
                < 1.4 + 2 / (n + 1))
        pc = (1 - cc) * pc + hsig * math.sqrt(cc * (2 - cc) * mueff) * step
        c = ((1 - c1 - cmu) * c + c1 * (np.outer(pc, pc) + (not hsig) * cc * (2 - cc) * c)
             + cmu * (y_sel.T * w) @ y_sel)
        sigma *= math.exp((cs / damps) * (np.linalg.norm(ps) / chin - 1))
        print(f"generation {g + 1}: best {fx[order[0]]:.2f}, mean of the population"
              f" {fx.mean():.2f}, best so far {best_value:.2f}, sigma {sigma:.3f}", flush=True)
    return mean, best, best_value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("edition")
    parser.add_argument("data", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--start", type=Path, default=OUT_DEFAULT)
    parser.add_argument("--first", type=int, default=90001)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--generations", type=int, default=40)
    parser.add_argument("--population", type=int, default=12)
    parser.add_argument("--sigma", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", choices=("mean", "best"), default="mean")
    parser.add_argument("--states", type=Path,
                        help="games of bench/solo_planner_games.py: score from their positions")
    parser.add_argument("--slope", action="store_true",
                        help="also a per-feature slope over the rounds (twice the offsets)")
    args = parser.parse_args()
    began = json.loads(args.start.read_text())
    base = np.array(began[args.edition]["weights"], dtype=float)
    with np.load(args.data) as data:
        spread = data["x"].std(axis=0)
    spread[spread == 0] = 1.0
    free = np.array([name != "unpaid" for name in SOLO_FEATURES])
    # the unpaid points stay at face value: their weight moves against the score's and
    # the hand-made estimate's (both include them)
    unpaid = SOLO_FEATURES.index("unpaid")
    score = SOLO_FEATURES.index("score")
    hand = SOLO_FEATURES.index("hand_made")

    def rows_of(d: np.ndarray) -> list[list[float]]:
        rows = np.array(shifted(base, d, spread, free))
        rows[:, unpaid] = base[:, unpaid] + (base[:, score] - rows[:, score]) + (
            base[:, hand] - rows[:, hand])
        return [[round(float(v), 6) for v in row] for row in rows]

    start = time.process_time()
    positions = planner_positions(args.edition, args.states) if args.states else []

    def objective(d: np.ndarray) -> float:
        if positions:
            return positions_mean(rows_of(d), positions)
        return policy_mean(args.edition, rows_of(d), args.first, args.deals)

    dims = int(free.sum()) * (2 if args.slope else 1)
    mean, best, value = cma_es(objective, dims, args.sigma, args.population,
                               args.generations, np.random.default_rng(args.seed))
    chosen = best if args.keep == "best" else mean
    result = {**began, args.edition: {"weights": rows_of(chosen)}}
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    names = [n for n in SOLO_FEATURES if n != "unpaid"]
    names += [f"{n}/round" for n in names] if args.slope else []
    print(f"best {value:.2f}; the final mean {objective(mean):.2f}; kept the {args.keep},"
          f" offsets"
          f" {dict(zip(names, (float(v) for v in chosen.round(2)), strict=True))};"
          f" {time.process_time() - start:.0f} s CPU", flush=True)


if __name__ == "__main__":
    main()
