"""A true/false option as a researcher's sweep holds it (`for corners in (np.True_,
np.False_)`, a mask's element): taken as the bool it is, as a NumPy whole number is for a
whole-number option; it was refused with "option 'choose_corners' must be true or false
(given: np.True_)". A NumPy bool is still no seed, even on NumPy before 2.0, which reads
it as 1."""

from __future__ import annotations

import json

import pytest

import keizai
from keizai.agents import make_agent
from keizai.engine import InvalidSetup

np = pytest.importorskip("numpy")

GAME = "enterprise-empire"


@pytest.mark.parametrize("value", [np.True_, np.False_, np.array(False), np.bool_(1)],
                         ids=["True_", "False_", "0-d array", "bool_(1)"])
def test_a_numpy_bool_option_is_its_bool(value: object) -> None:
    state = keizai.new_game(GAME, 2, seed=1, options={"choose_corners": value})
    same = keizai.new_game(GAME, 2, seed=1, options={"choose_corners": bool(value)})
    assert type(state.options["choose_corners"]) is bool
    assert json.dumps(state.record()) == json.dumps(same.record())


@pytest.mark.parametrize("value", [1, 0, np.int64(1), np.array([True]), "true", None],
                         ids=["1", "0", "int64", "array of one", "str", "None"])
def test_what_is_no_truth_value_is_still_refused(value: object) -> None:
    with pytest.raises(InvalidSetup, match="choose_corners"):
        keizai.new_game(GAME, 2, seed=1, options={"choose_corners": value})


class OldNumpyBool:
    """A bool as NumPy before 2.0 holds it: dtype kind "b", and an `__index__` that
    reads it as 1 (with a DeprecationWarning)."""

    dtype = np.dtype(bool)
    ndim = 0

    def __index__(self) -> int:
        return 1


def test_an_old_numpy_bool_is_no_game_seed() -> None:
    with pytest.raises(InvalidSetup, match="seed must be a whole number"):
        keizai.new_game(GAME, 2, seed=OldNumpyBool())


def test_an_old_numpy_bool_is_no_agent_seed() -> None:
    with pytest.raises(InvalidSetup, match="seed must be a whole number"):
        make_agent("random", seed=OldNumpyBool())
