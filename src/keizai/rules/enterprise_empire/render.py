"""Plain-text picture of a view for the terminal: the square board, then the tables."""

from __future__ import annotations

from typing import Any

from keizai.rules.enterprise_empire.data import Components

CELL = 8  # characters per board cell


def render_view(parts: Components, view: dict[str, Any]) -> str:
    lines = _board(parts, view)
    lines.append("Dem = material demand, Res = market research, [A]-[D] = corners")
    lines += _tables(parts, view)
    return "\n".join(lines)


def _space_code(parts: Components, view: dict[str, Any], index: int) -> str:
    kind = view["board"][index]
    for corner in view["corners"]:
        if corner["space"] == index:
            return f"[{corner['letter']}]"
    if kind == "material_demand":
        return "Dem"
    if kind == "market_research":
        return "Res"
    material = next(s.material for s in parts.board if s.kind == kind)
    return parts.materials[material].short


def _cell(parts: Components, view: dict[str, Any], index: int) -> tuple[str, str]:
    pawns = "".join(p["pawn"][0].upper() for p in view["players"] if p["position"] == index)
    top = f"{index:>2} {_space_code(parts, view, index)}"
    return top[:CELL - 1].ljust(CELL), f"  {pawns}".ljust(CELL)


def _ring(size: int) -> list[list[int | None]] | None:
    """Board indices on a square grid (clockwise from the top-left corner), if the
    board is a square ring with its corners at 0, side, 2·side and 3·side."""
    side = size // 4
    if size % 4 or side < 2:
        return None
    grid: list[list[int | None]] = [[None] * (side + 1) for _ in range(side + 1)]
    for i in range(size):
        leg, step = divmod(i, side)
        row, col = [(0, step), (step, side), (side, side - step), (side - step, 0)][leg]
        grid[row][col] = i
    return grid


def _board(parts: Components, view: dict[str, Any]) -> list[str]:
    size = len(view["board"])
    grid = _ring(size)
    corners = [c["space"] for c in view["corners"]]
    if grid is None or corners != [i * (size // 4) for i in range(4)]:
        return ["".join(_cell(parts, view, i)[0]) + _cell(parts, view, i)[1].strip()
                for i in range(size)]
    lines = []
    for row in grid:
        cells = [_cell(parts, view, i) if i is not None else (" " * CELL, " " * CELL)
                 for i in row]
        lines.append("".join(c[0] for c in cells).rstrip())
        lines.append("".join(c[1] for c in cells).rstrip())
    return lines


def _tables(parts: Components, view: dict[str, Any]) -> list[str]:
    short = {m.id: m.short for m in parts.materials}
    players = view["players"]
    lines = []
    corner_texts = []
    for corner in view["corners"]:
        owner = corner["owner"]
        who = "unclaimed" if owner is None else f"P{owner + 1} {players[owner]['pawn']}"
        corner_texts.append(f"{corner['letter']} ({who}) ${corner['revenue']}")
    lines.append("Corners (revenue notes): " + " · ".join(corner_texts))
    bank = " ".join(f"{short[m]} {n}" for m, n in view["bank_materials"].items())
    lines.append(f"Bank materials: {bank}")
    demand = view["demand"]
    lines.append(f"Demand card: {short[demand['material']]} · "
                 f"price pile: {view['price_pile']} cards face down")
    for p in players:
        marker = ">" if p["seat"] == view["active"] else " "
        place = "no corner yet" if p["corner"] is None else \
            f"corner {p['corner']} · on {p['position']}"
        lines.append(f"{marker} P{p['seat'] + 1} {p['pawn']} {p['group_name']} · {place} · "
                     f"${p['cash']} · "
                     f"{p['companies_founded']} companies · {p['price_cards']} price cards")
        held = ", ".join(f"{short[m]} {n}" for m, n in p["materials"].items()) or "none"
        lines.append(f"    materials: {held}")
        card = p["company_card"]
        if card is not None:
            needs = " ".join(f"{short[m]}[{'x' if p['materials'].get(m) else ' '}]"
                             for m in card["materials"])
            lines.append(f"    company card: {card['name']}: {needs} "
                         f"({p['company_pile']} more face down)")
        if "hand" in p:
            hand = ", ".join(f"${c['price']}/{c['steps']} steps ×{c['count']}"
                             for c in p["hand"]) or "none"
            lines.append(f"    your price cards: {hand}")
    offer = view["offer"]
    if offer is not None:
        lines.append(f"On offer: {short[offer['material']]} for ${offer['price']} "
                     f"(a {offer['steps']}-step card)")
        poor = [f"P{p['seat'] + 1} (${p['cash']})" for p in players
                if p["cash"] < offer["price"]]
        if poor:
            lines.append(f"    cannot afford ${offer['price']}: " + ", ".join(poor))
    if view["winner"] is not None:
        how = " (safety limit: richest)" if view["capped"] else ""
        lines.append(f"Game over after {view['turn']} turns: P{view['winner'] + 1} wins{how}")
    else:
        seat = view["current_player"]
        lines.append(f"Turn {view['turn'] + 1}: P{seat + 1} {players[seat]['pawn']} to decide "
                     f"({view['phase']})")
    return lines
