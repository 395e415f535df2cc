"""The games as OpenSpiel's C++ side sees them: a C++ game built on one (`cached_tree`,
`add_noise`), pyspiel's C++ observers (`game.make_observer`, `pyspiel._Observation`,
which `make_observation` uses for a game without a Python observer). pyspiel reaches a
Python game's tensors through its observers, not through the Python methods a
`KeizaiSpielState` overrides, so each path is checked against the Python side."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pytest

if TYPE_CHECKING:
    import pyspiel
else:   # without open_spiel (the `rl` extra) these tests are skipped, saying why
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install 'keizai[rl]')")

from open_spiel.python.observation import make_observation  # type: ignore[import-untyped]

from keizai.rl.observations import encoder_for, supported_games
from keizai.rl.openspiel_game import openspiel_name

INFO_STATE = pyspiel.IIGObservationType(perfect_recall=True)
SEAT_OBSERVATION = pyspiel.IIGObservationType(perfect_recall=False)
# C++ games that wrap another game and ask it for its tensors through C++
WRAPPERS = ("cached_tree(game={game})", "add_noise(game={game},epsilon=1.0,seed=1)")


def load(game_id: str, players: int = 2) -> pyspiel.Game:
    return pyspiel.load_game(openspiel_name(game_id), {"players": players})


def random_states(game: pyspiel.Game, seed: int, moves: int = 60) -> list[pyspiel.State]:
    """The states of a random line of play (chance outcomes drawn with their
    probabilities), decision nodes, chance nodes and the set-up's first included."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("game_id", supported_games())
@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_a_cpp_game_built_on_one_refuses_the_information_state_tensor(
        game_id: str, wrapper: str) -> None:
    """Found by loading the game inside OpenSpiel's C++ `cached_tree` and `add_noise`:
    they answered `information_state_tensor_shape()` with [] and every state's
    `information_state_tensor(p)` with an empty list, where the game itself refuses
    (SpielError, as chess does): pyspiel's C++ side does not call the Python methods
    that refuse, it writes the perfect-recall observer's tensor, and that observer wrote
    nothing. A C++ algorithm sizing a network by it would have trained on nothing."""
    game = load(game_id)
    wrapped = pyspiel.load_game(wrapper.format(game=game))
    assert not wrapped.get_type().provides_information_state_tensor
    with pytest.raises(pyspiel.SpielError, match="no information-state tensor"):
        wrapped.information_state_tensor_shape()
    with pytest.raises(pyspiel.SpielError, match="no information-state tensor"):
        wrapped.information_state_tensor_size()
    state = wrapped.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(pyspiel.SpielError, match="no information-state tensor"):
        state.information_state_tensor(0)
    assert state.information_state_string(0).startswith("seat 0: ")


@pytest.mark.parametrize("game_id", supported_games())
def test_the_information_state_observers_have_no_tensor_to_set(game_id: str) -> None:
    """As OpenSpiel's own games without the tensor (chess's `make_observation(game,
    INFO_STATE)`): tensor None, dict {}, the string given, and `set_from` refused with
    SpielError, from Python and from pyspiel's C++ `Observation`, which wrote nothing and
    said nothing before."""
    game = load(game_id)
    state = random_states(game, seed=0, moves=20)[-1]
    python_side = make_observation(game, INFO_STATE)
    cpp_side = pyspiel._Observation(game, game.make_observer(INFO_STATE, {}))
    assert python_side.tensor is None and python_side.dict == {}
    assert not cpp_side.has_tensor()
    for observer in (python_side, cpp_side):
        assert observer.string_from(state, 1) == state.information_state_string(1)
        with pytest.raises(pyspiel.SpielError, match="no information-state tensor"):
            observer.set_from(state, 1)


@pytest.mark.parametrize("game_id", supported_games())
def test_every_path_gives_the_python_sides_observation_tensor(game_id: str) -> None:
    """The seat's observation tensor is the encoder's, whichever way it is asked for:
    the state's `observation_tensor` (pyspiel's C++ default observer), the Python
    observer of `make_observation`, pyspiel's C++ `Observation` (its named pieces in the
    encoder's fields and order), a C++ game built on this one; and its shape is the
    encoder's size everywhere."""
    game = load(game_id, 3)
    encoder = encoder_for(game_id)
    wrapped = pyspiel.load_game(WRAPPERS[0].format(game=game))
    assert game.observation_tensor_shape() == wrapped.observation_tensor_shape() == [encoder.size]
    python_side = make_observation(game, SEAT_OBSERVATION)
    cpp_side = pyspiel._Observation(game, game.make_observer(SEAT_OBSERVATION, {}))
    assert [(info.name, info.shape) for info in cpp_side.tensors_info()] == [
        (field.name, [field.slice.stop - field.slice.start]) for field in encoder.fields]
    decisions = 0
    for state in random_states(game, seed=3):
        twin = wrapped.new_initial_state()
        for action in state.history():
            twin.apply_action(action)
        for seat in range(3):
            python_side.set_from(state, seat)
            cpp_side.set_from(state, seat)
            expected = (np.zeros(encoder.size, np.float32) if state.keizai_state is None
                        else encoder.observe(state.keizai_state, seat))
            for tensor in (state.observation_tensor(seat), twin.observation_tensor(seat),
                           python_side.tensor, np.frombuffer(cpp_side, np.float32)):
                np.testing.assert_array_equal(np.asarray(tensor, np.float32), expected)
            assert (cpp_side.string_from(state, seat) == python_side.string_from(state, seat)
                    == state.observation_string(seat) == twin.observation_string(seat))
        decisions += not state.is_chance_node()
    assert decisions > 10


@pytest.mark.parametrize("game_id", supported_games())
def test_make_observer_without_a_type_gives_the_seats_observation(game_id: str) -> None:
    """pyspiel's `game.make_observer(params)` (no observation type: the game's default,
    as `make_observation(game)` gives) failed with AttributeError "'dict' object has no
    attribute 'public_info'": pyspiel's C++ passes the parameters alone, as the first
    argument of `make_py_observer`. It is the seat's observation."""
    game = load(game_id)
    state = random_states(game, seed=1, moves=30)[-1]
    default = pyspiel._Observation(game, game.make_observer({}))
    default.set_from(state, 0)
    np.testing.assert_array_equal(np.frombuffer(default, np.float32),
                                  np.asarray(state.observation_tensor(0), np.float32))
    assert default.string_from(state, 0) == state.observation_string(0)
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        game.make_observer({"colour": True})


EVERY_TYPE = [pyspiel.IIGObservationType(perfect_recall=recall, public_info=public,
                                         private_info=private)
              for recall in (False, True) for public in (False, True)
              for private in (pyspiel.PrivateInfoType.NONE,
                              pyspiel.PrivateInfoType.SINGLE_PLAYER,
                              pyspiel.PrivateInfoType.ALL_PLAYERS)]


@pytest.mark.parametrize("game_id", supported_games())
def test_make_observer_of_a_type_not_provided_answers_none(game_id: str) -> None:
    """pyspiel's `game.make_observer(type, {})` of a type the game does not provide (the
    public-only one of a hidden-information game, every seat's private information)
    failed with AttributeError "'NoneType' object has no attribute 'set_from'": pyspiel
    wraps whatever `make_py_observer` answers and cannot wrap None. It answers None, as
    OpenSpiel's own C++ games of hidden information do (hearts, bridge, liars_dice) and
    as `make_observation` does; a type the game provides is the Python observer's."""
    game = load(game_id)
    state = random_states(game, seed=2, moves=30)[-1]
    not_provided = 0
    for iig_obs_type in EVERY_TYPE:
        python_side = make_observation(game, iig_obs_type)
        cpp_observer = game.make_observer(iig_obs_type, {})
        if python_side is None:
            assert cpp_observer is None
            not_provided += 1
            continue
        cpp_side = pyspiel._Observation(game, cpp_observer)
        assert cpp_side.string_from(state, 1) == python_side.string_from(state, 1)
    hidden = game.get_type().information != pyspiel.GameType.Information.PERFECT_INFORMATION
    assert (not_provided > 0) == hidden
