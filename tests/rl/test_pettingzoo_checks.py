"""PettingZoo's checks that step actions sampled without the mask (`state_test`,
`parallel_seed_test`): they pass on the wrapped environment whose illegal action ends the
game, as PettingZoo's own board games are wrapped (`TerminateIllegalWrapper`)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import parallel_seed_test, state_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

import keizai
from keizai.rl.observations import supported_games
from keizai.rl.pettingzoo_env import KeizaiAECEnv, env
from tests.rl.helpers import warnings_as_errors
from tests.tables import every_table, table_ids

TABLES = every_table(supported_games())


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=table_ids(TABLES))
def test_state_test_and_parallel_seed_test_pass_when_an_illegal_action_ends_the_game(
        game_id: str, players: int) -> None:
    def make() -> AECEnv[str, dict[str, Any], Any]:
        return env(game_id, players, illegal_reward=-1)

    with warnings_as_errors():  # ("Illegal move made" is PettingZoo's log, no warning)
        state_test(make(), turn_based_aec_to_parallel(make()), num_cycles=50)
        parallel_seed_test(lambda: turn_based_aec_to_parallel(make()), num_cycles=50)


def test_an_illegal_action_ends_the_game_with_the_illegal_reward_to_its_agent() -> None:
    wrapped = env("national-economy/mecenat", 3, illegal_reward=-1)
    wrapped.reset(seed=3)
    offender = wrapped.agent_selection
    obs, *_ = wrapped.last()
    assert obs is not None
    game = wrapped.unwrapped
    assert isinstance(game, KeizaiAECEnv)
    before = game.keizai_state.record()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert game.keizai_state.record() == before  # the game did not move
    finals = {}
    for agent in wrapped.agent_iter():
        _, reward, terminated, truncated, _ = wrapped.last()
        assert terminated and truncated
        finals[agent] = reward
        wrapped.step(None)
    assert finals == {a: (-1 if a == offender else 0) for a in wrapped.possible_agents}
    wrapped.reset(seed=3)  # a new game, played as any other
    assert wrapped.agents == wrapped.possible_agents


def test_without_illegal_reward_an_illegal_action_still_raises() -> None:
    wrapped = env("futuropia", 2)
    wrapped.reset(seed=1)
    obs, *_ = wrapped.last()
    assert obs is not None
    with pytest.raises(keizai.IllegalAction):
        wrapped.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
