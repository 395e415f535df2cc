"""Compound decisions described whole (keizai.engine.decision): the constraint check, and
for every game that describes its decisions, that whole sets and atomic steps agree."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import keizai
from keizai.engine import IllegalAction, State
from keizai.engine.decision import (
    COVER,
    EXACTLY,
    ONE_OF,
    RANGE,
    Candidate,
    PendingDecision,
    check,
    normalize,
    steps,
)


def _decision(constraint: str, amount: int, maximum: int | None = None, **extra
              ) -> PendingDecision:
    candidates = (Candidate("a", "A", "pay:a", count=2),
                  Candidate("b", "B", "pay:b", count=1, tags=("special",)),
                  Candidate("i", "Item", "pay:i", count=2, weight=2))
    return PendingDecision(kind="pay", seat=0, prompt_msg="test", amount=amount,
                           constraint=constraint, candidates=candidates, maximum=maximum,
                           **extra)


def test_exactly_counts_weights() -> None:
    decision = _decision(EXACTLY, 3)
    assert check(decision, {"a": 1, "i": 1}) == {"a": 1, "i": 1}
    assert check(decision, ["a", "a", "b"]) == {"a": 2, "b": 1}
    with pytest.raises(IllegalAction, match="makes 2"):
        check(decision, {"a": 2})


def test_cover_refuses_a_last_unit_not_needed() -> None:
    """COVER: the payment stops once covered, so the last unit in canonical order must
    be needed; an Item worth 2 may overpay by one."""
    decision = _decision(COVER, 3)
    assert check(decision, {"a": 1, "i": 1})  # 1 + 2
    assert check(decision, {"i": 2})  # 4: the second item was needed
    with pytest.raises(IllegalAction, match="more than needed"):
        check(decision, {"a": 1, "i": 2})  # 1 + 2 covers; the second item is spare
    with pytest.raises(IllegalAction, match="less than the 3 cards needed"):
        check(decision, {"a": 2})


def test_range_limits_and_one_of() -> None:
    decision = _decision(RANGE, 2, 4, limits={"special": 0})
    assert check(decision, {"a": 2}) == {"a": 2}
    with pytest.raises(IllegalAction, match="between 2 and 4"):
        check(decision, {"i": 2, "a": 1})
    with pytest.raises(IllegalAction, match="at most 0 special"):
        check(decision, {"b": 1, "a": 1})
    one_of = _decision(ONE_OF, 0, sets=(("a", "b"), ("i",)))
    assert check(one_of, {"b": 1, "a": 1}) == {"b": 1, "a": 1}
    with pytest.raises(IllegalAction, match="not one of the allowed choices"):
        check(one_of, {"a": 1})


@pytest.mark.parametrize("bad", [{"a": -1}, {"a": True}, {3: 1}, [1], "a", None])
def test_malformed_sets_are_refused(bad: object) -> None:
    with pytest.raises(IllegalAction):
        normalize(bad)  # type: ignore[arg-type]


def test_unknown_and_too_many_are_refused() -> None:
    decision = _decision(EXACTLY, 2)
    with pytest.raises(IllegalAction, match="'z' cannot be chosen"):
        check(decision, {"z": 2})
    with pytest.raises(IllegalAction, match="B: there is only one, not 2"):
        check(decision, {"b": 2})


# --- whole sets and atomic steps agree, in random positions of every game -------------
def _same_decision(state: State, seat: int, kind: str) -> bool:
    if state.is_over or state.current_player != seat:
        return False
    now = state.pending_decision()
    return now is not None and now.kind == kind


def _outcome(state: State, seat: int) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


def _atomic_outcomes(state: State, seat: int, kind: str, out: set[str]) -> None:
    """Every completion of the pending decision, one atomic step at a time."""
    for action in state.legal_actions():
        child = state.clone()
        child.log_enabled = False
        child.apply(action)
        if _same_decision(child, seat, kind):
            _atomic_outcomes(child, seat, kind, out)
        else:
            out.add(_outcome(child, seat))


def _whole_outcomes(state: State) -> set[str]:
    decision = state.pending_decision()
    assert decision is not None
    ranges = [range(c.count + 1) for c in decision.candidates]
    out = set()
    for counts in itertools.product(*ranges):
        chosen = {c.id: n for c, n in zip(decision.candidates, counts, strict=True) if n}
        try:
            check(decision, chosen)
        except IllegalAction:
            continue
        child = state.clone()
        child.log_enabled = False
        for name in steps(state, chosen):  # a set that passes the check always applies
            child.apply(name)
        out.add(_outcome(child, decision.seat))
    return out


def _small(decision: PendingDecision) -> bool:
    size = 1
    for c in decision.candidates:
        size *= c.count + 1
    return size <= 400


@pytest.mark.parametrize(("game_id", "players", "games"), [
    ("national-economy/mecenat", 2, 3), ("national-economy/glory", 3, 3),
    ("national-economy/progress", 1, 2), ("futuropia", 2, 3), ("futuropia", 3, 1),
])
def test_whole_sets_reach_exactly_the_atomic_outcomes(game_id: str, players: int,
                                                      games: int) -> None:
    """At every described decision of random games: each set the check accepts applies,
    and the whole sets reach exactly the outcomes the atomic steps reach."""
    rng = random.Random(game_id)
    compared = 0
    for seed in range(games):
        state = keizai.new_game(game_id, players, seed=seed)
        state.log_enabled = False
        while not state.is_over:
            decision = state.pending_decision()
            if decision is not None and _small(decision):
                assert decision.seat == state.current_player
                atomic: set[str] = set()
                _atomic_outcomes(state, decision.seat, decision.kind, atomic)
                assert _whole_outcomes(state) == atomic, decision.prompt
                compared += 1
            state.apply(rng.choice(state.legal_actions()))
    assert compared > 0


def test_games_without_compound_decisions_describe_none() -> None:
    """企業帝國's decisions are single choices (buying from another seat is one action)."""
    state = keizai.new_game("enterprise-empire", 2, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        assert state.pending_decision() is None
        state.apply(rng.choice(state.legal_actions()))
