import pytest

from keizai.rl.rewards import final_rewards
from tests.rl.helpers import random_states


def finished(game_id: str, players: int, seed: int):
    *_, last = random_states(game_id, players, seed)
    return last


def test_score_diff_is_own_total_minus_the_others_mean():
    state = finished("national-economy/progress", 3, seed=8)
    totals = [row["total"] for row in state.scores()]
    rewards = final_rewards(state, "score_diff")
    assert rewards[0] == pytest.approx(totals[0] - (totals[1] + totals[2]) / 2)
    assert sum(rewards) == pytest.approx(0)


def test_win_loss_rewards_the_first_of_the_ranking():
    state = finished("national-economy/glory", 2, seed=3)
    rewards = final_rewards(state, "win_loss")
    winner = state.ranking()[0]
    assert rewards[winner] == 1 and rewards[1 - winner] == -1


def test_solo_rewards_use_the_target_score():
    state = finished("national-economy/progress", 1, seed=2)
    row = state.scores()[0]
    assert final_rewards(state, "score_diff") == [row["total"] - row["target"]]
    assert final_rewards(state, "win_loss") == [1.0 if row["won"] else -1.0]


def test_rewards_need_a_finished_game():
    state = next(random_states("national-economy/progress", 2, seed=1))
    with pytest.raises(ValueError, match="not over"):
        final_rewards(state)


class SharedWin:
    """A finished 4-seat game where seats 0 and 2 share the win."""

    is_over = True
    num_players = 4

    def scores(self):
        return [{"total": t} for t in (9, 5, 9, 1)]

    def winners(self):
        return [0, 2]


def test_shared_wins_share_the_reward():
    assert final_rewards(SharedWin(), "win_loss") == [0.5, -0.5, 0.5, -0.5]
