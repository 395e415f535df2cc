"""A seat as a researcher's loop holds it (`for seat in np.arange(players)`): `view`,
`log`, `events` and `determinize` take NumPy's integers as the seat they are, in both
builds. The compiled build refused them with mypyc's "int or None object expected; got
numpy.int64"; plain Python took them and put np.int64 into the view, which json.dumps
then refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import keizai
from keizai.engine import Rng

np = pytest.importorskip("numpy")


@pytest.mark.parametrize("game", keizai.games())
def test_a_numpy_seat_sees_what_its_int_sees(game: str) -> None:
    state = keizai.new_game(game, 3, seed=4)
    for _ in range(20):
        state.apply(state.legal_indices()[0])
    for seat in np.arange(3):
        view = state.view(seat)
        assert view == state.view(int(seat))
        assert json.dumps(view) == json.dumps(state.view(int(seat)))
        assert state.log(seat) == state.log(int(seat))
        assert state.events_since(seat, 2) == state.events_since(int(seat), 2)
        sampled = state.determinize(seat, Rng(1))
        assert sampled.view(int(seat)) == state.view(int(seat))
        assert sampled.view(None) == state.determinize(int(seat), Rng(1)).view(None)


@pytest.mark.parametrize("seat", [np.int64(3), np.int64(-1), np.True_, 1.0, np.asarray([0])],
                         ids=["3", "-1", "numpy bool", "float", "1-d array"])
def test_what_is_no_seat_of_the_game_is_refused(seat: Any) -> None:
    state = keizai.new_game("national-economy/mecenat", 3, seed=4)
    for ask in (state.view, state.log, lambda s: state.determinize(s, Rng(1))):
        with pytest.raises(ValueError, match="seat must be one of the game's seats, 0 to 2"):
            ask(seat)
