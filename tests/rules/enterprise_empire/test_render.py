"""The terminal picture shows what a player needs, and no hidden card of another seat."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest

import keizai
from keizai.i18n import tr
from keizai.rules.enterprise_empire import render
from keizai.rules.enterprise_empire.state import MOVE
from keizai.rules.folding import columns
from tests.rules.enterprise_empire.helpers import (
    GAME,
    PARTS,
    deal_price_card,
    give,
    new_state,
    put_on_top,
    roll,
)


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_corners_on_the_board_and_in_its_legend_are_in_full_width_brackets(
        lang: str) -> None:
    """A 日本語 or 中文 board wrote its corners in half-width brackets (「 0 [A]」) and its
    legend quoted them (「[A]～[D] = 角」) beside full-width brackets everywhere else
    (docs/i18n.md); both write ［A］ now, in a cell as wide as before."""
    state = new_state(players=2, seed=0)
    lines = GAME.render_text(state.view(0), lang).splitlines()
    assert lines[0].startswith(" 0［A］") and lines[0].rstrip().endswith("9［B］")
    assert lines[18].startswith("27［D］") and lines[18].rstrip().endswith("18［C］")
    assert "［A］～［D］ = " in lines[20]
    assert not any("[A]" in line or "[D]" in line for line in lines)
    english = GAME.render_text(state.view(0), "en").splitlines()

    def columns(line: str, before: str) -> int:  # a full-width character takes two
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1
                   for c in line[:line.index(before)])
    # the cells after a corner keep their columns
    assert columns(lines[0], " 1 ") == columns(english[0], " 1 ")
    assert columns(lines[18], "26 ") == columns(english[18], "26 ")


def test_board_pawns_corners_and_tables_are_shown() -> None:
    state = new_state(players=3, seed=2)
    give(state, 0, "oil", 2)
    deal_price_card(state, 0, 700)
    deal_price_card(state, 1, 900)
    text = GAME.render_text(state.view(0))
    lines = text.splitlines()
    for index in (0, 9, 17, 18, 27, 35):
        assert f"{index:>2} " in text
    assert lines[0].startswith(" 0 [A]") and lines[0].rstrip().endswith("9 [B]")
    pawn_rows = "".join(lines[i] for i in range(1, 22, 2))
    for player in state.view(0)["players"]:
        assert player["pawn"][0].upper() in pawn_rows
    assert "D (unclaimed) $500" in text
    assert "materials: Oil 2" in text
    assert "your price cards: $700/7 spaces ×1" in text
    assert "$900" not in text  # P2's card is hidden from P1
    assert f"Demand card: {PARTS.materials[state.demand_pile[0]].short} " in text
    company = state.view(0)["players"][0]["company_card"]["id"]
    assert f"company card: {tr('ee.card.' + company, 'en')}: " in text


def test_offer_and_game_over_are_shown() -> None:
    state = new_state(players=2, seed=1)
    state.position[state.active] = 0
    put_on_top(state, 500)
    roll(state, 1)
    text = GAME.render_text(state.view(None))
    assert "On offer: Oil for $500 (a 5-space card)" in text
    assert f"P{state.active + 1} " in text.splitlines()[-1]
    assert text.splitlines()[-1].endswith("to decide (offer)")
    ended = new_state(players=2, seed=1, max_turns=1)
    while not ended.is_over:
        ended.apply("roll" if ended.phase == 0 else ended.legal_actions()[-1])
    # the winner is named once, by the final ranking below the table (keizai play)
    assert GAME.render_text(ended.view(1)).endswith(
        "Game over after 1 turn (safety limit: the richest wins)")


def test_game_over_counts_the_turn_the_game_ended_in() -> None:
    """A game won during a turn (cash or companies, before the safety limit) ended in that
    turn: one turn begins with each roll, so a game of 216 rolls ended in turn 216 (the
    board shows it as "Turn 216"), not "after 215 turns"."""
    state = new_state(players=2, seed=0)
    rolls = 0
    while not state.is_over:
        if state.phase == MOVE:
            rolls += 1
            state.apply("roll")
        else:
            state.apply(state.legal_actions()[-1])
    assert not state.capped and rolls > 1
    for lang, text in (("en", f"Game over after {rolls} turns"),
                       ("ja", f"{rolls}手番でゲーム終了"),
                       ("zh-TW", f"{rolls}回合後遊戲結束")):
        assert text in GAME.render_text(state.view(1), lang), lang


def test_the_table_reads_in_japanese_and_chinese() -> None:
    """Issue #15: the terminal table in the reader's language (corner letters A-D and the
    [x] marks are board symbols, not words)."""
    import re

    state = new_state(players=3, seed=2)
    give(state, 0, "oil", 2)
    deal_price_card(state, 0, 700)
    for lang, words in (("ja", ("銀行の原料", "需要カード", "あなたの価格カード")),
                        ("zh-TW", ("公區原料", "需求卡", "你的價格卡"))):
        text = GAME.render_text(state.view(0), lang)
        assert all(word in text for word in words), lang
        rest = re.sub(r"(?<![A-Za-z])(P[1-4]|[A-D]|x)(?![A-Za-z0-9])", "", text)
        assert not re.findall(r"[A-Za-z]+", rest), (lang, re.findall(r"[A-Za-z]+", rest))


def test_a_seat_that_cannot_afford_the_offer_is_told_so() -> None:
    """Issue 14: a player who cannot afford an offered card is told so (the offer skips
    them silently otherwise)."""
    state = new_state(players=2, seed=1)
    state.position[state.active] = 0
    other = 1 - state.active
    state.cash[other], state.cash[state.active] = 300, state.cash[state.active] + (
        state.cash[other] - 300)
    put_on_top(state, 500)
    roll(state, 1)
    text = GAME.render_text(state.view(None))
    assert f"cannot afford $500: P{other + 1} ($300)" in text


def test_a_game_the_turn_limit_ended_is_in_its_last_turn() -> None:
    """The replay steps by `Game.round_number`: a game the safety limit ended after its
    5th turn counted a 6th at its last position (the state counts the turns done), so
    the replay's step line said "turn 6" for a game of 5."""
    state = keizai.new_game("enterprise-empire", 2, seed=1, options={"max_turns": 5})
    chooser = random.Random(1)
    while not state.is_over:
        assert state.game.round_number(state) <= 5
        state.apply(chooser.choice(state.legal_actions()))
    assert state.view(0)["capped"] and state.game.round_number(state) == 5


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _legend(lang: str) -> str:
    """The legend's first item ("Dem = material demand")."""
    return keizai.i18n.tr("ee.tui.legend", lang).split(keizai.i18n.tr("list.sep", lang))[0]


def _board_cells(text: str, lang: str, cell: int) -> dict[tuple[int, int], tuple]:
    """The board drawn in `text` (the lines above its legend), read back cell by cell:
    (band, column) → (the space's number, its code, the pawns on it). A band of cells
    starts at a line with a space's number; its pawns are on the lines after the number
    and code (one line in a wide cell, two in a narrow one), as many as they need."""
    lines = text.splitlines()
    board = lines[:next(i for i, line in enumerate(lines) if line.startswith(_legend(lang)))]
    heading = 1 if cell == 8 else 2   # lines of number and code
    cells: dict[tuple[int, int], list[str]] = {}
    band, row = -1, 0
    for line in board:
        if any(c.isdigit() for c in line):
            band, row = band + 1, 0
        column = 0
        for char in line:
            # no character straddles two cells
            assert column // cell == (column + _columns(char) - 1) // cell, line
            parts = cells.setdefault((band, column // cell), [])
            parts += [""] * (row + 1 - len(parts))
            parts[row] += char
            column += _columns(char)
        row += 1
    read = {}
    for place, parts in cells.items():
        if not "".join(parts).strip():
            continue
        top = " ".join(parts[:heading]).strip()   # the number and the code
        number, code = (top.split(" ", 1) if " " in top else re.split(r"(?<=\d)(?=\D)", top))
        read[place] = (int(number), code.strip(), "".join(p.strip() for p in parts[heading:]))
    return read


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_board_fits_a_60_column_terminal(lang: str) -> None:
    """企業帝國's board was 78 columns wide whatever the terminal: in 60 columns (the
    terminal's narrow mode, where the help folds too) each row wrapped and the square fell
    apart. In fewer than 80 columns a cell is 6 columns, its number on a line above its
    code, so the board is 58 columns; in 80 it is as before. Both show every space with
    its number, its code and the pawns on it, in the same places."""
    state = new_state(players=4, seed=3)
    for seat, space in enumerate((0, 12, 12, 35)):
        state.position[seat] = space
    view = state.view(0)
    wide = GAME.render_text(view, lang, 80)
    assert wide == GAME.render_text(view, lang)
    narrow = GAME.render_text(view, lang, 60)
    legend = keizai.i18n.tr("ee.tui.legend", lang)
    for text, width, legend_lines in ((wide, 80, 1), (narrow, 60, 2)):
        # the board and its legend, which folds after a comma in 60 columns
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith(_legend(lang)))
        end = start + legend_lines
        assert max(_columns(line) for line in lines[:end]) <= width
        shown = " ".join(lines[start:end]) if lang == "en" else "".join(lines[start:end])
        assert shown == legend
    assert _columns(wide.splitlines()[0]) > 60
    cells = _board_cells(wide, lang, 8)
    assert _board_cells(narrow, lang, 6) == cells
    assert sorted(n for n, _, _ in cells.values()) == list(range(36))
    pawns = {n: p for n, _, p in cells.values() if p}
    assert sorted(pawns) == [0, 12, 35] and len(pawns[12]) == 2


@pytest.mark.parametrize("width", [40, 50, 59])
@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_board_too_wide_for_the_terminal_lists_its_spaces(lang: str, width: int) -> None:
    """Below 60 columns the square board (ten 6-column cells) still took 57-59 columns, so
    a 40- or 50-column terminal folded each of its rows. There the board lists its
    spaces in order, each side from its corner on a new line, folded between spaces: every
    space with its number, code and pawns, as the square shows them ("14 Res: G")."""
    state = new_state(players=4, seed=3)
    for seat, space in enumerate((0, 12, 12, 35)):
        state.position[seat] = space
    view = state.view(0)
    square = {n: (code, pawns)
              for n, code, pawns in _board_cells(GAME.render_text(view, lang, 80), lang,
                                                 8).values()}
    lines = GAME.render_text(view, lang, width).splitlines()
    board = lines[:next(i for i, line in enumerate(lines) if line.startswith(_legend(lang)))]
    assert max(_columns(line) for line in board) <= width
    listed = {}
    for entry in (e for line in board for e in re.split(r"\s{2,}", line.strip())):
        read = re.fullmatch(r"(\d+) ?(\S+?)(?:(?:: |：)(\S+))?", entry)
        assert read, entry
        number, code, pawns = read.groups()
        listed[int(number)] = (code, pawns or "")
    assert listed == square
    # the corners start the sides
    sides = [line for line in board if not line.startswith(" ")]
    corners = [tr("ee.tui.corner_cell", lang, index=i, letter=letter)
               for i, letter in ((0, "A"), (9, "B"), (18, "C"), (27, "D"))]
    assert len(sides) == 4 and all(map(str.startswith, sides, corners)), board


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_four_pawns_on_one_space_fit_its_cell(lang: str, width: int) -> None:
    """Four 日本語 or 中文 pawns (黄赤青緑, two columns each) on one space took 10 columns of
    an 8-column cell (and 8 of a 6-column one): the board's row ran past the terminal's
    edge, and in 60 columns three pawns filled a cell to its edge, so a fourth on the next
    space read as one of them (赤青緑黄). Pawns that do not fit a cell's line go on to
    the next line of that row: every line fits the terminal and each space's pawns read
    as its own, wherever they stand."""
    state = new_state(players=4, seed=3)
    view = state.view(0)
    marks = [keizai.i18n.tr(f"ee.pawn.{p['pawn']}", lang)[0].upper() for p in view["players"]]
    cell = 8 if width >= 80 else 6
    for space in range(36):
        for places in ([space] * 4, [space] * 3 + [(space + 1) % 36],
                       [(space + 35) % 36] + [space] * 3):
            for player, place in zip(view["players"], places, strict=True):
                player["position"] = place
            text = GAME.render_text(view, lang, width)
            assert max(_columns(line) for line in text.splitlines()[:20]) <= width, text
            pawns = {n: p for n, _, p in _board_cells(text, lang, cell).values() if p}
            expected: dict[int, str] = {}
            for mark, place in zip(marks, places, strict=True):
                expected[place] = expected.get(place, "") + mark
            assert pawns == expected, (places, text)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_buy_choice_names_the_material_and_its_price(lang: str) -> None:
    """The offer's menu read "Buy the material at the revealed price" / 「公開された価格で
    原料を買う」 beside "Pass": which material, for how much, was only in the table above
    (played in the terminal, 4 players, 日本語). The choice names them, as Futuropia's
    choices show what they cost (issue 14); in English by the whole word ("Real estate",
    not the tables' "RE"), and when the bank is out, on the choice to take it from a seat."""
    named = keizai.i18n.tr("ee.material.real_estate", lang)
    for bank_out in (False, True):
        state = new_state(players=2, seed=1)
        buyer = state.active
        if bank_out:   # the bank has none left: bought from the seat that holds it
            give(state, 1 - buyer, "real_estate", 3)
        state.position[buyer] = 11
        put_on_top(state, 500)
        roll(state, 1)   # to space 12, real estate
        view = state.view(buyer)
        assert view["offer"]["material"] == "real_estate"
        menu = {a.name: GAME.describe_action(view, a, lang) for a in state.legal_actions()}
        buy = menu[f"take-from:{1 - buyer}" if bank_out else "buy"]
        # the material's whole name (the English tables' column form is "RE")
        assert named in buy and "$500" in buy, menu
        assert menu["pass"] == keizai.i18n.tr("ee.action.pass", lang)


def test_a_players_place_names_the_space_in_english_as_in_japanese() -> None:
    """A seat's line read "corner B · on 10" in English (on what? the board's 10, a
    price, a turn?) where 日本語 and 中文 say 10番マス / 第10格; it says "on space 10"."""
    state = new_state(players=2, seed=1)
    state.position[state.active] = 10
    view = state.view(0)
    active = view["players"][state.active]
    texts = {lang: GAME.render_text(view, lang) for lang in ("en", "ja", "zh-TW")}
    assert f"corner {active['corner']} · on space 10 · " in texts["en"]
    assert "10番マス" in texts["ja"] and "第10格" in texts["zh-TW"]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("width", [60, 80, None])
def test_the_tables_fold_between_entries_at_the_terminal_s_width(
        lang: str, width: int | None) -> None:
    """Below a board that fits a 60-column terminal, the tables' lines took 62-102
    columns (a player's line with its group's two names, a company card's materials,
    the corners in 中文, a hand of price cards), and the terminal folded them inside an
    entry ("$600/6 spaces" on one line, "×1" on the next). They fold between entries at
    the width given (80 if none), with a hanging indent; every line fits, no entry is cut."""
    state = new_state(players=4, seed=1)
    rng = random.Random(1)
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions()))
    for price in (300, 500, 600, 700, 900):
        deal_price_card(state, state.active, price)
    view = state.view(state.active)
    text = GAME.render_text(view, lang) if width is None else \
        GAME.render_text(view, lang, width)
    lines = text.splitlines()
    assert max(columns(line) for line in lines) <= (width or 80), text
    me = next(p for p in view["players"] if "hand" in p)
    entries = [tr("ee.tui.price_card", lang, price=c["price"], steps=c["steps"],
                  count=c["count"]) for c in me["hand"]]
    for p in view["players"]:
        entries += [render._count(PARTS, m, n, lang) for m, n in p["materials"].items()]
        entries += [tr("ee.tui.place", lang, corner=p["corner"], position=p["position"])
                    .split(" · ")[1], f"${p['cash']}"] if p["corner"] is not None else []
        entries += [tr("ee.tui.need_have" if p["materials"].get(m) else "ee.tui.need_missing",
                       lang, name=render._named(PARTS, m, lang))
                    for m in p["company_card"]["materials"]]
    entries += [render._count(PARTS, m, n, lang) for m, n in view["bank_materials"].items()]
    assert len(me["hand"]) > 2
    for entry in entries:
        assert any(entry in line for line in lines), (entry, text)


def test_an_english_table_names_groups_and_companies_in_english_only() -> None:
    """The English table named a player's group and company card with their Chinese names
    beside the English ('P1 blue 領先運輸 Leading Transport', 'company card: 客運公司 Bus
    company'), where the English log and the catalogue say 'Leading Transport' and 'Bus
    company'; the names are the catalogue's in every language."""
    state = new_state(players=4, seed=2)
    text = GAME.render_text(state.view(0), "en")
    assert not any(unicodedata.east_asian_width(c) in "WF" for c in text), text
    view = state.view(0)
    for p in view["players"]:
        assert " " + tr("ee.group." + p["group"], "en") + " · " in text
    card = view["players"][0]["company_card"]
    assert "company card: " + tr("ee.card." + card["id"], "en") + ": " in text


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_cjk_board_names_each_space_by_a_word_a_reader_knows(lang: str) -> None:
    """The 日本語 board wrote 「不動」 for 不動産 (不動 alone is 'motionless'), 「需」 and
    「調」 for 原料需要 and 市場調査: a cut word and lone characters, explained only in
    part by the legend; the 繁體中文 board the same for 不動產, 原料需求, 市場調查. These
    spaces are now named by words of two characters that the legend under the board
    explains (「需要 = 原料需要」, 「土地 = 不動産」; 「需求 = 原料需求」, 「地產 = 不動產」);
    the others stay their material's name or its everyday short form (石油, 車, 航空)."""
    legend = tr("ee.tui.legend", lang)
    real_estate = next(i for i, m in enumerate(PARTS.materials) if m.id == "real_estate")
    named = {"material_demand": tr("ee.space.material_demand", lang),
             "market_research": tr("ee.space.market_research", lang)}
    for space in PARTS.board:
        if space.material == real_estate:
            full = tr("ee.material.real_estate", lang)
        elif space.kind in named:
            full = named[space.kind]
        else:
            continue
        code = render._space_code({"board": [space.kind]}, 0, lang)
        assert len(code) >= 2 and not full.startswith(code), (space.kind, code)
        assert f"{code} = {full}" in legend, (space.kind, code, legend)
