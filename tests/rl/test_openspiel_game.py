import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import keizai
from keizai.rl.observations import encoder_for, supported_games
from keizai.rl.openspiel_game import openspiel_name, register_all

NAMES = register_all()
CASES = [(openspiel_name(game_id), players) for game_id in supported_games()
         for players in range(keizai.get_game(game_id).min_players,
                              keizai.get_game(game_id).max_players + 1)]


def test_every_game_with_an_encoder_is_registered():
    assert sorted(NAMES) == sorted(openspiel_name(g) for g in supported_games())
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert register_all() == NAMES  # idempotent


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_random_sim_test(name, players):
    game = pyspiel.load_game(name, {"players": players, "seed": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_mcts_bot_plays_a_whole_game(name):
    """OpenSpiel's MCTS bot (searching sampled worlds consistent with its seat's view)
    against uniform random play; the game ends with zero-sum win/loss returns."""
    game = pyspiel.load_game(name, {"players": 2, "seed": 1})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == 0:
            action = bot.step(state.resample_from_infostate(0, rng.rand))
        else:
            action = rng.choice(legal)
        assert action in legal
        state.apply_action(action)
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_observations_come_from_the_seats_view():
    game = pyspiel.load_game(NAMES[0], {"players": 3, "seed": 5})
    state = game.new_initial_state()
    encoder = encoder_for(state.keizai_state.game.id)
    rng = np.random.RandomState(1)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    for player in range(3):
        tensor = np.asarray(state.observation_tensor(player))
        assert np.array_equal(tensor, encoder.observe(state.keizai_state, player))
        twin = state.resample_from_infostate(player, rng.rand)
        assert twin.observation_string(player) == state.observation_string(player)
        assert np.array_equal(np.asarray(twin.observation_tensor(player)), tensor)


def test_seed_stream_gives_reproducible_but_different_games():
    def first_games(seed):
        game = pyspiel.load_game(NAMES[0], {"players": 2, "seed": seed})
        return [game.new_initial_state().observation_string(0) for _ in range(3)]

    games = first_games(4)
    assert first_games(4) == games
    assert len(set(games)) == 3


def test_clones_are_independent():
    game = pyspiel.load_game(NAMES[0], {"players": 2})
    state = game.new_initial_state()
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.history() == [] and len(twin.history()) == 1
    assert state.keizai_state.history == []


def test_information_state_is_not_offered():
    game = pyspiel.load_game(NAMES[0])
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(ValueError, match="only the seat's observation"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
