"""A player reads a Futuropia house as the rulebook names it, by its printed price and
beds ("the $3 house (2 beds)", 住宅$3（ベッド2）, 房舍$3（2床）), never by its tile id (L01,
S3; 住宅01 and 房舍01 were the id in other words). The ids stay in the actions, so records
and saves keep them."""

from __future__ import annotations

import random
import re

import pytest

from keizai.i18n import LANGUAGES, tr
from keizai.rules.futuropia.state import FuturopiaState
from tests.rules.futuropia.helpers import face, names, new, play

IDS = re.compile(r"\b[LS]\d{1,2}[AB]?\b|住宅\d|房舍\d")


def _seen(state: FuturopiaState, lang: str, width: int) -> str:
    """Everything the terminal shows of the position: the table, the menu, the whole
    decision's choices and prompt, and the log."""
    view = state.view(state.current_player)
    lines = [state.game.render_text(view, lang, width)]
    lines += [state.game.describe_action(view, a, lang) for a in state.legal_actions()]
    decision = state.pending_decision()
    if decision is not None:
        lines += [c.label_in(lang) for c in decision.candidates]
    return "\n".join([*lines, *state.log(lang=lang)])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_house_is_shown_by_its_tile_id(lang: str) -> None:
    seen = []
    for seed in (1, 2):  # special houses and the opening purchase; A and B sides
        state = new(4, seed=seed, advanced=True, houses="random")
        rng = random.Random(seed)
        for step in range(300):
            if state.is_over:
                break
            if step % 15 == 0 or any(a.startswith("house:") for a in names(state)):
                seen.append(_seen(state, lang, 80 if step % 2 else 50))
            state.apply(rng.choice(state.legal_actions()))
        seen.append(_seen(state, lang, 80))
    text = "\n".join(seen)
    assert IDS.search(text) is None, IDS.findall(text)[:10]
    name = tr("fu.house.name", lang, price=3, beds=2)
    assert name == {"en": "$3 house (2 beds)", "ja": "住宅$3（ベッド2）",
                    "zh-TW": "房舍$3（2床）"}[lang]
    assert tr("fu.action.house", lang) in text or tr("fu.menu.buy_house", lang, name="") in text
    assert tr("fu.house.special_name", lang, price=9, beds=5) in text  # seed 1's P4


def _buying_houses() -> FuturopiaState:
    """P2 buys houses for 2 new residents; the supply holds two tiles that look the
    same ($3, 2 beds, energy 1, 0 VP: L03's A side, L04's B side) and one like them
    but for its energy and points (L23's A side)."""
    state = new(2)
    play(state, "action:food", "buy:right", "action:invite", "invite:2")
    state.house_supply = [face("L01"), face("L03"), face("L04", "B"), face("L23"),
                          face("L05")]
    state._legal = None
    return state


@pytest.mark.parametrize("lang", LANGUAGES)
def test_houses_of_one_price_and_beds_are_told_apart_in_the_menu(lang: str) -> None:
    state = _buying_houses()
    view = state.view(1)
    menu = {a.name: state.game.describe_action(view, a, lang) for a in state.legal_actions()}
    assert not any(IDS.search(line) for line in menu.values()), menu
    # L03 and L23 share a name, their lines tell their energy and points; L04 is L03's
    # double, the same choice (the engine offers the first)
    assert "house:L04" not in menu
    name = tr("fu.house.name", lang, price=3, beds=2)
    assert name in menu["house:L03"] and name in menu["house:L23"]
    assert menu["house:L03"] != menu["house:L23"]
    # the whole decision takes the doubles as one choice of two copies
    decision = state.pending_decision()
    assert decision is not None
    candidates = decision.candidates
    same = next(c for c in candidates if "L03" in c.info["tiles"])
    assert same.count == 2 and same.label_in(lang) == name


def test_the_log_names_the_house_bought() -> None:
    state = _buying_houses()
    play(state, "house:L23")
    assert state.log(lang="en")[-1] == "P2 buys the $3 house (2 beds)."
    assert state.log(lang="ja")[-1] == "P2が住宅$3（ベッド2）を買う。"
    assert state.log(lang="zh-TW")[-1] == "P2購買房舍$3（2床）。"
