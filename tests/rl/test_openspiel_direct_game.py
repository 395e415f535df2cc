"""An OpenSpiel game built directly, `KeizaiSpielGame(params, game_id=...)`: the typed
way docs/rl.md gives a program checked with mypy (what `pyspiel.load_game` returns is
Any). It is the game `pyspiel.load_game` gives, and its parameters are checked as
`load_game` checks them."""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    import pyspiel
else:   # without open_spiel (the `rl` extra) these tests are skipped, saying why
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install 'keizai[rl]')")

from keizai.rl.observations import supported_games
from keizai.rl.openspiel_game import KeizaiSpielGame, KeizaiSpielState, openspiel_name


@pytest.mark.parametrize("game_id", supported_games())
def test_a_game_built_directly_is_the_game_load_game_gives(game_id: str) -> None:
    """docs/rl.md: "`KeizaiSpielGame(params)` built directly ... typed"; built so it
    failed with AttributeError ('KeizaiSpielGame' object has no attribute 'game_id'):
    only the per-game classes `register_all` makes know their game."""
    game = KeizaiSpielGame({"players": 3}, game_id=game_id)
    loaded = pyspiel.load_game(openspiel_name(game_id), {"players": 3})
    assert str(game) == str(loaded)
    assert game.get_type().short_name == openspiel_name(game_id)
    assert game.num_players() == 3
    state = game.new_initial_state()
    twin = loaded.new_initial_state()
    assert isinstance(state, KeizaiSpielState)
    for _ in range(40):
        action = state.legal_actions()[-1]
        state.apply_action(action)
        twin.apply_action(action)
    assert str(state) == str(twin)
    assert state.observation_tensor(1) == twin.observation_tensor(1)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copy) == str(state)


@pytest.mark.parametrize("params", [
    {"players": 3, "nope": 1},        # no such parameter
    {"players": 3.0},                 # a float where pyspiel takes an int
    {"players": "3"},
    {"players": True},                # a bool is no player count
    {"players": 2, "advanced": "yes"},
])
def test_a_game_built_directly_refuses_parameters_as_load_game_does(
        params: dict[str, object]) -> None:
    """Built directly, a game skipped pyspiel's check of its parameters: `nope=1` and
    `players=3.0` were taken, into a game string (`str(game)`, what a pickle holds) that
    pyspiel then refused to load again ("Unknown parameter", "Wrong type"); `"3"` was
    taken as 3. Refused with SpielError, as `pyspiel.load_game` refuses them, also by
    the class `pyspiel.load_game` builds (`type(game)(params)`)."""
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("keizai_futuropia", params)
    with pytest.raises(pyspiel.SpielError, match="parameter"):
        type(pyspiel.load_game("keizai_futuropia"))(params)
    with pytest.raises(pyspiel.SpielError, match="parameter"):
        KeizaiSpielGame(params, game_id="futuropia")


def test_a_game_built_without_its_id_says_which_is_missing() -> None:
    with pytest.raises(TypeError, match="game_id"):
        KeizaiSpielGame({"players": 2})
    with pytest.raises(KeyError, match="unknown game"):
        KeizaiSpielGame({"players": 2}, game_id="chess")
