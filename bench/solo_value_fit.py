"""Fit the learned solo value (keizai.agents.solo_policy `LearnedSoloValue`) from played
solo games of National Economy, per edition.

    python bench/solo_value_fit.py record EDITION GAMES DATA.npz [--first SEED]
                                   [--weights JSON] [--epsilon E] [--agent SPEC]
    python bench/solo_value_fit.py fit DATA_DIR [--out PATH] [--pin-unpaid E ...]
    python bench/solo_value_fit.py replay EDITION GAMES.jsonl DATA.npz [--weights JSON]
    python bench/solo_value_fit.py imitate EDITION DATA.npz ... [--start JSON] [--out PATH]
                                   [--temperature T] [--ridge R] [--value-weight V]
                                   [--pin-unpaid]
    python bench/solo_value_fit.py score EDITION FIRST LAST [--weights JSON]
    python bench/solo_value_fit.py iterate DATA_DIR [--rounds 12] [--games 2000]
                                   [--window 3] [--out PATH] [--editions E ...]
                                   [--start JSON] [--seed-base N] [--pin-unpaid E ...]

`record` plays GAMES solo deals FIRST.. with the fast solo policy (greedy by the learned
value of --weights, by the hand-made one without; a random placement with chance
--epsilon) or, with --agent, with any agent spec (the solo planner, say), and keeps at
every placement the seat's features (`solo_features`: own holdings, own hand, the Budget,
never the deck) and the round, and in the end the final score.

`fit` reads every DATA_DIR/EDITION*.npz and fits, per edition and round, a ridge
regression of the final score on the features (pulled towards the prior "the hand-made
estimate", weight 1 on it), prints the error of the hand-made and of the fitted estimate
on the held-out fifth of the games, and writes the weights as JSON (default: the
package's solo_value.json).

`replay` replays games recorded by bench/solo_planner_games.py (the solo planner's, say)
and keeps their states as `record` does, plus the afterstates the fast policy compares at
each of the recorded player's decisions and which one it chose. `imitate` fits Glory's
(or another edition's) weights so that the greedy policy imitates the recorded choices
(a conditional logit), optionally with the squared error on the recorded final scores.
Neither helps (branch glory-fit, docs/strength.md): on 42 planner games, fits on the
planner's states or choices make the policy alone much worse (47.7 -> 13-36 on 6001-8000).

`score` plays the deals FIRST..LAST with the policy alone (learned value of --weights, or
the shipped one) and prints the mean and median final score: the quality of the
planner's rollouts.

`iterate` is the whole procedure (fitted policy iteration): round k records 2000 deals
per edition with the policy of fit k (the hand-made one first; random placements 5%),
fits fit k+1 on the last 3 rounds' games, scores it alone on 2001-2400, and writes, per
edition, the best fit. The shipped weights come from this loop, run round by round by
hand (13 rounds, the best picked after 12; under 2 minutes each for the three editions
on the compiled build; fits 4 and 5 used every earlier round's games, not the last 3):
the 11th fit for Progress and Mecenat, the 9th for Glory.

Glory's shipped weights were refitted later (branch solo-glory) with four Glory features
(VP cards, towards the next set, Unpaid Wage points, end bonuses not met yet; the other
editions keep their weights, 0 on these), the Unpaid Wage points at face value
(`--pin-unpaid`), starting from the earlier weights (OLD.json: solo_value.json of commit
37321ca with a 0 appended to every row for the new features), by

    python bench/solo_value_fit.py iterate DATA --rounds 6 --games 2000 --editions glory \
        --start OLD.json --seed-base 50001 --pin-unpaid glory --out NEW.json

(about 1 minute on the compiled build; the best was the 3rd fit: 48.6 alone on
2001-2400, 47.7 on 6001-8000, against 40.2 / 40.3 before).

Deals: record on 10001.. (the Glory refit on 50001..), score on 2001-2400 (held out), the
planner's dev deals 3001.. and the test deals 201-300 are used by neither.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path

import numpy as np

from keizai.agents import make_agent
from keizai.agents.solo_policy import (
    SOLO_FEATURES,
    LearnedSoloValue,
    SoloPolicy,
    SoloValue,
    learned_weights,
    solo_features,
    weights_for,
)
from keizai.engine.registry import new_game
from keizai.rules.national_economy import state as ne

EDITIONS = ("progress", "mecenat", "glory")
OUT = (Path(__file__).resolve().parent.parent / "src" / "keizai" / "agents"
       / "solo_value.json")
RIDGE = 0.01  # per row: pull towards the prior (the hand-made estimate)


def policy(edition: str, weights: Path | None, epsilon: float = 0.0,
           seed: int = 0) -> SoloPolicy:
    """The fast solo policy judging by the learned value (of `weights`, else shipped).
    `weights` may be a solo_value.json of any commit: its features are matched by name,
    and a feature it lacks weighs 0."""
    agent = SoloPolicy(learned=True, epsilon=epsilon, seed=seed)
    if weights is not None:
        data = json.loads(weights.read_text())
        names = data.get("features", list(SOLO_FEATURES))
        rows = [[float(dict(zip(names, row, strict=True)).get(name, 0.0))
                 for name in SOLO_FEATURES] for row in data[edition]["weights"]]
        assert isinstance(agent.judge, LearnedSoloValue)
        agent.judge = LearnedSoloValue(rows)
    elif learned_weights(f"national-economy/{edition}") is None:
        agent = SoloPolicy(epsilon=epsilon, seed=seed)
    return agent


def record(edition: str, games: int, first: int, weights: Path | None, epsilon: float,
           spec: str | None, path: Path) -> None:
    valuer = SoloValue(weights_for(f"national-economy/{edition}"))
    rows: list[list[float]] = []
    rounds: list[int] = []
    game_of: list[int] = []
    finals: list[float] = []
    start_cpu = time.process_time()
    for g in range(games):
        seed = first + g
        state = new_game(f"national-economy/{edition}", players=1, seed=seed)
        assert isinstance(state, ne.NationalEconomyState)
        state.log_enabled = False
        planner = make_agent(spec, seed) if spec else None
        fast = policy(edition, weights, epsilon, seed)
        start = len(rows)
        while not state.is_over:
            if state.decision == ne.PLACE and state.phase == ne.ACTION:
                rows.append(solo_features(state, valuer))
                rounds.append(state.round)
                game_of.append(g)
            if planner is not None:
                state.apply(planner.choose(state))
            else:
                state.apply_index(fast.choose_index(state))
        final = float(state.scores()[0]["total"])
        finals.extend([final] * (len(rows) - start))
        if spec:
            print(f"{edition} deal {seed}: {final}", flush=True)
    print(f"{edition}: {games} games, {len(rows)} states, mean final "
          f"{statistics.mean(finals[i] for i in range(len(finals))):.1f} (per state), "
          f"{time.process_time() - start_cpu:.0f} s CPU", flush=True)
    np.savez_compressed(path, x=np.array(rows), round=np.array(rounds),
                        game=np.array(game_of), final=np.array(finals))


def replay(edition: str, games: Path, out: Path, weights: Path | None = None) -> None:
    """Replay the games of `games` (bench/solo_planner_games.py: seed and action indices)
    and keep, at every placement of the action phase, the seat's features, the round and
    the game's final score (as `record`), and, at every decision the fast policy takes by
    its value (placements, builds, options), the features of each legal action's
    afterstate as the policy sees it (the move finished by its rules, by the learned value
    of `weights`, else the shipped one) and which one the recorded player chose."""
    valuer = SoloValue(weights_for(f"national-economy/{edition}"))
    fast = policy(edition, weights)
    rows: list[list[float]] = []
    rounds: list[int] = []
    game_of: list[int] = []
    finals: list[float] = []
    cand: list[list[float]] = []
    cand_round: list[int] = []
    cand_over: list[float] = []
    cand_decision: list[int] = []
    chosen: list[int] = []
    decisions = 0
    lines = [json.loads(line) for line in games.read_text().splitlines() if line]
    for g, game in enumerate(lines):
        state = new_game(f"national-economy/{edition}", players=1, seed=game["seed"])
        assert isinstance(state, ne.NationalEconomyState)
        state.log_enabled = False
        start = len(rows)
        for index in game["actions"]:
            if state.decision == ne.PLACE and state.phase == ne.ACTION:
                rows.append(solo_features(state, valuer))
                rounds.append(state.round)
                game_of.append(g)
            legal = state.legal_indices()
            if len(legal) > 1 and state.decision in (ne.PLACE, ne.BUILD, ne.OPTION):
                for a in legal:
                    child = state.clone()
                    child.apply_index(a)
                    fast._finish(child)
                    if child.phase == ne.OVER:
                        cand.append([0.0] * len(SOLO_FEATURES))
                        cand_round.append(ne.ROUNDS)
                        cand_over.append(float(child.scores()[0]["total"]))
                    else:
                        cand.append(solo_features(child, valuer))
                        cand_round.append(child.round)
                        cand_over.append(math.nan)
                    cand_decision.append(decisions)
                    chosen.append(int(a == index))
                decisions += 1
            state.apply_index(index)
        assert state.is_over
        final = float(state.scores()[0]["total"])
        assert final == game["total"], (game["seed"], final, game["total"])
        finals.extend([final] * (len(rows) - start))
    print(f"{edition}: {len(lines)} games replayed, {len(rows)} states, {decisions} decisions,"
          f" {len(cand)} afterstates", flush=True)
    np.savez_compressed(out, x=np.array(rows), round=np.array(rounds), game=np.array(game_of),
                        final=np.array(finals), cand=np.array(cand),
                        cand_round=np.array(cand_round), cand_over=np.array(cand_over),
                        cand_decision=np.array(cand_decision), chosen=np.array(chosen))


def fit_edition(parts: list[dict[str, np.ndarray]],
                pin_unpaid: bool = False) -> dict[str, list[list[float]]]:
    """Per round, the ridge fit of the final score on the features. `pin_unpaid`: the Unpaid
    Wage points already taken count at face value (they cannot be undone; Glory has no Law
    Office): the fit is of the final score minus them, on `score` and `hand_made` minus them
    (both include them), and the weight of `unpaid` is 1 minus the weights of those two."""
    xs, rnds, games, finals = [], [], [], []
    offset = 0
    for data in parts:
        xs.append(data["x"])
        rnds.append(data["round"])
        games.append(data["game"] + offset)
        finals.append(data["final"])
        offset += int(data["game"].max()) + 1
    x, rnd, game, final = (np.concatenate(v) for v in (xs, rnds, games, finals))
    held = game % 5 == 4
    hand = SOLO_FEATURES.index("hand_made")
    score_at = SOLO_FEATURES.index("score")
    unpaid_at = SOLO_FEATURES.index("unpaid")
    raw, target = x, final
    if pin_unpaid:
        unpaid = x[:, unpaid_at]
        x = x.copy()
        x[:, score_at] -= unpaid
        x[:, hand] -= unpaid
        x[:, unpaid_at] = 0.0  # no spread: the ridge keeps its weight at the prior, 0
        final = final - unpaid
    prior = np.zeros(x.shape[1])
    prior[hand] = 1.0
    weights: list[list[float]] = []
    err_old = err_new = 0.0
    for r in range(1, ne.ROUNDS + 1):
        at = rnd == r
        train, test = at & ~held, at & held
        xa, ya = x[train], final[train]
        # ridge towards the prior on features scaled by their spread (the bias, constant,
        # keeps the scale 1), so one penalty fits all
        spread = xa.std(axis=0)
        spread[spread == 0] = 1.0
        z = xa / spread
        penalty = RIDGE * len(ya) * np.eye(x.shape[1])
        penalty[0, 0] = 0.0
        a = z.T @ z + penalty
        b = z.T @ ya + penalty @ (prior * spread)
        w = np.linalg.solve(a, b) / spread
        if pin_unpaid:
            w[unpaid_at] = 1.0 - w[score_at] - w[hand]
        weights.append([round(float(v), 6) for v in w])
        truth = target[test]
        old = raw[test][:, hand]
        new = raw[test] @ np.array(weights[-1])
        err_old += float(np.sum((old - truth) ** 2))
        err_new += float(np.sum((new - truth) ** 2))
        print(f"  round {r}: {int(train.sum())} states; rmse on held-out games: hand-made"
              f" {np.sqrt(np.mean((old - truth) ** 2)):.2f} (bias"
              f" {np.mean(old - truth):+.1f}), fitted {np.sqrt(np.mean((new - truth) ** 2)):.2f}",
              flush=True)
    n = int(held.sum())
    print(f"  all rounds: rmse hand-made {math.sqrt(err_old / n):.2f},"
          f" fitted {math.sqrt(err_new / n):.2f}")
    return {"weights": weights}


def imitate(parts: list[dict[str, np.ndarray]], prior: list[list[float]],
            temperature: float, ridge: float, value_weight: float,
            pin_unpaid: bool = False) -> dict[str, list[list[float]]]:
    """Per round, the weights under which the greedy policy imitates the recorded player
    (from `replay` data): the conditional logit of the chosen afterstate among a decision's
    afterstates (chance of each proportional to exp(value / `temperature`); an afterstate at
    the end of the game is worth its final score), plus `value_weight` times the squared
    error of the value on the recorded states (their final scores, in units of 10 points),
    pulled towards `prior` (ridge on the features scaled by their spread). Fitted by
    Newton's method (the loss is convex). `pin_unpaid`: the Unpaid Wage points already taken
    count at face value (as in `fit_edition`)."""
    rounds, nf = ne.ROUNDS, len(SOLO_FEATURES)
    score_at = SOLO_FEATURES.index("score")
    hand = SOLO_FEATURES.index("hand_made")
    unpaid_at = SOLO_FEATURES.index("unpaid")
    cand = np.concatenate([d["cand"] for d in parts])
    cand_round = np.concatenate([d["cand_round"] for d in parts])
    over = np.concatenate([d["cand_over"] for d in parts])
    chosen = np.concatenate([d["chosen"] for d in parts]).astype(bool)
    decision, offset = [], 0
    for d in parts:
        decision.append(d["cand_decision"] + offset)
        offset += int(d["cand_decision"].max()) + 1
    dec = np.concatenate(decision)
    x = np.concatenate([d["x"] for d in parts])
    x_round = np.concatenate([d["round"] for d in parts])
    final = np.concatenate([d["final"] for d in parts])
    fixed = np.where(np.isnan(over), 0.0, over)
    if pin_unpaid:
        # the value is score-part weights on (score - unpaid) etc. plus the unpaid points
        # at face value: the unpaid column becomes a fixed offset
        for m, off in ((cand, None), (x, None)):
            del off
            m[:, score_at] -= m[:, unpaid_at]
            m[:, hand] -= m[:, unpaid_at]
        fixed = fixed + np.where(np.isnan(over), cand[:, unpaid_at], 0.0)
        final = final - x[:, unpaid_at]
        cand[:, unpaid_at] = 0.0
        x[:, unpaid_at] = 0.0
    live = np.isnan(over)

    def design(m: np.ndarray, r: np.ndarray, keep: np.ndarray) -> np.ndarray:
        out = np.zeros((len(m), rounds * nf))
        for k in range(rounds):
            at = (r == k + 1) & keep
            out[at, k * nf:(k + 1) * nf] = m[at]
        return out

    phi = design(cand, cand_round, live)
    psi = design(x, x_round, np.ones(len(x), dtype=bool))
    spread = np.concatenate([x[x_round == k + 1].std(axis=0) for k in range(rounds)])
    spread[spread == 0] = 1.0
    theta0 = np.array(prior, dtype=float).reshape(-1)
    if pin_unpaid:
        theta0 = theta0.copy()
        for k in range(rounds):
            theta0[k * nf + unpaid_at] = 0.0
    theta = theta0.copy()
    n_dec = int(dec.max()) + 1
    counts = np.bincount(x_round, minlength=rounds + 1)[1:]
    lam = ridge * np.repeat(counts, nf) / spread ** 2
    def loss(th: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
        """The loss, the per-candidate chances and the decisions' mean features at `th`."""
        s = (phi @ th + fixed) / temperature
        top = np.full(n_dec, -np.inf)
        np.maximum.at(top, dec, s)
        e = np.exp(s - top[dec])
        z = np.bincount(dec, weights=e, minlength=n_dec)
        prob = e / z[dec]
        mean_phi = np.zeros((n_dec, phi.shape[1]))
        np.add.at(mean_phi, dec, prob[:, None] * phi)
        nll = float(np.sum(np.log(z) + top) - np.sum(s[chosen]))
        resid = (psi @ th - final) / 10.0
        total = (nll + 0.5 * value_weight * float(resid @ resid)
                 + 0.5 * float(np.sum(lam * (th - theta0) ** 2)))
        return total, prob, mean_phi

    current, prob, mean_phi = loss(theta)
    for _step in range(50):
        grad = (mean_phi.sum(axis=0) - phi[chosen].sum(axis=0)) / temperature
        centred = phi - mean_phi[dec]
        hess = (centred * prob[:, None]).T @ centred / temperature ** 2
        resid = (psi @ theta - final) / 10.0
        grad += value_weight * psi.T @ resid / 10.0
        hess += value_weight * psi.T @ psi / 100.0
        grad += lam * (theta - theta0)
        hess += np.diag(lam)
        step = np.linalg.solve(hess, grad)
        size = 1.0
        while True:  # backtracking: Newton's full step can overshoot far from the optimum
            trial = theta - size * step
            value, trial_prob, trial_mean = loss(trial)
            if value <= current or size < 1e-4:
                break
            size /= 2
        theta, current, prob, mean_phi = trial, value, trial_prob, trial_mean
        if float(np.abs(size * step * spread).max()) < 1e-4:
            break
    s = (phi @ theta + fixed)
    best = np.full(n_dec, -np.inf)
    np.maximum.at(best, dec, s)
    agree = float(np.mean(s[chosen] >= best[dec[chosen]] - 1e-9))
    print(f"  {n_dec} decisions: greedy agrees with the recorded choice on {100 * agree:.1f}%,"
          f" value rmse on the recorded states {np.sqrt(np.mean((psi @ theta - final) ** 2)):.2f}",
          flush=True)
    w = theta.reshape(rounds, nf)
    if pin_unpaid:
        w[:, unpaid_at] = 1.0 - w[:, score_at] - w[:, hand]
    return {"weights": [[round(float(v), 6) for v in row] for row in w]}


def agreement(parts: list[dict[str, np.ndarray]], rows: list[list[float]]) -> float:
    """How often the greedy choice by `rows` is the recorded one (replay data)."""
    w = np.array(rows)
    hits = total = 0
    for d in parts:
        cand, r, over = d["cand"], d["cand_round"], d["cand_over"]
        s = np.where(np.isnan(over), np.einsum("ij,ij->i", cand, w[r - 1]), over)
        dec = d["cand_decision"]
        best = np.full(int(dec.max()) + 1, -np.inf)
        np.maximum.at(best, dec, s)
        ch = d["chosen"].astype(bool)
        hits += int(np.sum(s[ch] >= best[dec[ch]] - 1e-9))
        total += int(ch.sum())
    return hits / total


def score(edition: str, first: int, last: int, weights: Path | None) -> float:
    agent = policy(edition, weights)
    totals = []
    start = time.process_time()
    for seed in range(first, last + 1):
        state = new_game(f"national-economy/{edition}", players=1, seed=seed)
        state.log_enabled = False
        value = agent.play_out(state)
        assert value is not None
        totals.append(value)
    print(f"{edition} {weights or 'shipped'}: {len(totals)} deals, mean"
          f" {statistics.mean(totals):.1f}, median {statistics.median(totals)},"
          f" {time.process_time() - start:.1f} s CPU", flush=True)
    return statistics.mean(totals)


def fit_dir(paths: dict[str, list[Path]], out: Path, pin: tuple[str, ...] = ()) -> None:
    """Fit every edition of `paths` and write the weights to `out` (the editions of `pin`
    with the Unpaid Wage points at face value, see `fit_edition`)."""
    result: dict[str, object] = {"features": list(SOLO_FEATURES)}
    for edition, files in paths.items():
        print(edition, [p.name for p in files], flush=True)
        parts = []
        for path in files:
            with np.load(path) as data:
                parts.append(dict(data))
        result[edition] = fit_edition(parts, edition in pin)
    out.write_text(json.dumps(result, indent=1) + "\n")


def iterate(data: Path, rounds: int, games: int, window: int, out: Path,
            editions: tuple[str, ...] = EDITIONS, start: Path | None = None,
            seed_base: int = 10001, pin: tuple[str, ...] = ()) -> None:
    """Fitted policy iteration: round k records `games` deals per edition (`seed_base` +
    k * games ..) with the policy of fit k (fit 0: the weights of `start`, else the
    hand-made value), fits fit k + 1 on the last `window` rounds' games, and scores it alone
    on deals 2001-2400; `out` gets, per edition, the fit that scored best (with `start`, its
    score counts too, and the editions not iterated keep their `start` weights)."""
    data.mkdir(parents=True, exist_ok=True)
    best: dict[str, tuple[float, object]] = {}
    current: Path | None = start
    if start is not None:
        began = json.loads(start.read_text())
        for edition in editions:
            best[edition] = (score(edition, 2001, 2400, start), began[edition])
    for k in range(rounds):
        for edition in editions:
            record(edition, games, seed_base + k * games, current, 0.05, None,
                   data / f"{edition}-{k}.npz")
        files = {e: [data / f"{e}-{j}.npz" for j in range(max(0, k + 1 - window), k + 1)]
                 for e in editions}
        current = data / f"fit-{k + 1}.json"
        fit_dir(files, current, pin)
        fitted = json.loads(current.read_text())
        for edition in editions:
            mean = score(edition, 2001, 2400, current)
            if mean > best.get(edition, (-math.inf, None))[0]:
                best[edition] = (mean, fitted[edition])
    result: dict[str, object] = {"features": list(SOLO_FEATURES)}
    if start is not None:
        result.update({e: entry for e, entry in json.loads(start.read_text()).items()
                       if e in EDITIONS})
    result.update({e: entry for e, (_mean, entry) in best.items()})
    out.write_text(json.dumps(result, indent=1) + "\n")
    print({e: round(mean, 1) for e, (mean, _entry) in best.items()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("edition", choices=EDITIONS)
    rec.add_argument("games", type=int)
    rec.add_argument("data", type=Path)
    rec.add_argument("--first", type=int, default=10001)
    rec.add_argument("--weights", type=Path)
    rec.add_argument("--epsilon", type=float, default=0.0)
    rec.add_argument("--agent")
    fit = sub.add_parser("fit")
    fit.add_argument("data", type=Path)
    fit.add_argument("--out", type=Path, default=OUT)
    fit.add_argument("--pin-unpaid", nargs="*", choices=EDITIONS, default=[])
    im = sub.add_parser("imitate")
    im.add_argument("edition", choices=EDITIONS)
    im.add_argument("data", type=Path, nargs="+")
    im.add_argument("--start", type=Path)
    im.add_argument("--temperature", type=float, default=3.0)
    im.add_argument("--ridge", type=float, default=RIDGE)
    im.add_argument("--value-weight", type=float, default=0.0)
    im.add_argument("--pin-unpaid", action="store_true")
    im.add_argument("--out", type=Path, default=OUT)
    it = sub.add_parser("iterate")
    it.add_argument("data", type=Path)
    it.add_argument("--rounds", type=int, default=12)
    it.add_argument("--games", type=int, default=2000)
    it.add_argument("--window", type=int, default=3)
    it.add_argument("--out", type=Path, default=OUT)
    it.add_argument("--editions", nargs="+", choices=EDITIONS, default=list(EDITIONS))
    it.add_argument("--start", type=Path)
    it.add_argument("--seed-base", type=int, default=10001)
    it.add_argument("--pin-unpaid", nargs="*", choices=EDITIONS, default=[])
    rp = sub.add_parser("replay")
    rp.add_argument("edition", choices=EDITIONS)
    rp.add_argument("games", type=Path)
    rp.add_argument("data", type=Path)
    rp.add_argument("--weights", type=Path)
    sc = sub.add_parser("score")
    sc.add_argument("edition", choices=EDITIONS)
    sc.add_argument("first", type=int)
    sc.add_argument("last", type=int)
    sc.add_argument("--weights", type=Path)
    args = parser.parse_args()
    if args.cmd == "record":
        record(args.edition, args.games, args.first, args.weights, args.epsilon,
               args.agent, args.data)
        return
    if args.cmd == "replay":
        replay(args.edition, args.games, args.data, args.weights)
        return
    if args.cmd == "score":
        score(args.edition, args.first, args.last, args.weights)
        return
    if args.cmd == "iterate":
        iterate(args.data, args.rounds, args.games, args.window, args.out,
                tuple(args.editions), args.start, args.seed_base, tuple(args.pin_unpaid))
        return
    if args.cmd == "imitate":
        parts = []
        for path in args.data:
            with np.load(path) as data:
                parts.append(dict(data))
        began = json.loads(args.start.read_text()) if args.start else json.loads(OUT.read_text())
        prior = began[args.edition]["weights"]
        print(f"  shipped weights agree with the recorded choice on"
              f" {100 * agreement(parts, prior):.1f}%")
        result = {**began, args.edition: imitate(parts, prior, args.temperature, args.ridge,
                                                 args.value_weight, args.pin_unpaid)}
        args.out.write_text(json.dumps(result, indent=1) + "\n")
        return
    files = {e: sorted(args.data.glob(f"{e}*.npz")) for e in EDITIONS}
    fit_dir({e: paths for e, paths in files.items() if paths}, args.out,
            tuple(args.pin_unpaid))


if __name__ == "__main__":
    main()
