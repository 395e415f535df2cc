"""OpenSpiel's own checks of a game, beyond `random_sim_test`: its integration
`api_test` (the checks it runs on every registered game), its observer contract, its
playthrough generator, and pickling games and states across processes."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
import unittest
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pytest

if TYPE_CHECKING:
    import pyspiel
else:   # without open_spiel (the `rl` extra) these tests are skipped, saying why
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install 'keizai[rl]')")

from open_spiel.integration_tests import api_test  # type: ignore[import-untyped]
from open_spiel.python.algorithms import generate_playthrough, ismcts, mcts  # type: ignore[import-untyped]
from open_spiel.python.observation import make_observation  # type: ignore[import-untyped]

from keizai.rl.observations import encoder_for, supported_games
from keizai.rl.openspiel_game import openspiel_name
from tests.tables import every_table, table_ids

TABLES = every_table(supported_games())
ROOT = Path(__file__).resolve().parents[2]
Info = pyspiel.GameType.Information


def load(game_id: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game(openspiel_name(game_id), {"players": players})


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=table_ids(TABLES))
def test_openspiels_api_test_passes(game_id: str, players: int) -> None:
    """open_spiel/integration_tests/api_test.py's checks on 400 states of a random tree
    walk: sequence lengths, observations refusing a seat that is not the game's, legal
    actions empty for the seats not to act, and the public-only and private-only
    observations. The last two raised ValueError from make_py_observer (36 of 90 runs)."""
    random.seed(players)  # sample_some_states walks with the random module
    case = type("KeizaiAPITest", (api_test.EnforceAPIOnPartialTreeBase,), {
        "game_name": openspiel_name(game_id), "game": load(game_id, players)})
    result = unittest.TextTestRunner(stream=sys.stderr, verbosity=0).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(case))
    assert result.testsRun == 5
    assert not result.errors and not result.failures, (result.errors + result.failures)[0][1]


@pytest.mark.parametrize(("game_id", "players"),
                         [(game_id, 2) for game_id in supported_games()]
                         + [("national-economy/progress", 1)],
                         ids=lambda value: str(value))
def test_openspiels_games_sim_test_passes(game_id: str, players: int) -> None:
    """The simulation check OpenSpiel's own test suite runs on every registered game
    (python/tests/games_sim_test.py `sim_game`), which random_sim_test does not make: the
    game and its GameType pickled and equal, a clone equal to the state before and after
    each move, pyspiel serialization and pickling at moves 1, 2, 4, 8 …, and the utilities
    of the end within the game's bounds. Its warnings are errors."""
    from open_spiel.python.tests.games_sim_test import GamesSimTest  # type: ignore[import-untyped]

    np.random.seed(players)  # sim_game draws with NumPy's global generator
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        GamesSimTest().sim_game(load(game_id, players))


@pytest.mark.parametrize("game_id", supported_games())
def test_make_observation_gives_an_observer_or_none_for_every_type(game_id: str) -> None:
    """As OpenSpiel's built-in observers: the seat's observation and information state,
    None for a type the game does not provide (public-only or every seat's private
    information of a hidden-information game); a perfect-information game shows its
    observation as public and has no private information."""
    game = load(game_id, 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    size = encoder_for(game_id).size
    seat_own = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    seat_own.set_from(state, 0)
    assert seat_own.tensor.shape == (size,) and seat_own.string_from(state, 0)
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 1) == state.information_state_string(1)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    everyone = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    if game.get_type().information == Info.IMPERFECT_INFORMATION:
        assert public is None and private is None and everyone is None
    else:
        assert public.string_from(state, 0) == state.observation_string(0)
        assert private.string_from(state, 0) == "" and private.tensor.size == 0
        assert everyone.string_from(state, 1) == state.information_state_string(1)


def test_openspiels_playthrough_generator_runs() -> None:
    """generate_playthrough (OpenSpiel's regression text of a game) asks an
    imperfect-information game for its public and private observations: it failed with
    make_py_observer's ValueError."""
    text = generate_playthrough.playthrough(
        "keizai_national_economy_progress(players=2)", action_sequence=None,
        alsologtostdout=False, seed=0)
    assert "GameType.information = Information.IMPERFECT_INFORMATION" in text
    assert "ObservationTensor(0)" in text and "InformationStateString(1)" in text


def test_a_game_and_a_state_unpickle_in_a_fresh_process(tmp_path: Path) -> None:
    """pickle.dumps(game) raised PicklingError (the per-game class register_all makes is
    not found by name), and a pickled state failed to load in a process that had not
    called register_all() (a multiprocessing or Ray worker): "Unknown game". Importing
    the module registers the games, as OpenSpiel's own Python games do."""
    game = load("national-economy/mecenat", 3)
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[-1])
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    (tmp_path / "game.pkl").write_bytes(pickle.dumps(game))
    (tmp_path / "state.pkl").write_bytes(pickle.dumps(state))
    program = (
        "import pickle, sys\n"
        "game = pickle.load(open(sys.argv[1], 'rb'))\n"
        "state = pickle.load(open(sys.argv[2], 'rb'))\n"
        "print(game); print(state.history()); print(state.observation_tensor(1)[:20])\n")
    run = subprocess.run(
        [sys.executable, "-c", program, str(tmp_path / "game.pkl"), str(tmp_path / "state.pkl")],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.splitlines() == [
        str(game), str(state.history()), str(state.observation_tensor(1)[:20])]


def test_ismcts_replays_a_game_with_the_resampler_docs_rl_md_gives() -> None:
    """OpenSpiel's ISMCTSBot samples its root worlds with a system-seeded sampler of its
    own; with `set_resampler` given the bot's generator (docs/rl.md) the same seed plays
    the same game (resample_from_infostate draws only from the sampler it is given)."""
    game = load("national-economy/mecenat", 2)

    def play(seed: int) -> list[int]:
        rng = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4,
                               random_state=rng)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.rand))
        state = game.new_initial_state()
        while len(state.history()) < 40:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(bot.step(state))
        return state.history()

    assert play(3) == play(3)


def test_the_algorithms_keyed_by_the_information_state_string_run() -> None:
    """docs/rl.md: with no information-state tensor, OpenSpiel's algorithms keyed by the
    string still run: outcome-sampling MCCFR (its average policy answers for a seat's
    first decision) and the tabular Q-learner through rl_environment, a whole episode."""
    from open_spiel.python import rl_environment  # type: ignore[import-untyped]
    from open_spiel.python.algorithms import outcome_sampling_mccfr, tabular_qlearner

    game = load("national-economy/progress", 2)
    np.random.seed(0)  # MCCFR samples with NumPy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    solver.iteration()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    policy = solver.average_policy().action_probabilities(state)
    assert sorted(policy) == state.legal_actions() and sum(policy.values()) == pytest.approx(1)

    env = rl_environment.Environment(
        game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=1))
    learners = [tabular_qlearner.QLearner(seat, env.action_spec()["num_actions"])
                for seat in range(2)]
    step = env.reset()
    while not step.last():
        seat = step.observations["current_player"]
        step = env.step([learners[seat].step(step).action])
    for learner in learners:
        learner.step(step)  # learns from the end of the episode
    assert sum(step.rewards) == pytest.approx(0) and max(step.rewards) <= 1  # zero-sum


@pytest.mark.parametrize("game_id", supported_games())
def test_the_information_state_tensor_is_refused_as_openspiels_games_refuse_it(
        game_id: str) -> None:
    """The games provide no information-state tensor (docs/rl.md says why), yet
    `information_state_tensor(p)` gave an empty list and its shape [] (pyspiel's wrapper
    of Python games writes whatever tensor the perfect-recall observer has), so deep CFR,
    which sizes its networks by that list, trained on nothing without a word. OpenSpiel's
    own games without one (chess, go) raise SpielError; so do these, and the
    perfect-recall observer has no tensor (None, as make_observation's for those games)."""
    game = load(game_id, 2)
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for ask in (lambda: state.information_state_tensor(0), state.information_state_tensor,
                game.information_state_tensor_shape, game.information_state_tensor_size):
        with pytest.raises(pyspiel.SpielError, match="no information-state tensor"):
            ask()
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None and recall.dict == {}
    assert recall.string_from(state, 0) == state.information_state_string(0)
