"""check_invariants catches broken positions (no negative stock, beds ≥ residents,
≤ 7 generators, money only moved by the rules' amounts)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.rules.futuropia.helpers import new, set_gens


def _gift(state) -> None:
    state.res[0][0] += 1  # money from nowhere


@pytest.mark.parametrize("breakage", [
    lambda s: s.res[1].__setitem__(1, -1),                 # negative food
    lambda s: s.residents.__setitem__(0, 4),               # a resident without a bed
    lambda s: set_gens(s, 0, ["SF1", "SF2", "SP1", "F06", "F07", "P08", "P09", "P10"]),
    _gift,
    lambda s: s.house_supply.append(s.houses[0][0]),       # a house in two places
    lambda s: s.mk_marker.__setitem__(0, 7),               # marker off the track
])
def test_broken_positions_are_caught(breakage: Callable) -> None:
    """The conformance tests call check_invariants after every action; it must fail on
    each kind of corruption."""
    state = new(2)
    state.check_invariants()
    breakage(state)
    with pytest.raises(AssertionError):
        state.check_invariants()
