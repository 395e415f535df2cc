"""Final scoring of National Economy (revival rulebook, Scoring)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from keizai.rules.national_economy.cards import FACILITY, ICON_BITS, Building

if TYPE_CHECKING:
    from keizai.rules.national_economy.state import NationalEconomyState, Player


def vp_card_points(cards: int) -> int:
    """10 points per full set of 3 VP cards, 1 per leftover card: 1→1, 3→10, 4→11, 6→20."""
    return 10 * (cards // 3) + cards % 3


def end_bonus(b: Building, p: Player, state: NationalEconomyState) -> int:
    """Points a building's end-of-game effect adds for its owner (VP doubling and the Law
    Office are applied by `score_player`)."""
    bonus = b.end_bonus
    if bonus is None:
        return 0
    kind = bonus["kind"]
    buildings = state.cards.buildings
    owned = [buildings[t] for t in p.buildings]

    def icons(bit: int) -> list[Building]:
        return [o for o in owned if o.icons & bit]

    if kind == "hand_empty":
        met = p.hand_size == 0
    elif kind == "buildings_at_least":
        met = len(owned) >= bonus["n"]
    elif kind == "icon_count_at_least":
        met = len(icons(ICON_BITS[bonus["icon"]])) >= bonus["n"]
    elif kind == "icon_value_at_least":
        met = sum(o.value for o in icons(ICON_BITS[bonus["icon"]])) >= bonus["n"]
    elif kind == "has_icons":
        met = all(icons(ICON_BITS[name]) for name in bonus["icons"])
    elif kind == "vp_at_least":
        met = p.vp >= bonus["n"]
    elif kind == "human_workers_at_least":
        met = p.workers >= bonus["n"]
    elif kind == "items_at_least":
        met = p.items >= bonus["n"]
    elif kind == "only_lock":
        met = len(icons(FACILITY)) == 1
    elif kind == "per_item":
        return bonus["points"] * p.items
    elif kind == "per_building":
        return bonus["points"] * len(owned)
    elif kind == "per_worker":
        return bonus["points"] * p.workers
    elif kind == "per_icon":
        return bonus["points"] * len(icons(ICON_BITS[bonus["icon"]]))
    else:  # double_vp, cancel_unpaid: handled by score_player
        return 0
    return bonus["points"] if met else 0


def score_player(state: NationalEconomyState, p: Player) -> dict[str, int]:
    buildings = state.cards.buildings
    owned = [buildings[t] for t in p.buildings]
    kinds = {o.end_bonus["kind"] for o in owned if o.end_bonus}
    vp = vp_card_points(p.vp) * (2 if "double_vp" in kinds else 1)
    cancelled = 0
    for o in owned:
        if o.end_bonus and o.end_bonus["kind"] == "cancel_unpaid":
            cancelled += o.end_bonus["max"]
    unpaid_cards = max(0, p.unpaid - cancelled)
    row = {
        "buildings": sum(o.value for o in owned),
        "bonuses": sum(end_bonus(o, p, state) for o in owned),
        "money": p.money,
        "vp_cards": vp,
        "unpaid_wages": state.cards.setup["unpaid_wage_points"] * unpaid_cards,
    }
    row["total"] = sum(row.values())
    if state.num_players == 1:
        row["target"] = state.cards.solo_win_points
        row["won"] = int(row["total"] >= state.cards.solo_win_points)
    return row
