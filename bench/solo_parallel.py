"""National Economy solo (issue #19): the level with several rollout policies at once.

    python bench/solo_parallel.py EDITION SPEC FIRST LAST OUT.csv VALUE.json [VALUE.json ...]

plays the solo deals seeded FIRST..LAST with the solo planner SPEC (fixed budget, no
`cap`) whose every visit rolls the same sample out once with each rollout policy: the fast
solo policy judged by the level's shipped learned value, then by each VALUE.json (a
solo_value.json of any commit: its features are matched by name, a feature it lacks
weighs 0). An action is worth, on each sample, the policy with the best mean on the
*other* samples (the planner's leave-one-out choice of `reply`), so it is valued under
the best of the base policies ("parallel rollout", Chang, Givan and Chong 2004), never a
best per sample, which would see that sample's deck. With the `limit`, a visit counts
as one rollout per policy. One line per deal goes to OUT.csv (bench/solo_ab.py's columns;
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


def play(edition: str, spec: str, seed: int, values: list[Path]) -> list[object]:
    """One deal: bench/solo_ab.py's CSV row."""
    base = make_agent(spec, seed)
    assert isinstance(base, SoloAgent)
    agent = ParallelSolo(base, [SoloPolicy(learned=True)]
                         + [policy(edition, path) for path in values])
    return play_with(agent, edition, seed)


def main(argv: list[str]) -> None:
    if len(argv) < 6:
        raise SystemExit(__doc__)
    edition, spec, first, last, out = argv[0], argv[1], int(argv[2]), int(argv[3]), Path(argv[4])
    values = [Path(a) for a in argv[5:]]
    for seed in range(first, last + 1):
        if seed not in load(out):
            append(out, play(edition, spec, seed, values))


if __name__ == "__main__":
    main(sys.argv[1:])
