"""National Economy solo (issue #19): the level with other rollout policies, or several at once.

    python bench/solo_parallel.py EDITION SPEC FIRST LAST OUT.csv POLICY [POLICY ...]
                                  [--favor DELTA]

plays the solo deals seeded FIRST..LAST with the solo planner SPEC (fixed budget, no
`cap`) whose rollouts are played by the fast solo policy judged by each POLICY's learned
value: `shipped` (the package's), or a VALUE.json (a solo_value.json of any commit, its
features matched by name, a feature it lacks weighing 0); or the shipped one made random:
`epsilon=X` (a random placement with chance X) or `softmax=T` (each placement drawn with
chance proportional to exp(value / T)), seeded by the deal. With one POLICY it is SPEC
with that rollout policy. With several, every visit rolls the same sample out once with
each, and an action is worth, on each sample, the policy with the best mean on the
*other* samples (the planner's leave-one-out choice of `reply`), so it is valued under
the best of the base policies ("parallel rollout", Chang, Givan and Chong 2004), never a
best per sample, which would see that sample's deck. With the `limit`, a visit counts as
one rollout per policy. One line per deal goes to OUT.csv (bench/solo_ab.py's columns;
deals already there are skipped). A policy alone: `solo_value_fit.py score EDITION FIRST
LAST --weights VALUE.json`.

`--favor DELTA` (one POLICY) adds DELTA points to every rollout of the action the rollout
policy itself would play (the planner then leaves the policy only for an action that
beats it by more than DELTA on the mean).

The older Glory weights measured in docs/strength.md are commit 6ce582b's:
`git show 6ce582b:src/keizai/agents/solo_value.json > old-value.json`.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from cli_args import add_deal_range, agent_spec, check_deals, edition_name, parser, positive_float
from solo_ab import append, load, play_with  # bench/: the same CSV, so deals pair
from solo_value_fit import policy

from keizai.agents import make_agent
from keizai.agents.solo import SoloAgent
from keizai.agents.solo_policy import SoloPolicy
from keizai.engine import Rng, State
from keizai.rules.national_economy import state as ne


class ParallelSolo(SoloAgent):
    """The solo planner valuing each action under the best of several rollout policies."""

    def __init__(self, base: SoloAgent,
                 policies: list[SoloPolicy | SoftmaxPolicy]) -> None:
        self.__dict__.update(base.__dict__)
        self.policies = policies
        # `reply`'s bookkeeping: a visit is a row of values, one per policy, chosen
        # between by leave-one-out (`_cross_validated`), and costs len(policies) rollouts
        self.reply = len(policies) - 1

    def _visit(self, sample: State, index: int, deadline: float | None, done: int,
               totals: dict[int, float], counts: dict[int, int]) -> bool:
        child = sample.clone()
        child.apply_index(index)
        row = []
        for k, rollout_policy in enumerate(self.policies):
            played = child if k == len(self.policies) - 1 else child.clone()
            value = rollout_policy.play_out(played)
            assert value is not None
            if k == 0:
                self._moves = len(played.history) - len(sample.history)
            row.append(self.utility(value))
        self._rows[index].append(row)
        counts[index] += 1
        return True


class SoftmaxPolicy:
    """The fast solo policy, but each placement drawn with chance proportional to
    exp(value / temperature) over the placements' values (the choices inside a move are
    the policy's). Only `play_out` differs; the planner's other uses take the greedy
    policy's answer."""

    def __init__(self, temperature: float, seed: int) -> None:
        self.greedy = SoloPolicy(learned=True)
        self.judge = self.greedy.judge
        self.temperature = temperature
        self.rng = Rng(seed)

    def choose_index(self, state: State) -> int:
        return self.greedy.choose_index(state)

    def play_out(self, s: State, deadline: float | None = None) -> float | None:
        assert isinstance(s, ne.NationalEconomyState)
        current = s
        while not current.is_over:
            legal = current.legal_indices()
            if current.decision != ne.PLACE or len(legal) == 1:
                index, finished = self.greedy._choose(current, True)
                if finished is None:
                    current.apply_index(index)
                else:
                    current = finished
                continue
            children, values = [], []
            for index in legal:
                child = current.clone()
                child.log_enabled = False
                child.apply_index(index)
                child = self.greedy._finished(child)
                children.append(child)
                values.append(self.judge.value(child))
            top = max(values)
            weights = [math.exp((v - top) / self.temperature) for v in values]
            r = self.rng.random() * sum(weights)
            pick = len(children) - 1
            for k, weight in enumerate(weights):
                r -= weight
                if r <= 0:
                    pick = k
                    break
            current = children[pick]
        if current is not s:
            s.take_over(current)
        return float(s.scores()[0]["total"])


def rollout_policy(edition: str, name: str, seed: int) -> SoloPolicy | SoftmaxPolicy:
    """The rollout policy POLICY `name` (see the module docstring) for deal `seed`."""
    if name == "shipped":
        return SoloPolicy(learned=True)
    if name.startswith("epsilon="):
        return SoloPolicy(learned=True, epsilon=float(name[8:]), seed=seed + 7)
    if name.startswith("softmax="):
        return SoftmaxPolicy(float(name[8:]), seed + 7)
    return policy(edition, Path(name))


class FavouringSolo(SoloAgent):
    """The solo planner with the rollout policy's own choice worth `delta` points more."""

    def __init__(self, base: SoloAgent, delta: float) -> None:
        self.__dict__.update(base.__dict__)
        self.delta = delta
        self.favoured = -1

    def choose_index(self, state: State) -> int:
        if len(state.legal_indices()) > 1 and state.num_players == 1:
            assert self.fast is not None and state.current_player is not None
            self.favoured = self.fast.choose_index(self._sample(state, state.current_player))
        return super().choose_index(state)

    def _visit(self, sample: State, index: int, deadline: float | None, done: int,
               totals: dict[int, float], counts: dict[int, int]) -> bool:
        visited = super()._visit(sample, index, deadline, done, totals, counts)
        if visited and index == self.favoured:
            totals[index] += self.delta
        return visited


def play(edition: str, spec: str, seed: int, names: list[str], favour: float = 0.0
         ) -> list[object]:
    """One deal: bench/solo_ab.py's CSV row."""
    agent = make_agent(spec, seed)
    assert isinstance(agent, SoloAgent)
    policies = [rollout_policy(edition, name, seed) for name in names]
    if len(policies) == 1:
        agent.fast = policies[0]
        if favour:
            agent = FavouringSolo(agent, favour)
    else:
        agent = ParallelSolo(agent, policies)
    return play_with(agent, edition, seed)


def policy_name(text: str) -> str:
    """A POLICY (see the module docstring): shipped, epsilon=X, softmax=T or a VALUE.json."""
    if text == "shipped":
        return text
    for prefix, low in (("epsilon=", 0.0), ("softmax=", None)):
        if text.startswith(prefix):
            try:
                value = float(text[len(prefix):])
            except ValueError:
                value = math.nan
            if not (value > 0 if low is None else 0 <= value <= 1):
                raise argparse.ArgumentTypeError(
                    f"{text!r}: {prefix}X needs X in [0, 1]" if low is not None
                    else f"{text!r}: {prefix}T needs a temperature T above 0")
            return text
    if not Path(text).is_file():
        raise argparse.ArgumentTypeError(
            f"{text!r} is neither shipped, epsilon=X, softmax=T nor a value file")
    return text


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: EDITION SPEC FIRST LAST OUT.csv POLICY [POLICY ...] [--favor DELTA]."""
    cli = parser(__doc__)
    cli.add_argument("edition", metavar="EDITION", type=edition_name,
                     help="progress, mecenat or glory")
    cli.add_argument("spec", metavar="SPEC", type=agent_spec,
                     help="the solo planner's spec (a fixed budget: no cap)")
    add_deal_range(cli)
    cli.add_argument("out", metavar="OUT.csv", type=Path,
                     help="the games are appended here (resumable)")
    cli.add_argument("policies", metavar="POLICY", type=policy_name, nargs="+",
                     help="shipped, epsilon=X, softmax=T or a VALUE.json")
    cli.add_argument("--favor", metavar="DELTA", type=positive_float, default=0.0,
                     help="points added to every rollout of the policy's own choice "
                          "(one POLICY only)")
    args = cli.parse_args(argv)
    check_deals(cli, args.first, args.last)
    if args.favor and len(args.policies) != 1:
        cli.error("--favor takes one POLICY (the one whose choice it favours)")
    if not isinstance(make_agent(args.spec, 0), SoloAgent):
        cli.error(f"SPEC {args.spec!r} is not a solo planner (solo:...)")
    return args


def main(args: argparse.Namespace) -> None:
    for seed in range(args.first, args.last + 1):
        if seed not in load(args.out):
            append(args.out, play(args.edition, args.spec, seed, args.policies, args.favor))


if __name__ == "__main__":
    main(parse_args())
