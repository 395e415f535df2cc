"""Shared helpers of the RL tests: random playouts through the engine contract, and the
libraries' checkers run with their warnings as errors."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import keizai
from keizai.engine import Rng, State

NATIONAL_ECONOMY = ["national-economy/progress", "national-economy/mecenat",
                    "national-economy/glory"]


def random_states(game_id: str, players: int, seed: int, every: int = 7) -> Iterator[State]:
    """States along one seeded random game (every `every`-th decision, and the end)."""
    state = keizai.new_game(game_id, players=players, seed=seed)
    state.log_enabled = False
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        legal = state.legal_indices()
        state.apply_index(legal[rng.randbelow(len(legal))])
        step += 1
    yield state


# The library checkers' remarks that are advice about a sound design, each for a reason
# docs/rl.md gives; every other warning of a checker is an error in the tests.
CHECKER_ADVICE = (
    # Gymnasium: the observation Box is unbounded (scores go negative, amounts have no
    # printed maximum).
    r".*A Box observation space (minimum|maximum) value is -?infinity",
    # PettingZoo's state_test: the same of the global state (every seat's observation).
    r"Environment's (minimum|maximum) state space value is -?infinity",
    # PettingZoo: the observation is the {"observation", "action_mask"} Dict that
    # PettingZoo's own board games use (its checker names only its own games).
    r"Observation space for each agent probably should be",
    r"Observation is not a NumPy array",
)


@contextmanager
def warnings_as_errors() -> Iterator[None]:
    """Every warning raised inside is an error, except the advice above."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for advice in CHECKER_ADVICE:
            warnings.filterwarnings("ignore", message=advice)
        yield
