"""A seed as a researcher's program holds it: NumPy's integers deal the game of the
Python int they are (as the environments' `reset(seed=...)` takes them), kept in the
record as that int; anything that is no integer is refused as before."""

from __future__ import annotations

import json

import pytest

import keizai
from keizai.engine import InvalidSetup

np = pytest.importorskip("numpy")

GAME = "national-economy/mecenat"


@pytest.mark.parametrize("seed", [np.int64(7), np.int32(7), np.uint64(7), np.uint64(2**64 - 1)],
                         ids=["int64", "int32", "uint64", "uint64 max"])
def test_a_numpy_integer_seed_deals_the_game_of_its_int(seed: object) -> None:
    state = keizai.new_game(GAME, 2, seed=seed)  # type: ignore[arg-type]  # at run time
    same = keizai.new_game(GAME, 2, seed=int(seed))  # type: ignore[call-overload]
    assert state.view(0) == same.view(0) and state.view(1) == same.view(1)
    record = state.record()
    assert type(record["seed"]) is int
    assert json.loads(json.dumps(record)) == same.record()


@pytest.mark.parametrize("seed", [np.float64(7.0), np.True_, 7.0, "7", True],
                         ids=["float64", "numpy bool", "float", "str", "bool"])
def test_a_seed_that_is_no_integer_is_refused(seed: object) -> None:
    with pytest.raises(InvalidSetup, match="seed must be a whole number"):
        keizai.new_game(GAME, 2, seed=seed)  # type: ignore[arg-type]
