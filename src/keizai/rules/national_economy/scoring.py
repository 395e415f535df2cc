"""Final scoring of National Economy (revival rulebook, Scoring)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from keizai.rules.national_economy.cards import FACILITY, ICON_BITS, Building

if TYPE_CHECKING:
    from keizai.rules.national_economy.state import NationalEconomyState, Player


def vp_card_points(cards: int) -> int:
    """10 points per full set of 3 VP cards, 1 per leftover card: 1→1, 3→10, 4→11, 6→20."""
    return 10 * (cards // 3) + cards % 3


def _icon_count(buildings: Sequence[Building], p: Player, bit: int) -> int:
    """How many of p's buildings show the icon `bit`."""
    count = 0
    for t in p.buildings:
        if buildings[t].icons & bit:
            count += 1
    return count


def _icon_value(buildings: Sequence[Building], p: Player, bit: int) -> int:
    """The asset value of p's buildings that show the icon `bit`."""
    value = 0
    for t in p.buildings:
        b = buildings[t]
        if b.icons & bit:
            value += b.value
    return value


def end_bonus(b: Building, p: Player, state: NationalEconomyState) -> int:
    """Points a building's end-of-game effect adds for its owner (VP doubling and the Law
    Office are applied by `score_player`). Counting loops, no list or closure per call:
    the solo planner's rollouts score a position at every candidate move."""
    bonus = b.end_bonus
    if bonus is None:
        return 0
    kind: str = bonus["kind"]
    points: int  # each kind's points, where it has any (not double_vp, cancel_unpaid)
    buildings = state.cards.buildings
    if kind == "hand_empty":
        met = p.hand_size == 0
    elif kind == "buildings_at_least":
        met = len(p.buildings) >= bonus["n"]
    elif kind == "icon_count_at_least":
        met = _icon_count(buildings, p, ICON_BITS[bonus["icon"]]) >= bonus["n"]
    elif kind == "icon_value_at_least":
        met = _icon_value(buildings, p, ICON_BITS[bonus["icon"]]) >= bonus["n"]
    elif kind == "has_icons":
        met = True
        for name in bonus["icons"]:
            if not _icon_count(buildings, p, ICON_BITS[name]):
                met = False
                break
    elif kind == "vp_at_least":
        met = p.vp >= bonus["n"]
    elif kind == "human_workers_at_least":
        met = p.workers >= bonus["n"]
    elif kind == "items_at_least":
        met = p.items >= bonus["n"]
    elif kind == "only_lock":
        met = _icon_count(buildings, p, FACILITY) == 1
    elif kind == "per_item":
        points = bonus["points"]
        return points * p.items
    elif kind == "per_building":
        points = bonus["points"]
        return points * len(p.buildings)
    elif kind == "per_worker":
        points = bonus["points"]
        return points * p.workers
    elif kind == "per_icon":
        points = bonus["points"]
        return points * _icon_count(buildings, p, ICON_BITS[bonus["icon"]])
    else:  # double_vp, cancel_unpaid: handled by score_player
        return 0
    return bonus["points"] if met else 0


def score_parts(state: NationalEconomyState, p: Player) -> tuple[int, int, int, int, int]:
    """p's score terms (buildings, bonuses, money, vp_cards, unpaid_wages), as
    `score_player` names them; their sum is the total."""
    buildings = state.cards.buildings
    value = 0
    bonuses = 0
    double = False
    cancelled = 0
    for t in p.buildings:
        o = buildings[t]
        value += o.value
        bonus = o.end_bonus
        if bonus:
            kind: str = bonus["kind"]
            if kind == "double_vp":
                double = True
            elif kind == "cancel_unpaid":
                cancelled += bonus["max"]
            bonuses += end_bonus(o, p, state)
    vp = vp_card_points(p.vp) * (2 if double else 1)
    unpaid_cards = max(0, p.unpaid - cancelled)
    unpaid: int = state.cards.setup["unpaid_wage_points"] * unpaid_cards
    return value, bonuses, p.money, vp, unpaid


def score_player(state: NationalEconomyState, p: Player) -> dict[str, int]:
    """p's score row: its parts (the page's score table and the log's final score show
    each), then its total. Progress has no VP cards (rulebook, Scoring: "for Mecenat or
    Glory"), so its row has no VP-card part, which would always say 0."""
    value, bonuses, money, vp, unpaid = score_parts(state, p)
    row = {"buildings": value, "bonuses": bonuses, "money": money}
    if state.cards.vp_cards:
        row["vp_cards"] = vp
    row["unpaid_wages"] = unpaid
    row["total"] = value + bonuses + money + vp + unpaid
    if state.num_players == 1:
        row["target"] = state.cards.solo_win_points
        row["won"] = int(row["total"] >= state.cards.solo_win_points)
    return row
