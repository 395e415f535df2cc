"""A compound decision's counts as a researcher's policy holds them (`dict(zip(ids,
counts))` over a NumPy array): taken as the ints they are, as an action index is; they were
refused with "not a chosen set: 'graveyard': np.int64(1)"."""

from __future__ import annotations

import json

import pytest

import keizai
from keizai.engine import IllegalAction
from keizai.engine.decision import apply_whole

np = pytest.importorskip("numpy")


def discarding() -> keizai.State:
    """The README's game after 12 moves: seat 0 discards 2 cards down to its hand limit."""
    state = keizai.new_game("national-economy/mecenat", players=3, seed=7)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    decision = state.pending_decision()
    assert decision is not None and {"graveyard", "shipyard"} <= {
        c.id for c in decision.candidates}
    return state


@pytest.mark.parametrize("make", [np.int64, np.int32, np.uint8, np.array],
                         ids=["int64", "int32", "uint8", "0-d array"])
def test_numpy_counts_choose_as_their_ints(make: type) -> None:
    state, same = discarding(), discarding()
    taken = apply_whole(state, {"graveyard": make(1), "shipyard": make(1)})
    assert taken == apply_whole(same, {"graveyard": 1, "shipyard": 1})
    assert json.dumps(state.record()) == json.dumps(same.record())


@pytest.mark.parametrize("count", [np.float64(1.0), np.True_, True, 1.0, "1",
                                   np.array([1])],
                         ids=["float64", "numpy bool", "bool", "float", "str", "array"])
def test_what_is_no_count_is_still_refused(count: object) -> None:
    state = discarding()
    before = json.dumps(state.record())
    with pytest.raises(IllegalAction, match="not a chosen set"):
        apply_whole(state, {"graveyard": count, "shipyard": 1})  # type: ignore[dict-item]
    assert json.dumps(state.record()) == before
