"""Fit the learned National Economy evaluation (keizai.agents.heuristics.national_economy
`NationalEconomyValue`) from self-play, per edition.

    python bench/ne_value_fit.py record EDITION GAMES DATA.npz [--first SEED] [--agent SPEC]
                                        [--players N]
    python bench/ne_value_fit.py fit DATA_DIR [--more DIR ...] [--out PATH]

`record` plays GAMES two-player (or N-player) games of AGENT against itself (default: the `normal`
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

`--more DIR`: DIR/EDITION.npz recorded with `--players 3` or `4` is fitted the same way,
the lead being over the mean of the other seats (with two players: the other seat) and
the scale fitted on the lead over the best other seat (what the search squashes,
mcts_search.chances); the fit goes to the edition's "players" entry of the JSON, which
NationalEconomyValue uses at a table of that size. It also prints the held-out error and
win log loss of the 2-player weights on those games. A 4-player recording of 100
`normal` games (deals 7001-7100) takes about 2.5 CPU-minutes per edition.

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


def record(edition: str, games: int, first: int, agent: str, path: Path,
           players: int = 2) -> None:
    evaluator = NationalEconomyEvaluator()
    rows: list[list[float]] = []
    rounds: list[int] = []
    game_of: list[int] = []
    finals: list[float] = []
    wins: list[float] = []
    for g in range(games):
        seed = first + g
        state = new_game(f"national-economy/{edition}", players=players, seed=seed)
        assert isinstance(state, NationalEconomyState)
        state.log_enabled = False
        seats = [make_agent(agent, seed * 31 + i) for i in range(players)]
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
            s = (k - start) % players
            finals.append(totals[s])
            wins.append(1.0 / len(winners) if s in winners else 0.0)
        print(f"{edition} game {seed}: {totals}", flush=True)
    np.savez_compressed(path, x=np.array(rows), round=np.array(rounds), game=np.array(game_of),
                        final=np.array(finals), win=np.array(wins), players=np.array(players))


def fit_scale(margin: np.ndarray, win: np.ndarray) -> float:
    """The scale s maximising the likelihood of win ~ sigmoid(margin / s) (grid search)."""
    best, best_ll = 12.0, -math.inf
    for s in np.arange(3.0, 40.0, 0.5):
        p = np.clip(1.0 / (1.0 + np.exp(-margin / s)), 1e-6, 1 - 1e-6)
        ll = float(np.sum(win * np.log(p) + (1 - win) * np.log(1 - p)))
        if ll > best_ll:
            best, best_ll = float(s), ll
    return best


def lead(values: np.ndarray, players: int = 2) -> np.ndarray:
    """Each row less the mean of the other seats' rows (rows come in groups of `players`,
    seat 0 first); with two players the other seat's row (computed as before, so the
    2-player fit stays bit for bit the same)."""
    if players == 2:
        pairs = values.reshape(-1, 2, *values.shape[1:])
        return (pairs - pairs[:, ::-1]).reshape(values.shape)
    groups = values.reshape(-1, players, *values.shape[1:])
    others = (groups.sum(axis=1, keepdims=True) - groups) / (players - 1)
    return (groups - others).reshape(values.shape)


def best_lead(values: np.ndarray, players: int) -> np.ndarray:
    """Each row less the best of the other seats' rows (1-d values, groups as in `lead`):
    the margin the search turns into a win chance (mcts_search.chances)."""
    groups = values.reshape(-1, players)
    out = np.empty_like(groups)
    for s in range(players):
        out[:, s] = groups[:, s] - np.delete(groups, s, axis=1).max(axis=1)
    return out.reshape(values.shape)


def log_loss(margin: np.ndarray, win: np.ndarray, scale: float) -> float:
    """Mean log loss of the wins under win chance sigmoid(margin / scale)."""
    p = np.clip(1.0 / (1.0 + np.exp(-margin / scale)), 1e-6, 1 - 1e-6)
    return float(-np.mean(win * np.log(p) + (1 - win) * np.log(1 - p)))


def fit_edition(data: dict[str, np.ndarray],
                old: dict[str, list] | None = None) -> dict[str, list[list[float]] | list[float]]:
    """Per round, the ridge weights and the win scale. With more than two players the
    lead is over the mean of the other seats and the scale is fitted on the lead over
    the best of them (what the search squashes); `old`: other fitted weights (the
    2-player ones) whose held-out error and win log loss are printed alongside."""
    x, rnd, game, final, win = (data[k] for k in ("x", "round", "game", "final", "win"))
    n = int(data["players"]) if "players" in data else 2
    held = game % 5 == 4
    prior = np.zeros(x.shape[1])
    prior[FEATURES.index("estimate")] = 1.0
    weights: list[list[float]] = []
    scales: list[float] = []
    err_old = err_new = err_prev = 0.0
    loss_new = loss_prev = 0.0
    for r in range(1, int(rnd.max()) + 1):
        at = rnd == r
        train, test = at & ~held, at & held
        # the lead: own features and score less the other seats' (rows come in seat groups)
        xa, ya = lead(x[train], n), lead(final[train], n)
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
        margin = (lead(x[at]) @ w if n == 2 else best_lead(x[at] @ w, n))
        trained = ~held[at]
        scales.append(fit_scale(margin[trained], win[at][trained]))
        truth = lead(final[test], n)
        hand = lead(x[test][:, FEATURES.index("estimate")], n)
        new = lead(x[test], n) @ w
        err_old += float(np.sum((hand - truth) ** 2))
        err_new += float(np.sum((new - truth) ** 2))
        line = (f"  round {r}: rmse of the lead on held-out games: hand-made"
                f" {np.sqrt(np.mean((hand - truth) ** 2)):.2f}, fitted"
                f" {np.sqrt(np.mean((new - truth) ** 2)):.2f}; scale {scales[-1]}")
        if n > 2:
            loss_new += log_loss(margin[~trained], win[test], scales[-1]) * int(test.sum())
        if old is not None:
            w_old = np.array(old["weights"][min(r, len(old["weights"])) - 1])
            s_old = float(old["scales"][min(r, len(old["scales"])) - 1])
            prev = lead(x[test], n) @ w_old
            err_prev += float(np.sum((prev - truth) ** 2))
            loss_prev += log_loss(best_lead(x[test] @ w_old, n), win[test], s_old) * int(test.sum())
            line += f"; 2-player weights {np.sqrt(np.mean((prev - truth) ** 2)):.2f}"
        print(line, flush=True)
    m = int(held.sum())
    print(f"  all rounds: rmse hand-made {math.sqrt(err_old / m):.2f},"
          f" fitted {math.sqrt(err_new / m):.2f}"
          + (f", 2-player weights {math.sqrt(err_prev / m):.2f}" if old is not None else ""))
    if n > 2:
        print(f"  held-out win log loss (lead over the best other seat): fitted"
              f" {loss_new / m:.4f}" + (f", 2-player weights and scales {loss_prev / m:.4f}"
                                        if old is not None else "")
              + f", chance level {-math.log(1 / n) / n - (n - 1) / n * math.log(1 - 1 / n):.4f}")
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
    rec.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    fit = sub.add_parser("fit")
    fit.add_argument("data", type=Path)
    fit.add_argument("--more", type=Path, action="append", default=[],
                     help="a folder of 3- or 4-player recordings (EDITION.npz)")
    fit.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if args.cmd == "record":
        record(args.edition, args.games, args.first, args.agent, args.data, args.players)
        return
    out: dict[str, object] = {"features": list(FEATURES)}
    for edition in EDITIONS:
        path = args.data / f"{edition}.npz"
        if not path.exists():
            continue
        print(edition, flush=True)
        with np.load(path) as data:
            fitted: dict[str, object] = dict(fit_edition(dict(data)))
        more: dict[str, object] = {}
        for folder in args.more:
            if (folder / f"{edition}.npz").exists():
                with np.load(folder / f"{edition}.npz") as data:
                    print(f"{edition}, {int(data['players'])} players", flush=True)
                    more[str(int(data["players"]))] = fit_edition(dict(data), fitted)  # type: ignore[arg-type]
        if more:
            fitted["players"] = more
        out[edition] = fitted
    args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
