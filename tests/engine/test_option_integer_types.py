"""A whole-number option as a researcher's sweep holds it (`for turns in np.arange(...)`):
taken as the int it is, as the seed and the player count are; it was refused with
"option 'max_turns' must be a whole number (given: np.int64(500))", which it is."""

from __future__ import annotations

import json

import pytest

import keizai
from keizai.engine import InvalidSetup

np = pytest.importorskip("numpy")

GAME = "enterprise-empire"


@pytest.mark.parametrize("make", [np.int64, np.int32, np.uint16], ids=["int64", "int32", "uint16"])
def test_a_numpy_whole_number_option_is_its_int(make: type) -> None:
    state = keizai.new_game(GAME, 2, seed=1, options={"max_turns": make(500)})
    same = keizai.new_game(GAME, 2, seed=1, options={"max_turns": 500})
    assert type(state.options["max_turns"]) is int
    assert json.dumps(state.record()) == json.dumps(same.record())


@pytest.mark.parametrize("value", [np.float64(500.0), np.True_, True, "500"],
                         ids=["float64", "numpy bool", "bool", "str"])
def test_what_is_no_whole_number_is_still_refused(value: object) -> None:
    with pytest.raises(InvalidSetup, match="max_turns"):
        keizai.new_game(GAME, 2, seed=1, options={"max_turns": value})


def test_a_numpy_whole_number_out_of_bounds_is_refused_as_an_int_is() -> None:
    with pytest.raises(InvalidSetup) as numpy_refused:
        keizai.new_game(GAME, 2, seed=1, options={"max_turns": np.int64(0)})
    with pytest.raises(InvalidSetup) as int_refused:
        keizai.new_game(GAME, 2, seed=1, options={"max_turns": 0})
    assert str(numpy_refused.value) == str(int_refused.value)
