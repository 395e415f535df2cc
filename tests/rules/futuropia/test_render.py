"""The terminal menu shows each Futuropia choice with its figures (issue 14), a house's in
the words the whole decision's list and the page use."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest

from keizai import terminal_decisions
from keizai.i18n import LANGUAGES, tr
from keizai.rules.folding import columns
from keizai.rules.futuropia import render
from keizai.rules.futuropia.names import view_house_message
from keizai.rules.futuropia.state import FuturopiaState
from tests.rules.futuropia.helpers import new, play


def _menu(state) -> dict[str, str]:
    view = state.view(state.current_player)
    return {a.name: state.game.describe_action(view, a) for a in state.legal_actions()}


def test_every_tile_shows_what_it_yields_and_costs() -> None:
    state = new(2)
    menu = _menu(state)
    assert "left: $4 food for $4 (2 sp -> 4)" in menu["action:food"]
    assert "your food run makes 3" in menu["action:food"]
    assert menu["action:subsidy"].endswith("($12)")
    assert "you have 3 energy" in menu["action:robots"]
    play(state, "action:invite")
    assert "feeding run needs 5 food, you have 3" in _menu(state)["invite:2"]
    play(state, "invite:5")
    assert _menu(state)["house:L01"] == "Buy the $1 house (1 bed) (energy 1, -1 VP)"


def _figures(line: str) -> list[str]:
    """The figures in a line's last brackets: "… ($1, energy 1, -1 VP)" -> its parts."""
    inside = re.search(r"[(（]([^(（]*)[)）]$", line)
    assert inside is not None, line
    return inside.group(1).split(tr("list.sep", _lang(line)))


def _lang(line: str) -> str:
    return "en" if line.isascii() else "ja"   # ja and zh-TW share their list.sep


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_house_reads_alike_in_the_menu_the_whole_list_and_the_table(lang: str) -> None:
    """The house step's menu said "VP -1" (「分數-1」) and "VP +0" where the whole
    decision's list and the page say "-1 VP" (「-1分」) and "0 VP": each figure of a house
    is the page's one form (whole_beds, whole_energy, whole_vp) in the menu and in the
    table's house supply alike."""
    state = new(2)
    play(state, "action:invite", "invite:5")
    view = state.view(state.current_player)
    menu = {a.name: state.game.describe_action(view, a, lang) for a in state.legal_actions()}
    decision = state.pending_decision()
    assert decision is not None
    listed = terminal_decisions.lines(decision, lang)[1:len(decision.candidates) + 1]
    whole = {c.id: line for c, line in zip(decision.candidates, listed, strict=True)}
    table = state.game.render_text(view, lang)
    for house in view["house_supply"]:
        figures_listed = _figures(whole[house["id"] + house["side"]])
        assert set(_figures(menu[f"house:{house['id']}"])) <= set(figures_listed), lang
        vp = house["vp"]
        figures = tr("list.sep", lang).join(
            [tr("whole_beds", lang, house["beds"]), tr("whole_energy", lang, house["energy"]),
             tr("whole_vp", lang, f"+{vp}" if vp > 0 else vp)])
        assert figures in table, (lang, figures)
    assert not any("+0" in line for line in menu.values())


def test_a_score_row_says_points_in_english_as_in_japanese_and_chinese() -> None:
    """The final table's English score row gave the total as a bare figure ("P1: 37
    (idle residents 30, …)") where 日本語 and 中文 say 点 / 分, and National Economy's
    row "points"."""
    import keizai

    state = new(2)
    state.final = True
    play(state, "stop", "stop")
    game = keizai.get_game("futuropia")
    total = state.view(None)["scores"][0]["total"]
    rows = {lang: game.render_text(state.view(None), lang) for lang in LANGUAGES}
    assert re.search(rf"^  P1: {total} points? \(idle residents ", rows["en"], re.M)
    assert f"P1：{total}点（" in rows["ja"] and f"P1：{total}分（" in rows["zh-TW"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("options", [{}, {"advanced": True, "houses": "B"}],
                         ids=["basic", "advanced"])
def test_a_house_in_the_table_is_named_as_its_choice(lang: str, options: dict) -> None:
    """The table's house supply named a house by its face id ("L13A", "S1B (special)")
    where its choice, the whole decision's list, the log and the page named it otherwise:
    a player in 日本語 or 中文 could not tell which line was which choice. Each house now
    opens with its price and kind, as its choice's name does: "$8 house" of "$8 house (5
    beds)", 住宅$8 of 住宅$8（ベッド5）, 房舍$8 of 房舍$8（5床）."""
    state = new(2, **options)
    if not options:
        play(state, "action:invite", "invite:5")
    view = state.view(state.current_player)
    head = tr("fu.tui.house_supply", lang, houses="")
    lines = state.game.render_text(view, lang).splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith(head))
    # the supply and the lines it folds into (a hanging indent of two)
    folded = [lines[start].removeprefix(head)]
    folded += [x.strip() for x in itertools.takewhile(lambda x: x.startswith("  "),
                                                      lines[start + 1:])]
    mark = tr("list.sep_long", lang).rstrip()
    entries = [e.strip() for e in "".join(folded).split(mark)]
    assert len(entries) == len(view["house_supply"])
    for house, entry in zip(view["house_supply"], entries, strict=True):
        name = entry.split(",")[0].split("、")[0]
        message = view_house_message(house)
        label = tr(message["id"], lang, **message["params"])
        assert label.startswith(name), (lang, entry, label)
        assert house["id"] + house["side"] not in entry, entry
        if house["special"]:
            assert ("special" if lang == "en" else "特殊") in entry, entry


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_community_without_houses_says_so(lang: str) -> None:
    """Before its opening purchase (advanced set-up) a community's houses line ended at
    its heading ("   houses: ", 「   住宅：」) as if something were missing; it says none,
    as the tiles-up line does."""
    state = new(2, advanced=True)
    view = state.view(state.current_player)
    assert any(not c["houses"] for c in view["communities"])
    lines = state.game.render_text(view, lang).splitlines()
    heading = tr("fu.tui.houses", lang)
    houses = [line for line in lines if line.startswith(heading)]
    assert heading + tr("fu.tui.none", lang) in houses
    assert all(line.strip() != heading.strip() for line in houses)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_generator_below_nothing_reads_as_paying_its_buyer(lang: str) -> None:
    """With the price marker past a cheap generator's printed price the buyer is paid
    (reference §7: "A negative price pays the buyer"), and the table, the menus and the
    log wrote it as a price: "costs $-2", "($-2)", "buys … for $-2" (価格$-1, を$-1で買う,
    以$-1購買; found in Futuropia games played in the terminal). Each now says who is
    paid how much, and no "$-" is left."""
    from keizai.rules.futuropia.data import FOOD

    state = new(2)
    state.mk_marker[FOOD] = 6   # F04, printed $4, now pays $2
    assert state.market_price(FOOD, False) == -2
    view = state.view(state.current_player)
    table = state.game.render_text(view, lang)
    tile = state.game.describe_action(view, next(a for a in state.legal_actions()
                                                 if a.name == "action:food"), lang)
    play(state, "action:food")
    view = state.view(state.current_player)
    buy = state.game.describe_action(view, next(a for a in state.legal_actions()
                                                if a.name == "buy:left"), lang)
    play(state, "buy:left")
    log = "\n".join(state.log(0, lang))
    for text in (table, tile, buy, log):
        assert "$-" not in text, text
        assert "$2" in text, text


def _played(seed: int, moves: int, **options: Any) -> FuturopiaState:
    """A four-player game `moves` random decisions in (seeded): communities with houses
    and generators bought, markets moved."""
    state = new(4, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [60, 80, None])
def test_the_table_s_lists_fold_between_entries_at_the_terminal_s_width(
        lang: str, width: int | None) -> None:
    """The house supply (about 600 columns in one line), a market's supply and a
    community's houses and generators were each a single line that the terminal folded
    where it reached its edge, so a house's price ended one line and its beds began the
    next. The renderer folds them between entries at the width it is given (80 if none),
    with a hanging indent; no entry is cut and every line fits, wide characters counted
    as two columns."""
    for state in (_played(3, 80), _played(5, 160, expert_tiles="random", houses="B")):
        view = state.view(state.current_player)
        text = state.game.render_text(view, lang) if width is None else \
            state.game.render_text(view, lang, width)
        lines = text.splitlines()
        assert max(columns(line) for line in lines) <= (width or 80), text
        houses = view["house_supply"] + [h for c in view["communities"] for h in c["houses"]]
        gens = [g for m in view["markets"].values() for g in m["supply"]]
        entries = [render._house(h, lang) for h in houses] + [
            tr("fu.tui.supply_gen", lang, gen=render._gen(g, lang), count=g["count"])
            for g in gens]
        entries += [render._gen(g, lang) for c in view["communities"] for g in c["generators"]]
        assert len(houses) > 10 and len(gens) > 10
        for entry in entries:
            assert any(entry in line for line in lines), (entry, text)
