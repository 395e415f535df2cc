"""The terminal menu shows each Futuropia choice with its figures (issue 14)."""

from __future__ import annotations

from tests.rules.futuropia.helpers import new, play


def _menu(state) -> dict[str, str]:
    view = state.view(state.current_player)
    return {a.name: state.game.describe_action(view, a) for a in state.legal_actions()}


def test_every_tile_shows_what_it_yields_and_costs() -> None:
    state = new(2)
    menu = _menu(state)
    assert "left F04 $4 (2 sp -> 4)" in menu["action:food"]
    assert "your food run makes 3" in menu["action:food"]
    assert menu["action:subsidy"].endswith("($12)")
    assert "you have 3 energy" in menu["action:robots"]
    play(state, "action:invite")
    assert "feeding run needs 5 food, you have 3" in _menu(state)["invite:2"]
    play(state, "invite:5")
    assert _menu(state)["house:L01"].endswith("($1, energy 1, VP -1)")
