"""States, their random generators and agents pickle and deep-copy in both builds.

Found by running the suite on the compiled build (the default install): mypyc builds an
object through `__init__` before restoring its attributes, so a state could not be sent
to a bot's worker process (every web bot fell back to random moves), OpenSpiel could not
serialize a state, and Gymnasium could not copy an agent opponent."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import keizai
from keizai.engine import Rng, SmallDraws


def _advanced(game_id: str, players: int, seed: int, steps: int) -> keizai.State:
    state = keizai.new_game(game_id, players, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply_index(chooser.choice(state.legal_indices()))
    return state


def _same_game(a: keizai.State, b: keizai.State, seed: int) -> None:
    """Both states are the same position and stay the same under the same moves."""
    chooser = random.Random(seed)
    for _ in range(60):
        assert a.legal_indices() == b.legal_indices()
        assert a.view(0) == b.view(0) and a.view(None) == b.view(None)
        assert a.log(0) == b.log(0)
        if a.is_over:
            break
        index = chooser.choice(a.legal_indices())
        a.apply_index(index)
        b.apply_index(index)
    assert a.scores() == b.scores()


@pytest.mark.parametrize("game_id", keizai.games())
@pytest.mark.parametrize("copier", [lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy],
                         ids=["pickle", "deepcopy"])
def test_a_state_pickles_and_copies_into_the_same_game(game_id: str, copier) -> None:
    state = _advanced(game_id, 2, 5, 40)
    twin = copier(state)
    assert twin is not state and twin.game is state.game
    assert twin.record() == state.record()
    _same_game(state, twin, 9)


def test_random_generators_pickle_and_copy_with_their_stream() -> None:
    rng = Rng(12)
    rng.next64()
    probe = rng.copy()
    expected = [probe.next64() for _ in range(3)]
    for twin in (pickle.loads(pickle.dumps(rng)), copy.deepcopy(rng)):
        assert [twin.next64() for _ in range(3)] == expected
    draws = SmallDraws(Rng(3))
    twin_draws = copy.deepcopy(draws)
    assert [draws.below(10) for _ in range(7)] == [twin_draws.below(10) for _ in range(7)]
