"""`keizai.engine.undo`: when a face may take a player's decision back (the terminal's `u`
and the web's undo share it)."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai.engine import IllegalAction, Rng, undo


def test_previous_decision() -> None:
    assert undo.previous_decision([0, 1, 1, 0, 1], 0) == 3
    assert undo.previous_decision([1, 1], 0) is None


def test_a_whole_decision_is_taken_back_whole() -> None:
    movers: list[int | None] = [0, 1, 0, 0, 0, 1]
    kinds = [None, None, None, "pay", "pay", None]
    # the last decision of seat 0 is the payment of steps 3-4, not just its last card
    assert undo.previous_decision(movers, 0, kinds) == 3
    assert undo.previous_decision(movers, 0) == 4


def test_news_to_the_undoing_seat_blocks_undo() -> None:
    # counters before each step: (reveals, own_hand_reveals)
    before = [(0, 0), (0, 0), (1, 0), (1, 0)]
    movers: list[int | None] = [0, 1, 0, 1]
    assert undo.nothing_revealed(before, movers, 0, 2, (1, 0))
    assert not undo.nothing_revealed(before, movers, 0, 1, (1, 0))   # a draw at step 1


def test_the_seats_own_hand_shown_does_not_block_its_undo() -> None:
    before = [(0, 0), (1, 1)]       # step 0: seat 0 built from its own hand
    movers: list[int | None] = [0, 1]
    assert undo.nothing_revealed(before, movers, 0, 0, (1, 1))
    # for seat 1 that card was news
    assert not undo.nothing_revealed(before, movers, 1, 0, (1, 1))
    # a card from seat 1's hand, shown in seat 1's decision, is news to seat 0
    assert not undo.nothing_revealed([(0, 0), (0, 0)], [0, 1], 0, 0, (1, 1))


@pytest.mark.parametrize("game_id", keizai.games())
def test_an_own_hand_reveal_shows_its_owner_nothing(game_id: str) -> None:
    """A step counted only as the mover's own hand shown (`own_hand_reveals`) shows the
    mover nothing hidden: on samples of what the mover cannot see, the same step gives the
    mover the same view. So undo past it does not let the mover peek."""
    checked = 0
    for seed in (1, 2, 3):
        state = keizai.new_game(game_id, 2, seed)
        chooser = random.Random(seed)
        for _ in range(150):
            if state.is_over:
                break
            mover = state.current_player
            action = chooser.choice(state.legal_actions())
            after = state.clone()
            after.apply(action.name)
            shown = after.reveals - state.reveals
            own = after.own_hand_reveals - state.own_hand_reveals
            assert own <= shown
            if own and own == shown:
                for sample in range(3):
                    other = state.determinize(mover, Rng(seed * 11 + sample))
                    try:
                        other.apply(action.name)
                    except IllegalAction:
                        continue
                    assert other.view(mover) == after.view(mover), (
                        f"{game_id}: {action.name} showed its mover something hidden")
                checked += 1
            state = after
    if game_id.startswith("national-economy"):
        assert checked > 5   # builds and payments were met and checked
