"""A player count as a researcher's sweep holds it (`for players in np.arange(2, 5)`): the
engine's `new_game` and a tournament take NumPy's integers as the int they are, as the
environments and the seed already did. They were refused with "the number of players must
be a whole number (given: np.int64(3))", which it is."""

from __future__ import annotations

import json

import pytest

import keizai
from keizai.engine import InvalidSetup
from keizai.sim.tournament import Tournament

np = pytest.importorskip("numpy")


@pytest.mark.parametrize("game", keizai.games())
def test_a_numpy_player_count_deals_the_game_of_its_int(game: str) -> None:
    for players in np.arange(2, 4):
        state = keizai.new_game(game, players, seed=5)
        same = keizai.new_game(game, int(players), seed=5)
        assert type(state.num_players) is int
        assert json.dumps(state.record()) == json.dumps(same.record())
        assert state.view(0) == same.view(0)


def test_a_tournament_takes_a_numpy_player_count() -> None:
    tournament = Tournament(game="national-economy/progress", players=np.int64(2),
                            agents=["random"], games=2)
    assert type(tournament.players) is int and tournament.players == 2


@pytest.mark.parametrize("players", [np.True_, True, np.float64(3.0), 3.0, "3",
                                     np.asarray([3])],
                         ids=["numpy bool", "bool", "float64", "float", "str", "1-d array"])
def test_a_player_count_that_is_no_integer_is_refused(players: object) -> None:
    with pytest.raises(InvalidSetup, match="the number of players must be a whole number"):
        keizai.new_game("futuropia", players, seed=1)  # type: ignore[arg-type]


def test_a_numpy_player_count_out_of_range_is_refused_as_an_int_is() -> None:
    with pytest.raises(InvalidSetup, match="is for 2-4 players, not 5"):
        keizai.new_game("futuropia", np.int64(5), seed=1)
