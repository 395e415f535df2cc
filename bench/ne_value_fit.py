"""Fit the learned National Economy evaluation (keizai.agents.heuristics.national_economy
`NationalEconomyValue`) from self-play, per edition.

    python bench/ne_value_fit.py record EDITION GAMES DATA.npz [--first SEED] [--agent SPEC]
    python bench/ne_value_fit.py fit DATA_DIR [--out PATH]

`record` plays GAMES two-player games of AGENT against itself (default: the `normal`
level, 300 iterations, about 0.4 s of CPU per game compiled) on deals FIRST.. and keeps,
at every decision, each seat's public features (`ne_features`: the hand-made estimate
and the holdings it is made of, hand *sizes* only, never a card of a hand or the deck),
the round, and in the end that seat's final score and whether it won.

`fit` reads DATA_DIR/EDITION.npz for each edition and fits, per round, a ridge
regression of the final lead (own score less the other's) on the lead in every feature
(so the estimate is the hand-made one corrected by what the games show), then per
round the logistic scale of a win on the estimated lead (the score difference that
separates a likely win from a coin flip). It prints the error of the hand-made and of
the fitted estimate on the held-out fifth of the games and writes the weights as JSON
(default: the package's national_economy_value.json).

The shipped weights: `record EDITION 200 DATA/EDITION.npz` for the three editions
(deals 5001-5200, disjoint from the tournaments' deals 1.. and the checks' 301..),
then `fit DATA`; about 4 minutes per edition on the loaded 2-core machine (compiled
build), the fit a few seconds.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

from keizai.agents import make_agent
from keizai.agents.heuristics.national_economy import NationalEconomyEvaluator
from keizai.agents.heuristics.national_economy_fast import FEATURES, ne_features
from keizai.engine.registry import new_game
from keizai.rules.national_economy.state import NationalEconomyState

EDITIONS = ("progress", "mecenat", "glory")
OUT = (Path(__file__).resolve().parent.parent / "src" / "keizai" / "agents" / "heuristics"
       / "national_economy_value.json")
RIDGE = 0.02  # per row: pull towards the hand-made estimate (weight 1 on it, 0 elsewhere)


def record(edition: str, games: int, first: int, agent: str, path: Path) -> None:
    evaluator = NationalEconomyEvaluator()
    rows: list[list[float]] = []
    rounds: list[int] = []
    game_of: list[int] = []
    finals: list[float] = []
    wins: list[float] = []
    for g in range(games):
        seed = first + g
        state = new_game(f"national-economy/{edition}", players=2, seed=seed)
        assert isinstance(state, NationalEconomyState)
        state.log_enabled = False
        seats = [make_agent(agent, seed * 31 + i) for i in range(2)]
        start = len(rows)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            for features in ne_features(state, evaluator.estimates(state, seat)):
                rows.append(features)
                rounds.append(state.round)
                game_of.append(g)
            state.apply_index(seats[seat].choose_index(state))
        totals = [float(row["total"]) for row in state.scores()]
        winners = state.winners()
        for k in range(start, len(rows)):
            s = (k - start) % 2
            finals.append(totals[s])
            wins.append(1.0 / len(winners) if s in winners else 0.0)
        print(f"{edition} game {seed}: {totals}", flush=True)
    np.savez_compressed(path, x=np.array(rows), round=np.array(rounds), game=np.array(game_of),
                        final=np.array(finals), win=np.array(wins))


def fit_scale(margin: np.ndarray, win: np.ndarray) -> float:
    """The scale s maximising the likelihood of win ~ sigmoid(margin / s) (grid search)."""
    best, best_ll = 12.0, -math.inf
    for s in np.arange(3.0, 40.0, 0.5):
        p = np.clip(1.0 / (1.0 + np.exp(-margin / s)), 1e-6, 1 - 1e-6)
        ll = float(np.sum(win * np.log(p) + (1 - win) * np.log(1 - p)))
        if ll > best_ll:
            best, best_ll = float(s), ll
    return best


def lead(values: np.ndarray) -> np.ndarray:
    """Each row less the other seat's row (rows come in seat pairs: seat 0, seat 1)."""
    pairs = values.reshape(-1, 2, *values.shape[1:])
    return (pairs - pairs[:, ::-1]).reshape(values.shape)


def fit_edition(data: dict[str, np.ndarray]) -> dict[str, list[list[float]] | list[float]]:
    x, rnd, game, final, win = (data[k] for k in ("x", "round", "game", "final", "win"))
    held = game % 5 == 4
    prior = np.zeros(x.shape[1])
    prior[FEATURES.index("estimate")] = 1.0
    weights: list[list[float]] = []
    scales: list[float] = []
    err_old = err_new = 0.0
    for r in range(1, int(rnd.max()) + 1):
        at = rnd == r
        train, test = at & ~held, at & held
        # the lead: own features and score less the other seat's (rows come in seat pairs)
        xa, ya = lead(x[train]), lead(final[train])
        # ridge towards the prior: minimise |xa w - ya|^2 + RIDGE |w - prior|^2 with
        # the features scaled by their spread, so one penalty fits all (the bias, 0 in
        # every lead, keeps its prior 0)
        spread = xa.std(axis=0)
        spread[spread == 0] = 1.0
        z = xa / spread
        penalty = RIDGE * len(ya) * np.eye(x.shape[1])
        a = z.T @ z + penalty
        b = z.T @ ya + penalty @ (prior * spread)
        w = np.linalg.solve(a, b) / spread
        weights.append([round(float(v), 5) for v in w])
        margin = lead(x[at]) @ w
        trained = ~held[at]
        scales.append(fit_scale(margin[trained], win[at][trained]))
        truth = lead(final[test])
        old = lead(x[test][:, FEATURES.index("estimate")])
        new = lead(x[test]) @ w
        err_old += float(np.sum((old - truth) ** 2))
        err_new += float(np.sum((new - truth) ** 2))
        print(f"  round {r}: rmse of the lead on held-out games: hand-made"
              f" {np.sqrt(np.mean((old - truth) ** 2)):.2f}, fitted"
              f" {np.sqrt(np.mean((new - truth) ** 2)):.2f}; scale {scales[-1]}", flush=True)
    n = int(held.sum())
    print(f"  all rounds: rmse hand-made {math.sqrt(err_old / n):.2f},"
          f" fitted {math.sqrt(err_new / n):.2f}")
    return {"weights": weights, "scales": scales}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("edition", choices=EDITIONS)
    rec.add_argument("games", type=int)
    rec.add_argument("data", type=Path)
    rec.add_argument("--first", type=int, default=5001)
    rec.add_argument("--agent", default="normal")
    fit = sub.add_parser("fit")
    fit.add_argument("data", type=Path)
    fit.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if args.cmd == "record":
        record(args.edition, args.games, args.first, args.agent, args.data)
        return
    out: dict[str, object] = {"features": list(FEATURES)}
    for edition in EDITIONS:
        path = args.data / f"{edition}.npz"
        if not path.exists():
            continue
        print(edition, flush=True)
        with np.load(path) as data:
            out[edition] = fit_edition(dict(data))
    args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
