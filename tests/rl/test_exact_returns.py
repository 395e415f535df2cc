"""A zero-sum game's rewards sum to exactly 0.0, in any order a library adds them
(OpenSpiel's `std::accumulate` over `returns()`, a Python `sum`, numpy's pairwise sum):
one winner of four got +1 and -1/3 each, and 1 - 1/3 - 1/3 - 1/3 is 5.6e-17 in floats."""

from itertools import combinations, permutations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from keizai.rl.observations import supported_games
from keizai.rl.rewards import REWARD_KINDS, final_rewards
from tests.rl.helpers import random_states
from tests.tables import every_table, table_ids


def assert_sums_to_zero_in_every_order(rewards: list[float]) -> None:
    for order in permutations(rewards):
        total = 0.0
        for reward in order:
            total += reward
        assert total == 0.0, (rewards, order)
    assert float(np.sum(rewards)) == 0.0


class Finished:
    """A finished game of len(totals) seats with these totals and winners."""

    is_over = True

    def __init__(self, totals: list[int], winners: list[int]) -> None:
        self.totals, self.num_players, self._winners = totals, len(totals), winners

    def scores(self) -> list[dict[str, int]]:
        return [{"total": total} for total in self.totals]

    def winners(self) -> list[int]:
        return self._winners


SPLITS = [(players, list(winners)) for players in (2, 3, 4)
          for count in range(1, players + 1)
          for winners in combinations(range(players), count)]


@pytest.mark.parametrize(("players", "winners"), SPLITS)
def test_win_loss_sums_to_exactly_zero_for_every_split(players, winners):
    rewards = final_rewards(Finished([0] * players, winners), "win_loss")
    assert_sums_to_zero_in_every_order(rewards)
    # still a win/loss reward: the winners alike above the losers alike, within [-1, 1]
    won = {rewards[seat] for seat in winners}
    lost = {rewards[seat] for seat in range(players) if seat not in winners}
    assert len(won) == 1 and len(lost) <= 1
    assert all(-1 <= reward <= 1 for reward in rewards)
    assert not lost or won.pop() > lost.pop()


@given(st.lists(st.integers(-10**7, 10**7), min_size=2, max_size=4))
def test_score_diff_sums_to_exactly_zero(totals):
    rewards = final_rewards(Finished(totals, [0]), "score_diff")
    assert_sums_to_zero_in_every_order(rewards)
    # still a score difference: a higher total, a higher reward; equal totals, equal ones
    for a, b in combinations(range(len(totals)), 2):
        assert np.sign(rewards[a] - rewards[b]) == np.sign(totals[a] - totals[b])


TABLES = [(game_id, players) for game_id, players in every_table(supported_games())
          if players > 1]


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=table_ids(TABLES))
@pytest.mark.parametrize("kind", REWARD_KINDS)
def test_every_game_and_player_count_sums_to_exactly_zero(game_id, players, kind):
    for seed in range(3):
        *_, finished = random_states(game_id, players, seed, every=10**9)
        assert_sums_to_zero_in_every_order(final_rewards(finished, kind))


@pytest.mark.parametrize("game_id", supported_games())
def test_openspiels_returns_of_a_four_seat_game_sum_to_exactly_zero(game_id):
    """What OpenSpiel's ZERO_SUM promises an algorithm reading `state.returns()`."""
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from keizai.rl.openspiel_game import openspiel_name

    game = pyspiel.load_game(openspiel_name(game_id), {"players": 4})
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    rng = np.random.default_rng(7)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert_sums_to_zero_in_every_order(state.returns())
