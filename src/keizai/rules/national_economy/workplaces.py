"""Workplaces compiled once per game and player count for the placement rules.

Listing the legal placements is the engine's hottest loop (every turn of every random
game and search rollout), so each workplace's capacity, token count and the cards and
money its effect needs are worked out here once instead of on every call.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from keizai.engine.pickling import pickle_by_fields
from keizai.rules.national_economy.actions import Layout, build_action_space
from keizai.rules.national_economy.cards import CardSet, card_set

# Workplace keys in the general row: initial k -> k, round face f -> FACE + f,
# building type t -> PUBLIC + t. Dense, so a key indexes a list.
FACE: Final = 8
PUBLIC: Final = 16
SIMPLE_STEPS = {"draw", "items", "vp", "gain", "discard", "start_player"}
AFTER_BUILD_STEPS = {"draw", "items", "vp", "draw_if_hand_empty"}
# How a placement's feasibility is judged beyond the cards and money it needs
SIMPLE: Final = 0
HIRE: Final = 1
BUILD_FULL: Final = 2
SPECIAL: Final = 3


@dataclass(frozen=True, slots=True)
class Spot:
    action: int  # the place:* action index
    name: str
    steps: tuple[Any, ...]
    requires: dict[str, Any]
    workers: int  # tokens placed at once
    multi: bool  # more workers may join while one stands here
    need_hand: int  # cards in hand the effect needs (for simple effects)
    need_budget: int  # money in the Budget the effect needs (for simple effects)
    check: int  # SIMPLE, HIRE (hire_to), BUILD_FULL (a cheap enough card) or SPECIAL
    hire_to: int  # HIRE: the worker count the effect raises you to (0: your limit)


def _needs(steps: tuple[Any, ...], requires: dict[str, Any]) -> tuple[int, int, int, int]:
    """(cards needed in hand, money needed in the Budget, check kind, hire target)."""
    if requires:
        return 0, 0, SPECIAL, 0
    if len(steps) == 1 and steps[0][0] == "hire":
        return 0, 0, HIRE, 0
    if len(steps) == 1 and steps[0][0] == "hire_up_to":
        return 0, 0, HIRE, steps[0][1]
    if (steps and steps[0][:2] == ("build", "full")
            and all(step[0] in AFTER_BUILD_STEPS for step in steps[1:])):
        return 0, 0, BUILD_FULL, 0
    need_hand = need_budget = 0
    gained = 0
    for step in steps:
        name = step[0]
        if name not in SIMPLE_STEPS:
            return 0, 0, SPECIAL, 0
        if name == "discard":
            need_hand = max(need_hand, step[1] - gained)
            gained -= step[1]
        elif name in ("draw", "items"):
            gained += step[1]
        elif name == "gain":
            need_budget += step[1]
    return need_hand, need_budget, SIMPLE, 0


def _spot(action: int, name: str, steps: tuple[Any, ...], requires: dict[str, Any],
          workers: int, multi: bool) -> Spot:
    need_hand, need_budget, check, hire_to = _needs(steps, requires)
    return Spot(action, name, steps, requires, workers, multi, need_hand, need_budget, check,
                hire_to)


def workplace_id(cards: CardSet, key: int) -> tuple[str, bool]:
    """The card id of the general-row workplace `key` and whether it is a sold building
    (for the log)."""
    if key < FACE:
        return cards.initial[key].id, False
    if key < PUBLIC:
        return cards.faces[key - FACE].id, False
    return cards.buildings[key - PUBLIC].id, True


def placed_card(cards: CardSet, where: int) -> str:
    """The card id of the place a worker went to (`where`, as the state keeps it): an own
    building (negative: -1 - its index in `cards.buildings`) or a general-row workplace."""
    return cards.buildings[-1 - where].id if where < 0 else workplace_id(cards, where)[0]


@cache
def compile_spots(game: str, players: int) -> tuple[tuple[Spot, ...], tuple[Spot, ...]]:
    """(general-row spots indexed by key, own-building spots indexed by building type)."""
    cards = card_set(game)
    if len(cards.initial) > FACE or len(cards.faces) > PUBLIC - FACE:
        raise ValueError(f"{game}: too many workplaces for the key layout")
    layout: Layout = build_action_space(cards)[1]
    many = players >= 3
    unused = _spot(-1, "unused", (), {}, 1, False)  # keys no workplace has
    general = [unused] * (PUBLIC + len(cards.buildings))
    for k, w in enumerate(cards.initial):
        general[k] = _spot(layout.place_initial + k, w.name_en, w.effect, {}, 1,
                           w.capacity == "any")
    for f, w in enumerate(cards.faces):
        multi = w.capacity == "any" or (w.capacity == "selling" and many)
        general[FACE + f] = _spot(layout.place_face + f, w.name_en, w.effect, {}, 1, multi)
    own = []
    for b in cards.buildings:
        general[PUBLIC + b.index] = _spot(layout.place_public + b.index,
                                          f"the public {b.name_en}", b.effect, b.requires,
                                          b.workers_required, False)
        own.append(_spot(layout.place_own + b.index, b.name_en, b.effect, b.requires,
                         b.workers_required, False))
    return tuple(general), tuple(own)


pickle_by_fields(Spot)
