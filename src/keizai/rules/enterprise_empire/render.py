"""Plain-text picture of a view for the terminal: the square board, then the tables, in
the reader's language (words from the message catalogue, keizai.i18n)."""

from __future__ import annotations

from typing import Any

from keizai.i18n import tr
from keizai.rules.enterprise_empire.data import Components
from keizai.rules.folding import LIST, columns, fold, words

CELL = 8  # terminal columns per board cell, where the terminal has room for them
# The narrower cell (a 60-column terminal): a space's number on a line above its code;
# a terminal narrower still lists the spaces (_listed)
NARROW_CELL = 6


def _pad(text: str, width: int) -> str:
    """`text` padded to `width` terminal columns (CJK characters take two)."""
    return text + " " * max(0, width - columns(text))


def _fit(text: str, width: int) -> str:
    """`text` cut to fewer than `width` columns, then padded to `width`."""
    while columns(text) > width - 1:
        text = text[:-1]
    return _pad(text, width)


def render_view(parts: Components, view: dict[str, Any], lang: str = "en",
                width: int = 80) -> str:
    """The board drawn in `width` terminal columns (listed below 60), then the tables."""
    lines = _board(parts, view, lang, width)
    sep = tr("list.sep", lang)
    lines += fold("", tr("ee.tui.legend", lang).split(sep), sep, width, 0)
    lines += _tables(parts, view, lang, width)
    return "\n".join(lines)


def _short(parts: Components, material: str, lang: str) -> str:
    if lang == "en":
        return next(m.short for m in parts.materials if m.id == material)
    return tr(f"ee.short.{material}", lang)


def _named(parts: Components, material: str, lang: str) -> str:
    """A material in the tables below the board: the English short form, the whole word in
    日本語 and 中文 (their two-character board forms cut words such as 不動産 / 不動產)."""
    if lang == "en":
        return _short(parts, material, lang)
    return tr(f"ee.material.{material}", lang)


def _count(parts: Components, material: str, n: int, lang: str) -> str:
    """A material and how many: "Oil 3", 「石油3」."""
    return tr("ee.tui.count", lang, name=_named(parts, material, lang), n=n)


def _space_code(view: dict[str, Any], index: int, lang: str) -> str:
    """A space's short code, the catalogue's `ee.code.<kind>` as the web board writes it:
    a supply space's material (the material its price card sells), 需求 and 調查 for the
    rulebook's 原料需求 and 市場調查."""
    return tr(f"ee.code.{view['board'][index]}", lang)


def _pawn(player: dict[str, Any], lang: str) -> str:
    return tr(f"ee.pawn.{player['pawn']}", lang)


def _rows_of(marks: list[str], room: int) -> list[str]:
    """Pawn marks in lines of at most `room` columns each (at least one line, maybe empty):
    four 日本語 or 中文 pawns, two columns each, take two lines of a cell."""
    rows = [""]
    for mark in marks:
        if rows[-1] and columns(rows[-1] + mark) > room:
            rows.append("")
        rows[-1] += mark
    return rows


def _cell(parts: Components, view: dict[str, Any], index: int, lang: str,
          cell: int) -> list[str]:
    """A board cell's lines, each `cell` columns: its number and code, then the pawns on
    it; in a narrow cell its number, its code, then the pawns. The pawns take as many
    lines as they need and end a column before the next cell where it does not start
    with an indent (so a space's pawns never run into the next space's)."""
    marks = _marks(view, index, lang)
    corner = next((c for c in view["corners"] if c["space"] == index), None)
    if cell < CELL:
        code = (tr("ee.tui.corner_code", lang, letter=corner["letter"])
                if corner is not None else _space_code(view, index, lang))
        return [_pad(f"{index:>2}", cell), _fit(code, cell),
                *(_pad(row, cell) for row in _rows_of(marks, cell - 1))]
    # a corner's letter in brackets, full-width in 日本語 and 中文 as their legend writes it
    top = (tr("ee.tui.corner_cell", lang, index=f"{index:>2}", letter=corner["letter"])
           if corner is not None else f"{index:>2} {_space_code(view, index, lang)}")
    return [_fit(top, cell), *(_pad(f"  {row}", cell) for row in _rows_of(marks, cell - 2))]


def _marks(view: dict[str, Any], index: int, lang: str) -> list[str]:
    """The pawns on space `index`, a letter (a character in 日本語 and 中文) each."""
    return [_pawn(p, lang)[0].upper() for p in view["players"] if p["position"] == index]


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


def _board(parts: Components, view: dict[str, Any], lang: str, width: int) -> list[str]:
    size = len(view["board"])
    grid = _ring(size)
    corners = [c["space"] for c in view["corners"]]
    if grid is None or corners != [i * (size // 4) for i in range(4)]:
        return [top + "".join(pawns).strip()
                for top, *pawns in (_cell(parts, view, i, lang, CELL) for i in range(size))]
    cell = CELL if width >= CELL * len(grid) else NARROW_CELL
    if cell * len(grid) > width:
        return _listed(parts, view, lang, width)
    lines = []
    for row in grid:
        cells = [[] if i is None else _cell(parts, view, i, lang, cell) for i in row]
        height = max(len(c) for c in cells)  # the lines of the row's most crowded cell
        lines += ["".join(c[line] if line < len(c) else " " * cell for c in cells).rstrip()
                  for line in range(height)]
    return lines


def _listed(parts: Components, view: dict[str, Any], lang: str, width: int) -> list[str]:
    """The board in a terminal too narrow for its square: its spaces in order, folded
    between them, each side from its corner on; a space's pawns after it ("11 Dem: G")."""
    corners = {c["space"]: c["letter"] for c in view["corners"]}
    sides: list[list[str]] = []
    for index in range(len(view["board"])):
        if index in corners or not sides:
            sides.append([])
        space = (tr("ee.tui.corner_cell", lang, index=index, letter=corners[index])
                 if index in corners else f"{index} {_space_code(view, index, lang)}")
        marks = "".join(_marks(view, index, lang))
        sides[-1].append(space + (tr("colon", lang) + marks if marks else ""))
    return [line for side in sides for line in fold("", side, "  ", width, 2)]


def _tables(parts: Components, view: dict[str, Any], lang: str, width: int) -> list[str]:
    """The tables below the board, their lists folded between entries at `width`."""
    players = view["players"]
    lines: list[str] = []
    sep, list_sep = tr("ee.tui.sep", lang), tr("list.sep", lang)
    corner_texts = []
    for corner in view["corners"]:
        owner = corner["owner"]
        who = tr("ee.tui.unclaimed", lang) if owner is None else \
            tr("ee.tui.owner", lang, seat=owner, pawn=_pawn(players[owner], lang))
        corner_texts.append(tr("ee.tui.corner", lang, letter=corner["letter"], who=who,
                               revenue=corner["revenue"]))
    lines += fold(tr("ee.tui.corners", lang), corner_texts, " · ", width, 2)
    lines += fold(tr("ee.tui.bank", lang, bank=LIST),
                  [_count(parts, m, n, lang) for m, n in view["bank_materials"].items()],
                  sep, width, 2)
    demand = view["demand"]
    lines += fold("", tr("ee.tui.demand", lang, short=_named(parts, demand["material"], lang),
                         n=view["price_pile"]).split(" · "), " · ", width, 2)
    for p in players:
        marker = ">" if p["seat"] == view["active"] else " "
        place = tr("ee.tui.no_corner", lang) if p["corner"] is None else \
            tr("ee.tui.place", lang, corner=p["corner"], position=p["position"])
        who = tr("ee.tui.player", lang, seat=p["seat"], pawn=_pawn(p, lang),
                 group=tr(f"ee.group.{p['group']}", lang))
        money = tr("ee.tui.money", lang, cash=p["cash"], companies=p["companies_founded"],
                   cards=p["price_cards"])
        lines += fold("", [f"{marker} {who}", *place.split(" · "), *money.split(" · ")],
                      " · ", width, 4)
        held = [_count(parts, m, n, lang) for m, n in p["materials"].items()]
        lines += fold(tr("ee.tui.materials", lang, held=LIST),
                      held or [tr("ee.tui.none", lang)], list_sep, width, 6)
        card = p["company_card"]
        if card is not None:
            needs = [tr("ee.tui.need_have" if p["materials"].get(m) else "ee.tui.need_missing",
                        lang, name=_named(parts, m, lang)) for m in card["materials"]]
            name = tr(f"ee.card.{card['id']}", lang)
            lines += fold(tr("ee.tui.company", lang, name=name, needs=LIST,
                             n=p["company_pile"]), needs, sep, width, 6)
        if "hand" in p:
            hand = [tr("ee.tui.price_card", lang, price=c["price"], steps=c["steps"],
                       count=c["count"]) for c in p["hand"]]
            lines += fold(tr("ee.tui.hand", lang, hand=LIST),
                          hand or [tr("ee.tui.none", lang)], list_sep, width, 6)
    offer = view["offer"]
    if offer is not None:
        lines += fold("", words(tr("ee.tui.offer", lang,
                                   short=_named(parts, offer["material"], lang),
                                   price=offer["price"], steps=offer["steps"])), "", width, 2)
        poor = [tr("ee.tui.poor", lang, seat=p["seat"], cash=p["cash"]) for p in players
                if p["cash"] < offer["price"]]
        if poor:
            lines += fold(tr("ee.tui.cannot_afford", lang, price=offer["price"], seats=LIST),
                          poor, list_sep, width, 6)
    if view["winner"] is not None:
        # The view counts the turns done: a game won during a turn ended in turn + 1 (as
        # the board counts it); the safety limit ends one after its last turn is done.
        key = "ee.tui.over_capped" if view["capped"] else "ee.tui.over"
        lines += fold("", words(tr(key, lang, turns=view["turn"] + (0 if view["capped"] else 1))),
                      "", width, 2)
        if not view["capped"]:  # the safety limit's line says why already
            lines += fold("", words(won_line(view, lang)), "", width, 2)
    else:
        seat = view["current_player"]
        phase = view["phase"] if lang == "en" else tr(f"ee_phase_{view['phase']}", lang)
        lines += fold("", words(tr("ee.tui.turn", lang, turn=view["turn"] + 1, seat=seat,
                                   pawn=_pawn(players[seat], lang), phase=phase)),
                      "", width, 2)
    return lines


def won_line(view: dict[str, Any], lang: str = "en") -> str:
    """Who won and why (four companies, the cash reached, the richest at the safety
    limit), in the log's words (ee.log.win_<why>): the end screen says it, not only the log."""
    winner = view["players"][view["winner"]]
    why = view["won_by"]
    n = winner["companies_founded"] if why == "companies" else winner["cash"]
    return tr(f"ee.log.win_{why}", lang, seat=winner["seat"], seat_pawn=winner["pawn"], n=n)


def describe_action(parts: Components, view: dict[str, Any], name: str, label: str,
                    lang: str = "en") -> str:
    """A menu line with the figure of the game's data its label leaves out: how far
    research jumps, which space a corner is, what an offer sells and for how much."""
    offer = view.get("offer")
    if name == "jump":
        extra = tr("ee.menu.jump", lang, n=parts.research_jump)
    elif name.startswith("corner:"):
        extra = tr("ee.menu.space", lang, n=parts.corner_spaces["ABCD".index(name[-1])])
    elif (name == "buy" or name.startswith("take-from:")) and isinstance(offer, dict):
        # the whole word, as the log names it (the tables' "RE" / "Stl" are for columns)
        extra = tr("ee.menu.offer", lang, name=tr(f"ee.material.{offer['material']}", lang),
                   price=offer["price"])
    else:
        return label
    return tr("ee.menu.line", lang, label=label, extra=extra)
