"""A plain-text picture of a Futuropia view for the terminal."""

from __future__ import annotations

from typing import Any


def _gen(g: dict[str, Any]) -> str:
    return f"{g['id']} ({g['spaces']} space{'s' * (g['spaces'] > 1)} -> {g['output']})"


def _side(market: dict[str, Any], name: str) -> str:
    side = market[name]
    if side is None:
        return f"{name}: empty"
    return (f"{name}: {_gen(side)} costs ${side['cost']} "
            f"(printed ${side['price']}, {side['count']} left)")


def _house(h: dict[str, Any]) -> str:
    if h["name"] == "starting house":
        return f"starting house: beds {h['beds']} energy {h['energy']} VP {h['vp']:+d}"
    star = " (special)" if h["special"] else ""
    return (f"{h['id']}{h['side']}{star} ${h['price']} beds {h['beds']} "
            f"energy {h['energy']} VP {h['vp']:+d}")


def _subsidy(subsidy: dict[str, Any]) -> str:
    cells = []
    for i, value in enumerate(subsidy["track"]):
        cell = "." if value is None else str(value)
        cells.append(f"[{cell}]" if i == subsidy["position"] else cell)
    return " ".join(cells)


def render_text(view: dict[str, Any]) -> str:
    lines = []
    current = view["current_player"]
    decision = view["decision"]
    head = "FUTUROPIA"
    if view["final_phase"]:
        head += " - final phase"
    if current is not None:
        head += f" - P{current + 1}: {decision['phase']}"
        if "owed" in decision:
            head += f" ({decision['owed']} more for {decision['for']})"
        if "beds_to_buy" in decision:
            low, high = decision["beds_to_buy"]
            inviting = f"inviting {decision['inviting']}; " if decision["inviting"] else ""
            head += f" ({inviting}buy {low}-{high} more beds)"
    lines.append(head)
    if view["expert_tiles"]:
        lines.append("Expert tiles: " + "; ".join(f"{x['id']} {x['name']} ({x['change']})"
                                                   for x in view["expert_tiles"]))
    lines.append(f"Subsidy ${view['subsidy']['value']}: {_subsidy(view['subsidy'])}")
    for kind, market in view["markets"].items():
        supply = ", ".join(f"{_gen(g)} ${g['price']} x{g['count']}" for g in market["supply"])
        lines.append(f"{kind.capitalize()} market, marker -{market['marker']}/+{market['marker']}")
        lines.append(f"  {_side(market, 'left')}")
        lines.append(f"  {_side(market, 'right')}")
        lines.append(f"  supply: {supply or 'empty'}")
    houses = view["house_supply"]
    lines.append("House supply: " + ("; ".join(_house(h) for h in houses) or "empty"))
    for c in view["communities"]:
        mark = ">" if c["seat"] == current else " "
        status = " (finished)" if c["finished"] else ""
        lines.append(f"{mark}P{c['seat'] + 1}{status}: ${c['money']} food {c['food']} "
                     f"energy {c['energy']} loans {c['loans']}")
        lines.append(f"   residents {c['residents']} ({c['idle_residents']} idle), beds "
                     f"{c['beds']}, robots {c['robots']} ({c['robots_waiting']} waiting), "
                     f"house energy {c['house_energy']}")
        lines.append("   generators: " + ", ".join(
            f"{g['kind'][0].upper()} {_gen(g)}" for g in c["generators"]))
        runs = [f"{kind} {run['output']} ({', '.join(run['running']) or 'nothing runs'})"
                for kind, run in c["best_runs"].items()]
        lines.append("   best staffing: " + ", ".join(runs))
        lines.append("   houses: " + "; ".join(_house(h) for h in c["houses"]))
        tiles = ", ".join(c["tiles_face_up"]) or "none"
        if c["tiles_face_up"] and len(c["tiles_face_up"]) < 5 and not view["final_phase"]:
            tiles += f" (early refresh costs {c['refresh_cost']} resources)"
        lines.append("   tiles up: " + tiles)
    if "scores" in view:
        lines.append("Scores:")
        for seat, s in enumerate(view["scores"]):
            parts = ", ".join(f"{k} {v}" for k, v in s.items() if k != "total")
            lines.append(f"  P{seat + 1}: {s['total']} ({parts})")
        winners = ", ".join(f"P{seat + 1}" for seat in view["winners"])
        shared = " (shared)" if len(view["winners"]) > 1 else ""
        lines.append(f"Winners: {winners}{shared}")
    return "\n".join(lines)


def _me(view: dict[str, Any]) -> dict[str, Any] | None:
    current = view["current_player"]
    return next((c for c in view["communities"] if c["seat"] == current), None)


def describe_action(view: dict[str, Any], name: str, label: str) -> str:
    """A menu line with the figures of the tile or choice (issue 14: every Futuropia choice
    shows what it yields and costs), read from the view."""
    me = _me(view)
    if me is None:
        return label
    verb, _, arg = name.partition(":")
    extra = ""
    if verb == "action" and arg in ("food", "power"):
        market = view["markets"][arg]
        sides = [f"{side} {market[side]['id']} ${market[side]['cost']} "
                 f"({market[side]['spaces']} sp -> {market[side]['output']})"
                 for side in ("left", "right") if market[side] is not None]
        run = me["best_runs"][arg]["output"]
        extra = f"{'; '.join(sides) or 'market empty'}; your {arg} run makes {run}"
    elif verb == "action" and arg == "invite":
        extra = (f"{me['residents']} residents, {me['beds']} beds; feeding run needs one food "
                 f"each, you have {me['food']}")
    elif verb == "action" and arg == "robots":
        extra = (f"energy run needs robots + house energy {me['house_energy']}; you have "
                 f"{me['energy']} energy, {me['robots']} robots")
    elif verb == "action" and arg == "subsidy":
        extra = f"${view['subsidy']['value']}"
    elif verb == "refresh":
        extra = f"{me['refresh_cost']} resources"
    elif verb == "buy" and arg in ("left", "right"):
        market = view["markets"][view["decision"].get("market", "food")]
        side = market.get(arg)
        if side is not None:
            extra = f"{side['id']}: {side['spaces']} sp -> {side['output']}, ${side['cost']}"
    elif verb == "invite":
        n = int(arg)
        extra = f"feeding run needs {me['residents'] + n} food, you have {me['food']}"
    elif verb == "robots":
        n = int(arg)
        need = me["robots"] + n + me["house_energy"]
        extra = f"energy run needs {need}, you have {me['energy']}"
    elif verb == "house" and arg != "done":
        house = next((h for h in view["house_supply"] if h["id"] == arg), None)
        if house is not None:
            extra = (f"${house['price']}, energy {house['energy']}, VP {house['vp']:+d}"
                     + (", special" if house["special"] else ""))
    elif verb == "discard":
        gen = next((g for g in me["generators"] if g["id"] == arg), None)
        if gen is not None:
            extra = f"{gen['spaces']} sp -> {gen['output']}"
    elif verb == "pay":
        extra = f"you have {me[arg]}"
    return f"{label} ({extra})" if extra else label
