"""The terminal picture of a National Economy view says things plainly (issue 14)."""

from __future__ import annotations

from keizai.rules.national_economy.text import render
from tests.rules.national_economy.helpers import new, own, play, set_hand, stack_deck


def test_workers_are_described_plainly() -> None:
    """School: hire a worker who works from the next round."""
    state = new("mecenat", 2)
    play(state, "place:school")
    text = render(state.view(0))
    assert "P1 (you): $5 · 3 workers: 1 still to place, 1 in training (works from next " \
           "round)" in text
    assert "ready of" not in text


def test_payday_shows_no_worker_on_a_workplace() -> None:
    """Payday: the workers have come home; the table must not show them on workplaces."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["cathedral"] * 2, items=3)
    for _ in range(4):
        play(state, "place:mine")
    assert state.view(0)["phase"] == "payday"
    text = render(state.view(0))
    workplaces = text.split("Workplaces:")[1].split("\nP1")[0]
    assert "[P1" not in workplaces and "[P2" not in workplaces
    assert "still to place" not in text


def test_design_office_names_the_revealed_cards() -> None:
    """Design Office (Progress): reveal cards and keep one; no raw ids on the screen."""
    state = own("progress", "design_office")
    stack_deck(state, ["coffee_shop", "farm", "warehouse", "law_office", "orchard"])
    play(state, "place:own:design_office")
    assert state.view(0)["decision"]["kind"] == "take"
    text = render(state.view(0))
    assert "Revealed: Coffee Shop, Farm, Warehouse, Law Office, Orchard" in text
    assert "coffee_shop" not in text and "law_office" not in text
