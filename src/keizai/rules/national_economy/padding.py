"""How much padding a seat's National Economy message needs so that its length does not
tell its hand (`Game.view_padding`, `legal_room`, `decision_padding`,
`private_entry_room`).

The hand's building cards are the only hidden part of a seat's view; how many there
are is public (hand_size less consumer_items). Each hand entry is a card's whole face
plus its `cost_now`, so entries differ in length by card (a name, a text): the hand is
padded to that many entries of the widest card's length. On the seat's own turn its
moves name cards too: the cards it may build or pay (at most one move per kind of card
it holds), and the workplaces it may use (those on the table, a building's only if it
can build: a subset of all of them). Its payment lists the cards it may pay, and its log
the cards it drew (the others read how many).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from keizai.engine import Action, ActionSpace
from keizai.engine.decision import Candidate, PendingDecision
from keizai.engine.lengths import json_length, list_room
from keizai.i18n import Message, tr
from keizai.rules.national_economy.cards import CardSet, card_set
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


def _building_cards(view: dict[str, Any], seat: int) -> int:
    """How many building cards `seat` holds (public: its hand less its Consumer Items)."""
    row = view["players"][seat]
    return int(row["hand_size"]) - int(row["consumer_items"])


def _actions(space: ActionSpace, names: list[str]) -> list[Action]:
    return [a for a in map(space.by_name, names) if a is not None]


def legal_room(space: ActionSpace, cards: CardSet, view: dict[str, Any]
               ) -> list[tuple[list[Action], int]] | None:
    """The moves the deciding seat of `view` could have, from what everyone sees: a
    placement on any workplace of the table or building of its own, the building or
    payment of any kind of card (at most as many kinds as it holds building cards; while
    it builds two, the first set aside counts), either of Farm Village's options. None:
    the moves are public (a sale, a revealed card to take), or it is not the viewer's
    turn."""
    seat = view.get("seat")
    decision = view.get("decision")
    if seat is None or decision is None or decision["seat"] != seat:
        return None
    kind = decision["kind"]
    held = _building_cards(view, seat)
    kinds = len(cards.buildings)
    if kind == "place":
        names = {f"place:public:{w['id']}" if w["kind"] == "building" else f"place:{w['id']}"
                 for w in view["workplaces"]}
        names.update(f"place:own:{b['id']}" for b in view["players"][seat]["buildings"])
        actions = _actions(space, sorted(names))
        return [(actions, len(actions))]
    if kind == "build":
        builds = _actions(space, [f"build:{b.id}" for b in cards.buildings])
        return [(builds, min(held + len(decision["chosen"]), kinds))]
    if kind == "pay":
        groups = [(_actions(space, [f"pay:{b.id}" for b in cards.buildings]), min(held, kinds))]
        if view["players"][seat]["consumer_items"]:
            groups.append((_actions(space, ["pay:item"]), 1))
        return groups
    if kind == "option":   # Farm Village's, judged against the hand when one builds
        options = [a for a in space.actions if a.name.startswith("option:")]
        return [(options, len(options))]
    return None


@cache
def _widest_payment(edition: str, held: int) -> int:
    """The bytes of the widest card a payment may list, `held` of it (`decision_padding`)."""
    return max(json_length(Candidate(id=b.id, term=f"ne.card.{b.id}", action=f"pay:{b.id}",
                                     count=held, info={"cost": b.cost, "value": b.value}
                                     ).to_json())
               for b in card_set(edition).buildings)


def decision_padding(cards: CardSet, view: dict[str, Any], decision: PendingDecision
                     ) -> int:
    """A payment lists the cards the seat may pay: its candidates are padded to one per
    kind of card it could hold (as many as its building cards), each the widest card's
    counted as many as the cards; its Consumer Items are public. A sale is public: 0."""
    if decision.kind not in ("pay", "discard"):
        return 0
    held = _building_cards(view, decision.seat)
    widths = [_widest_payment(cards.game, held)] * min(held, len(cards.buildings))
    widths += [json_length(c.to_json()) for c in decision.candidates if c.id == "item"]
    room = 2 + sum(widths) + max(len(widths) - 1, 0)
    return room - json_length([c.to_json() for c in decision.candidates])


def widest_ids(cards: CardSet) -> tuple[str, str]:
    """The card whose id is the widest as JSON, and the one whose English name is."""
    return (max((b.id for b in cards.buildings), key=json_length),
            max((b.id for b in cards.buildings),
                key=lambda i: json_length(tr(f"ne.card.{i}"))))


def private_entry_room(widest: tuple[str, str], public: Message | str,
                       private: Message | str) -> list[Message | str]:
    """A seat's own draw names its cards; the others read how many (`n`): the widest it
    could be names that many of the widest card (by id, by English name)."""
    if isinstance(private, str) or isinstance(public, str) \
            or not private[0].startswith("ne.log.draws_cards"):
        return [private]
    n = int(public[1]["n"])
    return [(private[0], {**private[1], "cards": [card] * n}) for card in widest]


__all__ = ["decision_padding", "hand_padding", "legal_room", "private_entry_room",
           "widest_entry", "widest_ids"]
