"""make_agent refuses a seed that is no integer with the reason, as a game does (it
raised "TypeError: int object expected; got str" from the compiled generator), and
takes NumPy's integers as the int they are."""

from __future__ import annotations

import pytest

import keizai
from keizai.agents import make_agent
from keizai.engine import InvalidSetup

np = pytest.importorskip("numpy")


@pytest.mark.parametrize("seed", ["1", 1.5, True, None])
@pytest.mark.parametrize("spec", ["random", "heuristic:epsilon=0.5", "mcts:iterations=5"])
def test_a_seed_that_is_no_integer_is_refused(spec: str, seed: object) -> None:
    with pytest.raises(InvalidSetup, match="seed must be a whole number"):
        make_agent(spec, seed=seed)  # type: ignore[arg-type]


def test_a_numpy_integer_seed_plays_as_its_int() -> None:
    state = keizai.new_game("futuropia", 2, seed=3)
    moves = [make_agent("random", seed=s).choose(state)
             for s in (np.int64(5), 5)]
    assert moves[0] == moves[1]
