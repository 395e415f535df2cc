"""An action as a researcher's policy returns it: `State.apply` takes NumPy's integers (an
`argmax`, a sampled index, a 0-d integer array) as the legal index they are, as the
environments' `step` does; it refused them ("np.int64(3) is not an action") before.
Anything that is no integer, a bool included, is refused as before, and leaves the
state as it was."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import keizai
from keizai.engine import IllegalAction

np = pytest.importorskip("numpy")

GAME = "national-economy/mecenat"


@pytest.mark.parametrize("make", [np.int64, np.int32, np.uint16, np.intp, np.asarray],
                         ids=["int64", "int32", "uint16", "intp", "0-d array"])
def test_a_numpy_integer_plays_the_index_it_is(make: type) -> None:
    state = keizai.new_game(GAME, 3, seed=7)
    same = keizai.new_game(GAME, 3, seed=7)
    for _ in range(12):
        legal = state.legal_indices()
        index = legal[len(legal) // 2]
        state.apply(make(index))
        same.apply(index)
    assert state.record() == same.record()
    assert all(type(i) is int for i in state.history)


def test_an_argmax_over_the_mask_is_taken() -> None:
    from keizai.rl import action_mask

    state = keizai.new_game(GAME, 3, seed=7)
    seat = state.current_player
    assert seat is not None
    choice = np.argmax(action_mask(state, seat))
    state.apply(choice)
    assert state.history == [int(choice)]


@pytest.mark.parametrize("value", [np.True_, True, np.float64(1.0), 1.0, np.asarray([1]),
                                   np.asarray(True)],
                         ids=["numpy bool", "bool", "float64", "float", "1-d array",
                              "0-d bool array"])
def test_what_is_no_integer_is_refused_and_changes_nothing(value: object) -> None:
    state = keizai.new_game(GAME, 3, seed=7)
    before = state.record()
    with pytest.raises(IllegalAction, match="is not an action"):
        state.apply(value)
    assert state.record() == before


class OldNumPyBool:
    """np.True_ as NumPy before 2.0 made it: an index (1, with a DeprecationWarning)."""

    dtype = SimpleNamespace(kind="b")

    def __index__(self) -> int:
        return 1


def test_a_numpy_bool_is_refused_whatever_the_numpy_version() -> None:
    state = keizai.new_game(GAME, 3, seed=7)
    assert 1 in state.legal_indices()  # what it would have played
    with pytest.raises(IllegalAction, match="is not an action"):
        state.apply(OldNumPyBool())
    assert state.history == []


@pytest.mark.parametrize("value", [np.int64(-1), np.int64(10**6)], ids=["-1", "10**6"])
def test_a_numpy_integer_outside_the_action_space_is_refused(value: object) -> None:
    state = keizai.new_game(GAME, 3, seed=7)
    with pytest.raises(IllegalAction, match="has no move numbered"):
        state.apply(value)
    assert state.history == []


def test_a_numpy_integer_that_is_not_legal_now_is_refused() -> None:
    state = keizai.new_game(GAME, 3, seed=7)
    illegal = next(i for i in range(len(state.game.action_space))
                   if i not in state.legal_indices())
    with pytest.raises(IllegalAction):
        state.apply(np.int64(illegal))
    assert state.history == []
