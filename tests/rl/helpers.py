"""Shared helpers of the RL tests: random playouts through the engine contract."""

from __future__ import annotations

from collections.abc import Iterator

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
