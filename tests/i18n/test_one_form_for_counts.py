"""A count is written one way wherever the player reads it. Found by session 32's
new-player pass in the terminal (h203, ja): the hand said 「消費財 × 2」 (ne.tui.items)
while a decision's list of the same cards said 「消費財×2」 (tdec.many), and English
"2 × Consumer Item" beside "Consumer Item ×2"; and Futuropia's log said
「P1の食料稼働で食料6を産出。」, 食料 twice (the run's kind, then what it made), and
zh-TW's 「P1的食物生產運轉產出6份食物。」 食物 twice (824b7c9 left it)."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.rules.futuropia.helpers import new, play
from tests.rules.national_economy.test_text import _mid_game

LANGS = ("en", "ja", "zh-TW")


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_counts_consumer_items_as_a_decision_lists_them(lang: str) -> None:
    state = _mid_game("mecenat", 3)
    view = state.view(state.current_player)
    me = next(p for p in view["players"] if "hand" in p)
    me["consumer_items"] = 2
    listed = tr("consumer_item", lang) + tr("tdec.many", lang, n=2)   # terminal_decisions
    assert tr("ne.tui.items", lang, n=2) == listed
    assert listed in state.game.render_text(view, lang, 80), listed


@pytest.mark.parametrize(("lang", "made", "food", "power"), [
    ("ja", "を産出", "食料", "エネルギー"),
    ("zh-TW", "份", "食物", "電力"),   # 「P1的食物生產運轉產出6份食物。」 said 食物 twice
])
def test_a_run_says_food_once(lang: str, made: str, food: str, power: str) -> None:
    state = new(2)
    play(state, "action:food", "buy:right", "action:power", "buy:none")
    runs = [line for line in state.log(0, lang) if made in line]
    assert len(runs) == 2, runs
    for line in runs:
        assert line.count(food) <= 1 and line.count(power) <= 1, line
    assert any(food in line for line in runs) and any(power in line for line in runs)


def test_a_set_of_copies_reads_as_the_page_counts_them() -> None:
    """The terminal's English sets read "2 × Cathedral" (tdec.copies_card) where the page
    and the hand write "Cathedral ×2" (web.count, 824b7c9 and 55baf73): one card's copies
    in a chosen set and in the question confirming it are counted as the page counts."""
    import random

    import keizai
    from keizai import terminal_decisions as td

    state = keizai.new_game("national-economy/progress", 2, seed=0)
    rng = random.Random(0)
    while (decision := state.pending_decision()) is None or \
            not any(c.count > 1 for c in decision.candidates):
        state.apply(rng.choice(state.legal_actions()))
    twice = next(c for c in decision.candidates if c.count > 1)
    counted = tr("web.count", "en", name=twice.label_in("en"), n=2)
    assert td.describe_set(decision, {twice.id: 2}, "en") == counted
    assert counted in td.confirm_question(decision, {twice.id: 2}, state.game.id, "en")
