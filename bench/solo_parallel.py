"""National Economy solo (issue #19): the level with several rollout policies at once.

    python bench/solo_parallel.py EDITION SPEC FIRST LAST OUT.csv VALUE.json [VALUE.json ...]
    python bench/solo_parallel.py alone EDITION FIRST LAST [VALUE.json]

plays the solo deals seeded FIRST..LAST with the solo planner SPEC (fixed budget, no
`cap`) whose every visit rolls the same sample out once with each rollout policy: the fast
solo policy judged by the level's shipped learned value, then by each VALUE.json (a
solo_value.json of any commit: its features are matched by name, a feature it lacks
weighs 0). An action is worth, on each sample, the policy with the best mean on the
*other* samples (the planner's leave-one-out choice of `reply`), so it is valued under
the best of the base policies ("parallel rollout", Chang, Givan and Chong 2004), never a
best per sample, which would see that sample's deck. With the `limit`, a visit counts
as one rollout per policy. One line per deal goes to OUT.csv (bench/solo_ab.py's columns;
deals already there are skipped). `alone` prints the mean and median final score of one
policy playing the deals by itself (the shipped value without VALUE.json).

The older Glory weights measured in docs/strength.md are commit 6ce582b's:
`git show 6ce582b:src/keizai/agents/solo_value.json > old-value.json`.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from solo_ab import append, load  # bench/: the same CSV, so deals pair with its specs

from keizai.agents import make_agent
from keizai.agents.solo import SoloAgent
from keizai.agents.solo_policy import SOLO_FEATURES, LearnedSoloValue, SoloPolicy
from keizai.engine import State
from keizai.engine.registry import new_game


def policy_from(path: Path, edition: str) -> SoloPolicy:
    """The fast solo policy judged by the learned value of `edition` in `path`."""
    data = json.loads(path.read_text("utf-8"))
    rows = [[float(dict(zip(data["features"], row, strict=True)).get(name, 0.0))
             for name in SOLO_FEATURES] for row in data[edition]["weights"]]
    policy = SoloPolicy(learned=True)
    policy.judge = LearnedSoloValue(weights=rows)
    return policy


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
        for k, policy in enumerate(self.policies):
            played = child if k == len(self.policies) - 1 else child.clone()
            value = policy.play_out(played)
            assert value is not None
            if k == 0:
                self._moves = len(played.history) - len(sample.history)
            row.append(self.utility(value))
        self._rows[index].append(row)
        counts[index] += 1
        return True


def play(edition: str, spec: str, seed: int, values: list[Path]) -> list[object]:
    """One deal: bench/solo_ab.py's CSV row."""
    state = new_game(f"national-economy/{edition}", players=1, seed=seed)
    base = make_agent(spec, seed)
    assert isinstance(base, SoloAgent)
    agent = ParallelSolo(base, [SoloPolicy(learned=True)]
                         + [policy_from(path, edition) for path in values])
    decisions, total, slowest = 0, 0.0, 0.0
    while not state.is_over:
        several = len(state.legal_indices()) > 1
        start = time.process_time()
        action = agent.choose(state)
        spent = time.process_time() - start
        if several:
            decisions += 1
            total += spent
            slowest = max(slowest, spent)
        state.apply(action)
    row = state.scores()[0]
    return [seed, row["total"], row["target"], row["won"], decisions, f"{total:.2f}",
            f"{slowest:.3f}"]


def alone(edition: str, first: int, last: int, value: Path | None) -> str:
    """The mean and median score of one policy alone on deals first..last."""
    policy = policy_from(value, edition) if value else SoloPolicy(learned=True)
    scores = []
    for seed in range(first, last + 1):
        state = new_game(f"national-economy/{edition}", players=1, seed=seed)
        state.log_enabled = False
        score = policy.play_out(state)
        assert score is not None
        scores.append(score)
    return (f"{len(scores)} deals: mean {statistics.mean(scores):.1f}, "
            f"median {statistics.median(scores):.1f}")


def main(argv: list[str]) -> None:
    if argv[:1] == ["alone"] and len(argv) in (4, 5):
        print(alone(argv[1], int(argv[2]), int(argv[3]),
                    Path(argv[4]) if len(argv) == 5 else None))
        return
    if len(argv) < 6:
        raise SystemExit(__doc__)
    edition, spec, first, last, out = argv[0], argv[1], int(argv[2]), int(argv[3]), Path(argv[4])
    values = [Path(a) for a in argv[5:]]
    for seed in range(first, last + 1):
        if seed not in load(out):
            append(out, play(edition, spec, seed, values))


if __name__ == "__main__":
    main(sys.argv[1:])
