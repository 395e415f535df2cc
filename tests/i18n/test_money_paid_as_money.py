"""Futuropia's money, paid as interest, for an early refresh or a loan, reads as money: "$1",
as the log ("P1 pays $1"), the tables ("P1: $20, food 2 …") and every price write it.
A new player's pass in 日本語 and 繁體中文 (h222, the terminal) found the payment counting
it as a resource: the step 「お金を1つ支払う（所持20）」 / 「支付1份金錢（你有20）」, the
whole decision's 「お金（所持20）」 and its question 「お金2つ、食料1つを支払いますか？」 /
「支付2個金錢、1個食物？」, where 繁體中文 counts resources with 份 everywhere else
(「支付2份食物」 in the log)."""

from __future__ import annotations

import pytest

from keizai import terminal_decisions as td
from keizai.i18n import action_label, tr
from tests.rules.futuropia.helpers import new, play, set_stock

LANGS = ("en", "ja", "zh-TW")


def _interest(cash: int = 20, food: int = 2, energy: int = 1):
    """Two loans' interest owed, from $`cash`, `food` food and `energy` energy."""
    state = new(2)
    set_stock(state, 0, 0, 0, 0)
    state.tiles_up[0] = 0b01000
    play(state, "action:robots", "robots:3")   # 4 energy missing: $8 = two loans
    set_stock(state, 0, cash, food, energy)
    play(state, "action:subsidy")
    decision = state.pending_decision()
    assert decision is not None and decision.kind == "interest" and decision.amount == 2
    return state, decision


@pytest.mark.parametrize("lang", LANGS)
def test_paying_one_dollar_step_by_step_says_dollars(lang: str) -> None:
    state, _ = _interest()
    label = action_label("futuropia", "pay:money", lang)
    assert "$1" in label and tr("fu.resource.money", lang) not in label, label
    view = state.view(0)
    action = next(a for a in state.legal_actions() if a.name == "pay:money")
    line = state.game.describe_action(view, action, lang)
    assert tr("fu.menu.have", lang, n="$20") in line, line
    food = next(a for a in state.legal_actions() if a.name == "pay:food")
    assert tr("fu.menu.have", lang, n=2) in state.game.describe_action(view, food, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_payment_lists_money_as_dollars(lang: str) -> None:
    _, decision = _interest()
    listed = td.lines(decision, lang)[1:]   # the numbered lines, after the prompt
    money = next(line for line in listed if tr("fu.resource.money", lang) in line)
    assert "$20" in money, listed
    food = next(line for line in listed if tr("fu.resource.food", lang) in line)
    assert "$" not in food and "2" in food, listed


QUESTIONS = {"en": "Pay $1, 1 food?", "ja": "$1、食料1つを支払いますか？",
             "zh-TW": "支付$1、1份食物？"}
TWO = {"en": "Pay $2?", "ja": "$2を支払いますか？", "zh-TW": "支付$2？"}
FOOD_AND_ENERGY = {"en": "Pay 1 food, 1 energy?", "ja": "食料1つ、エネルギー1つを支払いますか？",
                   "zh-TW": "支付1份食物、1份電力？"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_question_counts_money_in_dollars_and_resources_by_their_counter(lang: str
                                                                             ) -> None:
    _, decision = _interest()
    assert td.confirm_question(decision, {"money": 1, "food": 1}, "futuropia", lang) \
        == QUESTIONS[lang]
    assert td.confirm_question(decision, {"money": 2}, "futuropia", lang) == TWO[lang]
    assert td.confirm_question(decision, {"food": 1, "energy": 1}, "futuropia", lang) \
        == FOOD_AND_ENERGY[lang]
