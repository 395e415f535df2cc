"""A state and its clones play on apart, from many points of random games of every
edition and player count: each is checked against a replay of its own record, which
shares nothing with it. (tests/engine/test_conformance.py clones once per game; a clone
that shared a list the rules change in place shows here within a few moves.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

import keizai
from keizai.rules.national_economy.state import NationalEconomyState

CASES = [(edition, players) for edition in ("progress", "mecenat", "glory")
         for players in (1, 2, 3, 4)]


def signature(state: NationalEconomyState) -> Any:
    """Every list a clone could share by mistake, and the views of every seat."""
    return (
        [state.view(seat) for seat in (None, *range(state.num_players))],
        state.wp_key, state.wp_side, state.wp_who, state.chosen, state.revealed,
        state.sale_chosen, state.deck, state.discard,
        [(p.hand, p.buildings, p.built, p.money, p.items) for p in state.players],
    )


def replayed(state: NationalEconomyState) -> NationalEconomyState:
    fresh = keizai.replay(state.record())
    assert isinstance(fresh, NationalEconomyState)
    return fresh


def play(state: NationalEconomyState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_indices()))


@pytest.mark.parametrize(("edition", "players"), CASES,
                         ids=[f"{e}-{p}p" for e, p in CASES])
def test_a_state_and_its_clones_play_on_apart(edition: str, players: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = keizai.new_game(f"national-economy/{edition}", players, seed=seed)
        assert isinstance(state, NationalEconomyState)
        state.log_enabled = False
        step = 0
        while not state.is_over:
            if step % 4 == 0:
                twin = state.clone()
                play(twin, rng, rng.randint(1, 40))   # the clone moves on first ...
                assert signature(twin) == signature(replayed(twin))
                play(state, rng, 1)                   # ... then the state
                assert signature(state) == signature(replayed(state))
                play(twin, rng, 5)                    # and the clone again
                assert signature(twin) == signature(replayed(twin))
            else:
                play(state, rng, 1)
            step += 1
        assert signature(state) == signature(replayed(state))
