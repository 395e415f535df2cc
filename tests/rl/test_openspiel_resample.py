"""OpenSpiel's `ResampleInfostateTest` (open_spiel/tests/basic_tests.cc), which pyspiel
does not expose: at the decision nodes of random games, a world resampled for a seat
(`resample_from_infostate`, which OpenSpiel's Python ISMCTS draws its worlds with) has
the seat's information-state string and the player to act of the true state. Here also
what the seat sees there: its observation tensor and string, and, for the seat to act,
its legal actions, for every hidden-information game and player count."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np
import pytest

if TYPE_CHECKING:
    import pyspiel
else:   # without open_spiel (the `rl` extra) these tests are skipped, saying why
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install 'keizai[rl]')")

import keizai
from keizai.rl.observations import supported_games
from keizai.rl.openspiel_game import openspiel_name
from tests.tables import every_table, table_ids

HIDDEN = [game_id for game_id in supported_games()
          if keizai.get_game(game_id).has_hidden_information]
TABLES = every_table(HIDDEN)


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=table_ids(TABLES))
def test_a_resampled_world_looks_the_same_to_its_seat(game_id: str, players: int) -> None:
    game = pyspiel.load_game(openspiel_name(game_id), {"players": players})
    rng = np.random.default_rng(players)
    sampler = random.Random(players).random
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        for seat in range(players):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.current_player() == state.current_player()
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            if seat == state.current_player():
                assert world.legal_actions() == state.legal_actions()
        decisions += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 20
