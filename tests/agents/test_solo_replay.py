"""The solo planner's rollout plays the same moves after speed work (issue #19, glory-speed).

tests/agents/data/solo_replay.json was recorded BEFORE the rollout was made faster (run
this module as a script with `--record` to write it again, only for an intended change of
play): for each edition, games of the fast solo policy (learned and hand-made value, and
with random placements, which reach sales and unpaid wages), with every action, the
values the policy's judges give at each placement and the final score row; and a few
decisions of the solo planner with a small fixed budget. Every float is compared exactly:
a pure speed change must not move a single value, let alone a move.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import keizai
from keizai.agents import make_agent
from keizai.agents.solo import SoloAgent
from keizai.agents.solo_policy import EDITIONS, SoloPolicy, SoloValue, weights_for
from keizai.rules.national_economy import state as ne

DATA = Path(__file__).parent / "data" / "solo_replay.json"
# (value, epsilon, seed): the rollout policy as the planner uses it, the hand-made one, and
# random placements (a quarter of them) for less common states
POLICY_GAMES = [("learned", 0.0, 11), ("learned", 0.0, 12), ("learned", 0.25, 13),
                ("learned", 0.25, 14), ("hand", 0.0, 15), ("hand", 0.25, 16)]
# (spec, decisions): truncated rollouts over many decisions, and whole-game rollouts
PLANNERS = [("solo:policy=fast:rollouts=1:halving=1:evaluation=learned:limit=1:depth=2", 24),
            ("solo:policy=fast:rollouts=2:halving=1:evaluation=learned:limit=1", 6)]


def policy_game(edition: str, value: str, epsilon: float, seed: int) -> dict[str, Any]:
    """One game of the fast policy: its actions, the judges' values of each placement
    state (learned and hand-made), and the final score row."""
    s = keizai.new_game(f"national-economy/{edition}", 1, seed=seed)
    assert isinstance(s, ne.NationalEconomyState)
    s.log_enabled = False
    policy = SoloPolicy(learned=value == "learned", epsilon=epsilon, seed=seed)
    hand = SoloValue(weights_for(s.game.id))
    learned = SoloPolicy(learned=True).judge
    values: list[list[float]] = []
    while not s.is_over:
        if s.decision == ne.PLACE:
            values.append([learned.value(s), hand.value(s)])
        s.apply_index(policy.choose_index(s))
    return {"actions": list(s.history), "values": values, "score": s.scores()[0]}


def planner_game(edition: str, seed: int, spec: str, decisions: int) -> list[int]:
    """The first decisions of the solo planner (small fixed budget) on one deal."""
    s = keizai.new_game(f"national-economy/{edition}", 1, seed=seed)
    agent = make_agent(spec, seed)
    assert isinstance(agent, SoloAgent)
    chosen: list[int] = []
    while not s.is_over and len(chosen) < decisions:
        index = agent.choose_index(s)
        if len(s.legal_indices()) > 1:
            chosen.append(index)
        s.apply_index(index)
    return chosen


def record() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for edition in EDITIONS:
        out[edition] = {
            "policy": [policy_game(edition, *game) for game in POLICY_GAMES],
            "planner": [planner_game(edition, 21 + k, *planner)
                        for k, planner in enumerate(PLANNERS)],
        }
    return out


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text("utf-8"))
    return data


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("game", range(len(POLICY_GAMES)))
def test_the_fast_policy_replays_the_recorded_games(recorded: dict[str, Any], edition: str,
                                                    game: int) -> None:
    expected = recorded[edition]["policy"][game]
    played = policy_game(edition, *POLICY_GAMES[game])
    assert played["actions"] == expected["actions"]
    assert played["values"] == expected["values"]
    assert played["score"] == expected["score"]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("planner", range(len(PLANNERS)))
def test_the_planner_replays_its_recorded_decisions(recorded: dict[str, Any], edition: str,
                                                    planner: int) -> None:
    played = planner_game(edition, 21 + planner, *PLANNERS[planner])
    assert played == recorded[edition]["planner"][planner]


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        raise SystemExit("usage: python tests/agents/test_solo_replay.py --record")
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(record()) + "\n", "utf-8")
