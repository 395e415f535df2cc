import numpy as np
import pytest

from keizai.rl.actions import action_mask
from tests.rl.helpers import random_states


def test_mask_marks_exactly_the_legal_actions():
    for state in random_states("national-economy/mecenat", 3, seed=6, every=3):
        mask = action_mask(state)
        assert mask.shape == (state.game.num_distinct_actions,) and mask.dtype == np.int8
        assert list(np.flatnonzero(mask)) == sorted(state.legal_indices())
        if state.is_over:
            assert not mask.any()
        else:
            waiting = (state.current_player + 1) % 3
            assert not action_mask(state, waiting).any()


# --- what a research loop might pass as an action (QA) ------------------------------------
def test_a_non_integer_action_is_refused_not_truncated():
    """int(1.5) is 1 and int("3") is 3: a float from a policy head or a string used to be
    played as another action. Integers of any kind (numpy's included) are actions; the
    rest is refused with IllegalAction and the game is left as it was."""
    import numpy as np
    import pytest

    from keizai.engine import IllegalAction
    from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv
    from keizai.rl.pettingzoo_env import KeizaiAECEnv

    gym_env = KeizaiGymEnv("national-economy/progress", players=2, opponents=["random"])
    aec = KeizaiAECEnv("national-economy/progress", players=2)
    for bad in (1.5, 1.0, "1", True, np.float32(1), np.array([1]), None):
        obs, _ = gym_env.reset(seed=1)
        moves = len(gym_env.state.history)  # the opponent's, when the learner is seat 1
        with pytest.raises(IllegalAction, match="not an action index"):
            gym_env.step(bad)
        assert len(gym_env.state.history) == moves
        aec.reset(seed=1)
        with pytest.raises(IllegalAction, match="not an action index"):
            aec.step(bad)
        assert len(aec.keizai_state.history) == 0
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    for good in (legal, np.int64(legal), np.array(legal)):
        gym_env.reset(seed=1)
        gym_env.step(good)
        assert len(gym_env.state.history) > moves
    venv = KeizaiVectorEnv("futuropia", num_envs=2, players=2)
    venv.reset(seed=0)
    with pytest.raises(ValueError, match="2 actions"):
        venv.step(np.zeros(3, dtype=np.int64))


def test_openspiel_names_an_action_index_out_of_range():
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install 'keizai[rl]')")

    from keizai.engine import IllegalAction
    from keizai.rl.openspiel_game import register_all

    register_all()
    state = pyspiel.load_game("keizai_national_economy_progress", {"players": 2}
                              ).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = state.history()
    for bad in (10**6, 157):
        try:
            state.apply_action(bad)
        except IllegalAction as error:
            assert "out of range" in str(error)
        else:
            raise AssertionError("an index out of range was applied")
    assert state.history() == before


def test_the_mask_of_a_seat_that_is_not_the_games_is_refused():
    """action_mask(state, -1) was the acting seat's mask (-1 means "whoever acts" inside),
    and a seat past the last an all-zero mask, where the caller had the seat wrong."""
    state = next(random_states("national-economy/mecenat", 3, seed=6, every=3))
    for seat in (-1, 3, True, 0.0):
        with pytest.raises(ValueError, match="seat"):
            action_mask(state, seat)
    acting = state.current_player
    assert np.array_equal(action_mask(state, np.int64(acting)), action_mask(state, acting))
    assert np.array_equal(action_mask(state, acting), action_mask(state))
