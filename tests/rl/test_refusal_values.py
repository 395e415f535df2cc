"""The RL interfaces' refusals quote the value given as the engine's refusals do,
'(given: ...)' after the rule, and a NumPy value by what it holds: never NumPy's repr
('np.True_', 'np.int64(0)', 'array(2.5)'), which a researcher did not write (a count
taken from an array, SB3's action) and NumPy does not print."""

import numpy as np
import pytest

from keizai.engine import IllegalAction
from keizai.rl.actions import action_index
from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv
from keizai.rl.observations.base import seat_of
from keizai.rl.pettingzoo_env import env as aec_env

GAME = "futuropia"


def _refused():   # (untyped: the arguments are the wrong types on purpose)
    return {
        "num_envs=np.True_": (lambda: KeizaiVectorEnv(GAME, num_envs=np.True_), "true"),
        "num_envs=np.int64(0)": (lambda: KeizaiVectorEnv(GAME, num_envs=np.int64(0)), "0"),
        "num_envs=array(2.5)": (lambda: KeizaiVectorEnv(GAME, num_envs=np.array(2.5)), "2.5"),
        "max_episode_steps=np.int32(-2)": (
            lambda: KeizaiVectorEnv(GAME, num_envs=1, max_episode_steps=np.int32(-2)), "-2"),
        "final_records=np.int64(1)": (
            lambda: KeizaiVectorEnv(GAME, num_envs=1, final_records=np.int64(1)), "1"),
        "players=np.True_": (lambda: KeizaiGymEnv(GAME, players=np.True_), "true"),
        "players=np.float64(2.5)": (lambda: KeizaiGymEnv(GAME, players=np.float64(2.5)), "2.5"),
        "seat=np.int64(7)": (lambda: KeizaiGymEnv(GAME, seat=np.int64(7)), "7"),
        "seat_of(np.int8(5))": (lambda: seat_of(np.int8(5), 3), "5"),
        "illegal_reward=np.float32(nan)": (
            lambda: KeizaiGymEnv(GAME, illegal_reward=np.float32("nan")), "nan"),
        "illegal=np.str_('Lose')": (lambda: KeizaiGymEnv(GAME, illegal=np.str_("Lose")), "'Lose'"),
        "render_mode=np.str_('rgb')": (
            lambda: KeizaiGymEnv(GAME, render_mode=np.str_("rgb")), "'rgb'"),
        "aec render_mode=np.str_('rgb')": (
            lambda: aec_env(GAME, render_mode=np.str_("rgb")), "'rgb'"),
        "opponents=np.int64(3)": (lambda: KeizaiGymEnv(GAME, opponents=np.int64(3)), "3"),
        "opponents=[np.float64(1.5)]": (
            lambda: KeizaiGymEnv(GAME, opponents=[np.float64(1.5)]), "1.5"),
        "reset(options=...)": (
            lambda: KeizaiGymEnv(GAME).reset(options={"max_turns": 3}), "{'max_turns': 3}"),
    }


REFUSED = _refused()


@pytest.mark.parametrize("case", REFUSED)
def test_a_constructor_quotes_a_numpy_value_by_what_it_holds(case):
    call, written = REFUSED[case]
    with pytest.raises(ValueError) as raised:
        call()
    said = str(raised.value)
    assert said.endswith(f" (given: {written})"), said
    assert "np." not in said and "array(" not in said, said


@pytest.mark.parametrize(("action", "written"),
                         [(np.True_, "true"), (True, "true"), (np.float64(2.5), "2.5"),
                          (np.array(2.5), "2.5"), ("3", "'3'")],
                         ids=["np.True_", "True", "np.float64(2.5)", "array(2.5)", "'3'"])
def test_a_step_quotes_an_action_that_is_no_index_by_what_it_holds(action, written):
    with pytest.raises(IllegalAction) as raised:
        action_index(action)
    assert str(raised.value) == f"{written} is not an action index (an integer)"
