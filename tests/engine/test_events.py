"""The event log as a face reads it: the new entries alone (`events_since`) are exactly
what the whole log (`events`) holds from that point, private entries included."""

from __future__ import annotations

import random

import pytest

import keizai


@pytest.mark.parametrize("game", ["national-economy/glory", "futuropia", "enterprise-empire"])
def test_the_new_entries_are_the_tail_of_each_seats_log(game: str) -> None:
    """Found by profiling the web server: each broadcast rebuilt every seat's whole log to
    send its new entries, a cost growing with the game's length. The tail read alone must
    stay the same log for every seat and spectator, so no private entry leaks."""
    rng = random.Random(7)
    state = keizai.new_game(game, 3, seed=11)
    seen = {seat: 0 for seat in (None, 0, 1, 2)}
    for _ in range(300):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        assert state.event_count() == len(state.events(None))
        for seat, start in seen.items():
            assert state.events_since(seat, start) == state.events(seat)[start:]
            seen[seat] = state.event_count()
    assert state.event_count() > 0
