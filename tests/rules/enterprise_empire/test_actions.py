"""The action space: fixed indices, stable names, identical price cards as one choice."""

from __future__ import annotations

from tests.rules.enterprise_empire.helpers import GAME, PARTS


def test_one_play_action_per_distinct_price_card() -> None:
    """Seed 2.(1)B: a price card moves its step count; identical cards are one choice."""
    plays = [a.name for a in GAME.action_space.actions if a.name.startswith("play:")]
    assert len(plays) == len(PARTS.price_kinds) == 8
    assert "play:500:5" in plays


def test_names_are_stable() -> None:
    names = [a.name for a in GAME.action_space.actions]
    assert names[0] == "roll"
    for name in ("buy", "pass", "jump", "stay", "take-from:3", "draw-from:0"):
        assert name in names
    take = GAME.action_space.by_name("take-from:2")
    assert take is not None and take.label == "Buy the material, taking it from P3"
