"""Plain-text rendering of a National Economy view for the terminal."""

from __future__ import annotations

from typing import Any


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


def _card(card: dict[str, Any], cost_key: str = "cost") -> str:
    icons = "".join(i[0].upper() for i in card["icons"])
    tags = [f"cost {card.get(cost_key, card['cost'])}", f"value {card['value']}"]
    if icons:
        tags.append(icons)
    if card["no_sale"]:
        tags.append("no sale")
    return f"{card['name']} ({', '.join(tags)})"


def _workers(p: dict[str, Any], payday: bool) -> str:
    """ "3 workers: 1 still to place, 1 in training (works from next round)"."""
    total = p["workers"]
    text = f"{total} worker{'s' * (total != 1)}"
    parts = []
    if not payday:
        parts.append(f"{p['workers_ready']} still to place")
    if p["trainees"]:
        parts.append(f"{p['trainees']} in training (works from next round)")
    return text + (": " + ", ".join(parts) if parts else "")


def render(view: dict[str, Any], building_names: frozenset[str] = frozenset()) -> str:
    """The table as text; `building_names` tells a workplace apart from a building of
    the same name."""
    lines = []
    phase = view["phase"]
    lines.append(
        f"Round {view['round']}/{view['rounds']} · {phase} · wage ${view['wage']} per worker"
        f" · Budget ${view['budget']} · deck {view['deck_size']} cards"
        f" · start player {_seat(view['start_player'])}"
    )
    lines.append("Workplaces:")
    payday = phase == "payday"  # the workers are home: nobody stands on a workplace
    for i, w in enumerate(view["workplaces"], 1):
        who = "free" if payday else ", ".join(_seat(s) for s in w["workers"]) or "free"
        if w["sideways"]:
            who = "sideways (unusable until payday)"
        kinds = {"building": " (sold building)", "round": " (round card)"}
        name = w["name"] + kinds.get(w["kind"], "")
        if w["kind"] != "building" and w["name"] in building_names:
            name += " (the workplace)"  # Glory: the Relics workplace and Relics building
        lines.append(f"  {i:2}. {name:28} [{who}]  {w['text']}")
    for p in view["players"]:
        me = " (you)" if p["seat"] == view["seat"] else ""
        extras = []
        if view["vp_cards_in_game"]:
            extras.append(f"VP cards {p['vp_cards']}")
        if p["unpaid_wages"]:
            extras.append(f"unpaid wages {p['unpaid_wages']}")
        if p["dolls"]:
            extras.append(f"dolls {p['dolls']}")
        if p["brewery_items"]:
            extras.append(f"brewery {p['brewery_items']}")
        lines.append(
            f"{_seat(p['seat'])}{me}: ${p['money']} · {_workers(p, payday)} · hand "
            f"{p['hand_size']} ({p['consumer_items']} Consumer Items)"
            + "".join(f" · {e}" for e in extras)
        )
        for b in p["buildings"]:
            used = " [worker]" if b["used"] else ""
            lines.append(f"      building: {_card(b)}{used}")
        if "hand" in p:
            for c in p["hand"]:
                lines.append(f"      hand: {_card(c, 'cost_now')}  — {c['text']}")
            if p["consumer_items"]:
                lines.append(f"      hand: {p['consumer_items']} × Consumer Item")
    decision = view.get("decision")
    if decision and decision["kind"] == "pay":
        lines.append(f"Paying: {decision['cards_left']} card(s) left ({decision['reason']}).")
    if decision and decision["kind"] == "take":
        names = decision.get("revealed_names", decision["revealed"])
        lines.append("Revealed: " + ", ".join(names))
    if "scores" in view:
        lines.append("Scores:")
        for seat, row in enumerate(view["scores"]):
            parts = ", ".join(f"{k} {v}" for k, v in row.items() if k != "total")
            lines.append(f"  {_seat(seat)}: {row['total']} points ({parts})")
    return "\n".join(lines)
