"""What one seat may know of a National Economy state, as a JSON-ready dict.

Public: everything on the table (workplaces and who is on them, buildings, money, VP,
Unpaid Wage cards, the face-up discard pile, Brewery items), the number of cards in each
hand and how many of them are Consumer Items (those are drawn and discarded openly).
Private: the building cards in a hand (only their owner sees them) and the deck order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from keizai.rules.national_economy.cards import Building
from keizai.rules.national_economy.state import (
    BUILD,
    OPTION,
    OVER,
    PAY,
    PAY_BUILD,
    PAY_LIMIT,
    PAYDAY,
    PLACE,
    SELL,
    TAKE,
    USED,
)
from keizai.rules.national_economy.workplaces import FACE, PUBLIC

if TYPE_CHECKING:
    from keizai.rules.national_economy.state import NationalEconomyState

ICON_NAMES = ("agriculture", "industry", "facility")
DECISIONS = {PLACE: "place", BUILD: "build", PAY: "pay", SELL: "sell", TAKE: "take",
             OPTION: "option"}


def card_json(b: Building, state: NationalEconomyState, owner: int | None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": b.id, "name": b.name_en, "name_ja": b.name_ja, "name_zh": b.name_zh,
        "cost": b.cost, "value": b.value,
        "icons": [name for bit, name in zip((1, 2, 4), ICON_NAMES, strict=True) if b.icons & bit],
        "no_worker": b.no_worker, "no_sale": b.no_sale, "text": b.text_en,
        # e.g. {"kind": "vp_at_least", "n": 5, "amount": 4}: faces show why a cost drops
        "reduction": dict(b.cost_reduction) if b.cost_reduction else None,
    }
    if owner is not None:
        entry["cost_now"] = state.cost(state.players[owner], b.index)
    return entry


def _workplaces(state: NationalEconomyState) -> list[dict[str, Any]]:
    cards = state.cards
    rows = []
    for key, who, side in zip(state.wp_key, state.wp_who, state.wp_side, strict=True):
        entry: dict[str, Any]
        if key < FACE:
            w = cards.initial[key]
            entry = {"kind": "initial", "id": w.id, "name": w.name_en, "name_ja": w.name_ja,
                     "name_zh": w.name_zh, "text": w.text_en, "capacity": w.capacity}
        elif key < PUBLIC:
            w = cards.faces[key - FACE]
            entry = {"kind": "round", "id": w.id, "name": w.name_en, "name_ja": w.name_ja,
                     "name_zh": w.name_zh, "text": w.text_en, "capacity": w.capacity}
        else:
            b = cards.buildings[key - PUBLIC]
            entry = {"kind": "building", **card_json(b, state, None), "capacity": "one"}
        entry["workers"] = list(who)
        entry["sideways"] = side
        rows.append(entry)
    return rows


def _decision(state: NationalEconomyState) -> dict[str, Any] | None:
    if state.phase == OVER:
        return None
    kind = DECISIONS.get(state.decision)
    if kind is None:
        return None
    entry: dict[str, Any] = {"seat": state.current, "kind": kind}
    if state.decision == PAY:
        entry["cards_left"] = state.pay_left
        entry["reason"] = ("hand limit" if state.pay_for == PAY_LIMIT
                           else "construction" if state.pay_for == PAY_BUILD else "effect")
        entry["building"] = [state.cards.buildings[t].id for t in state.chosen]
    elif state.decision == BUILD:
        entry["mode"] = state.build_mode if state.build_two is None else state.build_two
        entry["chosen"] = [state.cards.buildings[t].id for t in state.chosen]
    elif state.decision == SELL:
        entry["chosen"] = [state.cards.buildings[t].id for t in state.sale_chosen]
    elif state.decision == TAKE:
        entry["revealed"] = [state.cards.buildings[t].id for t in state.revealed]
        entry["revealed_names"] = [state.cards.buildings[t].name_en for t in state.revealed]
    return entry


def build_view(state: NationalEconomyState, seat: int | None) -> dict[str, Any]:
    cards = state.cards
    buildings = cards.buildings
    players = []
    for s, p in enumerate(state.players):
        row: dict[str, Any] = {
            "seat": s, "money": p.money, "workers": p.workers, "workers_ready": p.ready,
            "trainees": p.trainees, "dolls": p.dolls, "temp_workers": p.temps,
            "hand_size": p.hand_size, "consumer_items": p.items, "vp_cards": p.vp,
            "unpaid_wages": p.unpaid, "brewery_items": p.brew,
            "worker_limit": state._worker_limit(p), "hand_limit": state._hand_limit(p),
            "buildings": [{**card_json(buildings[t], state, None), "used": mark >= USED}
                          for t, mark in zip(p.buildings, p.built, strict=True)],
        }
        if s == seat:
            row["hand"] = [card_json(buildings[t], state, s)
                           for t, count in enumerate(p.hand) for _ in range(count)]
        players.append(row)
    discard_counts: dict[str, int] = {}
    for t in state.discard:
        discard_counts[buildings[t].id] = discard_counts.get(buildings[t].id, 0) + 1
    view: dict[str, Any] = {
        "game": state.game.id,
        "seat": seat,
        "players_count": state.num_players,
        "round": state.round,
        "rounds": len(cards.wages),
        "wage": cards.wages[state.round - 1],
        "phase": "over" if state.phase == OVER else "payday" if state.phase == PAYDAY
        else "action",
        "budget": state.budget,
        "start_player": state.start_player,
        "round_lead": state.round_lead,
        "current_player": state.current_player,
        "decision": _decision(state),
        "deck_size": len(state.deck),
        "discard_pile": discard_counts,
        "workplaces": _workplaces(state),
        "players": players,
        "vp_cards_in_game": cards.vp_cards,
    }
    if state.phase == OVER or state.num_players == 1:
        view["scores"] = state.scores()
    if state.phase == OVER:
        view["ranking"] = state.ranking()
    return view
