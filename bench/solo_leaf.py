"""National Economy solo (issue #19): the planner's rollouts cut after a few rounds and
the leaf valued by what the *planner* goes on to score from there, not the rollout policy.

    python bench/solo_leaf.py fit EDITION LEAF.json GAMES.jsonl [GAMES.jsonl ...]
                                  [--goal 60] [--spread 5]
    python bench/solo_leaf.py play EDITION SPEC FIRST LAST OUT.csv LEAF.json

The level values an action by whole rollouts of its greedy policy, which scores far below
the planner from the same position (44 points from round 1, 18 from round 5). Its option
`depth=d` cuts the rollouts at the first placement of the d-th round after the decision's
and takes the policy's learned value there; that value is fitted to the policy's own final
scores, so it keeps the policy's view of the future (docs/strength.md, glory-rollouts).
Here the leaf value is fitted instead to the planner's final scores on the planner's own
games (bench/solo_planner_games.py): an estimate of where the planner itself gets from the
leaf, as the value of a search that learns from its own games (expert iteration).

`fit` replays GAMES (bench/solo_value_fit.py `replay`) and fits, per round, a ridge
regression of the planner's final worth (its score plus, with `--goal`, the level's step at
the victory score: `SoloAgent.utility`) on the seat's features at every placement
(bench/solo_value_fit.py `fit_edition`; the held-out fifth of the games gives the error
printed), and writes it as a solo_value.json. `play` plays deals FIRST..LAST with SPEC
(which must set `depth`) whose leaves take LEAF.json's value: fitted with `--goal`, it is
already the planner's worth and no step is added at a leaf (SPEC's `goal` and `spread`
must be the fit's); fitted with `--goal 0`, it is a score and takes the step as a final
score does. One CSV line per deal (bench/solo_ab.py's columns;
deals already there are skipped).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import numpy as np
from solo_ab import append, load, play_with  # bench/: the same CSV, so deals pair
from solo_value_fit import fit_edition, replay

from keizai.agents import make_agent
from keizai.agents.solo import SoloAgent
from keizai.agents.solo_policy import SOLO_FEATURES, LearnedSoloValue
from keizai.engine.registry import new_game
from keizai.rules.national_economy import state as ne

EDITIONS = ("progress", "mecenat", "glory")


class LeafSolo(SoloAgent):
    """The solo planner whose cut rollouts take a leaf value fitted to the planner's games."""

    def __init__(self, base: SoloAgent, leaf: LearnedSoloValue, worth: bool) -> None:
        """`worth`: the leaf value is the planner's worth (fitted with the step), so no step
        is added to it; else it is a score, and the step is added as to a final score."""
        self.__dict__.update(base.__dict__)
        if not self.depth or self.fast is None:
            raise SystemExit("solo_leaf: SPEC needs policy=fast, evaluation=learned and depth")
        self.leaf = leaf
        self.worth = worth
        self._at_leaf = False

    def _leaf_value(self, leaf: ne.NationalEconomyState) -> float:
        self._at_leaf = self.worth
        return self.leaf.value(leaf)

    def utility(self, score: float) -> float:
        if self._at_leaf:  # the leaf value is already the planner's worth
            self._at_leaf = False
            return score
        return super().utility(score)


def fit(edition: str, out: Path, games: list[Path], goal: float, spread: float) -> None:
    parts = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, path in enumerate(games):
            npz = Path(tmp) / f"{k}.npz"
            replay(edition, path, npz)
            with np.load(npz) as data:
                parts.append({name: data[name] for name in ("x", "round", "game", "final")})
    if goal:  # the planner's worth of each final score, as the level values a rollout's
        worth = SoloAgent(goal=goal, spread=spread)
        worth.target = float(new_game(f"national-economy/{edition}", players=1)
                             .scores()[0]["target"])
        for part in parts:
            part["final"] = np.array([worth.utility(float(v)) for v in part["final"]])
    result = {"features": list(SOLO_FEATURES), "goal": goal, "spread": spread,
              edition: fit_edition(parts)}
    out.write_text(json.dumps(result, indent=1) + "\n")


def play(edition: str, spec: str, first: int, last: int, out: Path, leaf_path: Path) -> None:
    data = json.loads(leaf_path.read_text())
    if data.get("features") != list(SOLO_FEATURES):
        raise SystemExit(f"{leaf_path}: its features are not this build's")
    leaf = LearnedSoloValue([[float(v) for v in row] for row in data[edition]["weights"]])
    done = load(out)
    for seed in range(first, last + 1):
        if seed in done:
            continue
        base = make_agent(spec, seed)
        assert isinstance(base, SoloAgent)
        worth = bool(data.get("goal"))
        if worth and (base.goal, base.spread) != (data["goal"], data["spread"]):
            raise SystemExit(f"{leaf_path}: fitted with another step than SPEC's")
        append(out, play_with(LeafSolo(base, leaf, worth), edition, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit")
    f.add_argument("edition", choices=EDITIONS)
    f.add_argument("out", type=Path)
    f.add_argument("games", type=Path, nargs="+")
    f.add_argument("--goal", type=float, default=60.0)
    f.add_argument("--spread", type=float, default=5.0)
    p = sub.add_parser("play")
    p.add_argument("edition", choices=EDITIONS)
    p.add_argument("spec")
    p.add_argument("first", type=int)
    p.add_argument("last", type=int)
    p.add_argument("out", type=Path)
    p.add_argument("leaf", type=Path)
    args = parser.parse_args()
    if args.command == "fit":
        fit(args.edition, args.out, args.games, args.goal, args.spread)
    else:
        play(args.edition, args.spec, args.first, args.last, args.out, args.leaf)


if __name__ == "__main__":
    main()
