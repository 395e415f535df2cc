"""National Economy solo (issue #19): the level with other rollout policies, or several at once.

    python bench/solo_parallel.py EDITION SPEC FIRST LAST OUT.csv POLICY [POLICY ...]

plays the solo deals seeded FIRST..LAST with the solo planner SPEC (fixed budget, no
`cap`) whose rollouts are played by the fast solo policy judged by each POLICY's learned
value: `shipped` (the package's), or a VALUE.json (a solo_value.json of any commit, its
features matched by name, a feature it lacks weighing 0). With one POLICY it is SPEC with
that rollout policy. With several, every visit rolls the same sample out once with each,
and an action is worth, on each sample, the policy with the best mean on the *other*
samples (the planner's leave-one-out choice of `reply`), so it is valued under the best
of the base policies ("parallel rollout", Chang, Givan and Chong 2004), never a best per
sample, which would see that sample's deck. With the `limit`, a visit counts as one
rollout per policy. One line per deal goes to OUT.csv (bench/solo_ab.py's columns;
deals already there are skipped). A policy alone: `solo_value_fit.py score EDITION FIRST
LAST --weights VALUE.json`.

The older Glory weights measured in docs/strength.md are commit 6ce582b's:
`git show 6ce582b:src/keizai/agents/solo_value.json > old-value.json`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from solo_ab import append, load, play_with  # bench/: the same CSV, so deals pair
from solo_value_fit import policy

from keizai.agents import make_agent
from keizai.agents.solo import SoloAgent
from keizai.agents.solo_policy import SoloPolicy
from keizai.engine import State


class ParallelSolo(SoloAgent):
    """The solo planner valuing each action under the best of several rollout policies."""

    def __init__(self, base: SoloAgent, policies: list[SoloPolicy]) -> None:
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


def rollout_policy(edition: str, name: str) -> SoloPolicy:
    """The fast solo policy judged by POLICY `name` (see the module docstring)."""
    return SoloPolicy(learned=True) if name == "shipped" else policy(edition, Path(name))


def play(edition: str, spec: str, seed: int, names: list[str]) -> list[object]:
    """One deal: bench/solo_ab.py's CSV row."""
    agent = make_agent(spec, seed)
    assert isinstance(agent, SoloAgent)
    policies = [rollout_policy(edition, name) for name in names]
    if len(policies) == 1:
        agent.fast = policies[0]
    else:
        agent = ParallelSolo(agent, policies)
    return play_with(agent, edition, seed)


def main(argv: list[str]) -> None:
    if len(argv) < 6:
        raise SystemExit(__doc__)
    edition, spec, first, last, out = argv[0], argv[1], int(argv[2]), int(argv[3]), Path(argv[4])
    for seed in range(first, last + 1):
        if seed not in load(out):
            append(out, play(edition, spec, seed, argv[5:]))


if __name__ == "__main__":
    main(sys.argv[1:])
