"""How much padding a seat's National Economy view needs so that its length does not
tell its hand (`Game.view_padding`).

The hand's building cards are the only hidden part of a seat's view; how many there
are is public (hand_size less consumer_items). Each hand entry is a card's whole face
plus its `cost_now`, so entries differ in length by card (a name, a text): the hand is
padded to that many entries of the widest card's length.
"""

from __future__ import annotations

from typing import Any

from keizai.engine.lengths import json_length, list_room
from keizai.rules.national_economy.state import NationalEconomyState
from keizai.rules.national_economy.view import card_json


def widest_entry(state: NationalEconomyState) -> int:
    """The bytes of the widest hand entry of `state`'s cards: each card at its full
    cost now (a reduction only lowers a cost, never below 0: the widest it can be)."""
    widths = []
    for b in state.cards.buildings:
        entry = card_json(b, state, None)
        entry["cost_now"] = b.cost
        widths.append(json_length(entry))
    return max(widths)


def hand_padding(view: dict[str, Any], widest: int) -> int:
    """The bytes the hand in seat `view["seat"]`'s view lacks of `widest`-byte entries
    (0: a spectator's view, which holds no hand)."""
    seat = view.get("seat")
    if seat is None:
        return 0
    hand = view["players"][seat].get("hand")
    if hand is None:
        return 0
    return max(list_room(len(hand), widest) - json_length(hand), 0)


__all__ = ["hand_padding", "widest_entry"]
