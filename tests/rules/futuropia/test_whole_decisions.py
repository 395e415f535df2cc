"""Compound decisions described whole: resource payments and house purchases
(keizai.engine.decision)."""

from __future__ import annotations

import pytest

from keizai.engine import IllegalAction
from keizai.engine.decision import apply_whole, steps
from keizai.rules.futuropia.phases import REPAY, TURN
from tests.rules.futuropia.helpers import face, money, names, new, play, set_stock


def _two_loans_then_wait():
    state = new(2)
    set_stock(state, 0, 0, 0, 0)
    state.tiles_up[0] = 0b01000
    play(state, "action:robots", "robots:3")  # 4 energy missing: $8 = two loans
    return state


def test_interest_is_one_choice_from_money_food_and_energy() -> None:
    """Rulebook 翻開行動板: pay one resource per loan as interest, with any resource."""
    state = _two_loans_then_wait()
    set_stock(state, 0, 20, 2, 1)
    play(state, "action:subsidy")
    decision = state.pending_decision()
    assert decision.kind == "interest" and decision.amount == 2 and decision.seat == 0
    assert decision.prompt == "Pay 2 resources for interest from money, food and energy"
    assert {c.id: c.count for c in decision.candidates} == {"money": 20, "food": 2,
                                                            "energy": 1}
    with pytest.raises(IllegalAction, match="choose 2 resource"):
        apply_whole(state, {"money": 1})
    with pytest.raises(IllegalAction, match="energy: there is only one, not 2"):
        apply_whole(state, {"energy": 2})
    assert state.res[0] == [20, 2, 1]
    apply_whole(state, {"food": 1, "energy": 1})
    assert state.res[0] == [20, 1, 0] and state.phase == REPAY


def _with_specials(state):
    faces = state.setup.components.faces
    specials = [face("S5", "B"), face("S6", "B")]
    state.house_supply = sorted([*specials, *state.house_supply], key=lambda f: faces[f].price)
    state._legal = None


def test_house_purchase_lists_every_house_with_its_figures() -> None:
    """Rulebook 邀請住民: after inviting, buy houses so that residents ≤ beds ≤ residents
    + 5. Every house of the supply is listed with price, beds, energy and VP."""
    state = new(2)
    play(state, "action:invite", "invite:5")
    decision = state.pending_decision()
    assert decision is not None
    assert decision.kind == "houses" and decision.constraint == "range"
    assert (decision.amount, decision.maximum) == (5, 10)
    assert decision.prompt == "Buy houses for 5 new residents: 5-10 beds in all"
    assert len(decision.candidates) == len(state.house_supply)
    l04 = decision.candidate("L04A")
    assert l04 is not None
    assert {k: l04.info[k] for k in ("price", "beds", "energy", "vp")} == {
        "price": 4, "beds": 2, "energy": 0, "vp": 1}
    assert l04.weight == 2


def test_cheapest_first_order_does_not_hide_houses_from_a_whole_purchase() -> None:
    """Houses are bought in supply order (cheapest first): once L04 is bought, L01 and L03
    are no longer offered. Chosen whole, L01 + L03 + L04 is one purchase of 5 beds."""
    state = new(2)
    play(state, "action:invite", "invite:5")
    trial = state.clone()
    play(trial, "house:L04")
    assert "house:L01" not in names(trial) and "house:L03" not in names(trial)
    assert steps(state, {"L04A": 1, "L01A": 1, "L03A": 1}) == [
        "house:L01", "house:L03", "house:L04", "house:done"]
    cash = money(state, 0)
    apply_whole(state, {"L04A": 1, "L01A": 1, "L03A": 1})
    state.check_invariants()
    assert state.beds(0) == 3 + 5 and state.residents[0] == 8
    assert state.current_player == 1 and state.phase == TURN
    assert money(state, 0) <= cash - (1 + 3 + 4) + 5 * state.loans[0]


def test_house_purchase_refused_outside_the_bed_window_or_with_two_specials() -> None:
    """Rulebook: beds between residents and residents + 5; 進階規則: at most one `!`
    house per purchase. Refused sets change nothing."""
    state = new(2)
    _with_specials(state)
    play(state, "action:invite", "invite:5")
    before = state.record(), state.res[0].copy(), state.house_supply.copy()
    with pytest.raises(IllegalAction, match="between 5 and 10 bed"):
        apply_whole(state, {"L01A": 1, "L02A": 1})
    with pytest.raises(IllegalAction, match="between 5 and 10 bed"):
        apply_whole(state, {"L14A": 1, "L13A": 1})
    with pytest.raises(IllegalAction, match="at most 1 special"):
        apply_whole(state, {"S5B": 1, "S6B": 1, "L01A": 1})
    assert (state.record(), state.res[0], state.house_supply) == before


def test_buying_no_more_houses_is_the_empty_set() -> None:
    """With beds enough already (0 more to buy), the whole purchase may be empty."""
    state = new(2)
    play(state, "action:invite", "invite:1", "house:L14")  # 9 beds for 4 residents
    decision = state.pending_decision()
    assert decision is not None
    assert (decision.amount, decision.maximum) == (0, 0)
    assert names(state) == ["house:done"]
    assert apply_whole(state, {}) == ["house:done"]
    assert state.current_player == 1


@pytest.mark.parametrize(("stock", "offered", "texts"), [
    ((20, 0, 3), ["money", "energy"],
     ("Pay 2 resources for interest from money and energy",
      "利息のため、お金・エネルギーから資源を2つ支払う", "為利息從現金與電力支付2份資源")),
    ((0, 2, 3), ["food", "energy"],
     ("Pay 2 resources for interest from food and energy",
      "利息のため、食料・エネルギーから資源を2つ支払う", "為利息從食物與電力支付2份資源")),
])
def test_the_payment_prompt_names_the_resources_it_offers(stock, offered, texts) -> None:
    """Rulebook 翻開行動板 (interest in any resource): a player without food was asked to
    pay "from money, food and energy", food not among the choices. The prompt names
    the resources the decision offers."""
    state = _two_loans_then_wait()
    set_stock(state, 0, *stock)
    play(state, "action:subsidy")
    decision = state.pending_decision()
    assert decision.kind == "interest" and decision.amount == 2
    assert [c.id for c in decision.candidates] == offered
    assert tuple(decision.prompt_in(lang) for lang in ("en", "ja", "zh-TW")) == texts


def test_a_payment_made_in_part_says_what_is_left_of_what() -> None:
    """Rulebook 翻開行動板: interest is one resource per loan, in any resource. Paid one
    step at a time, what is left was asked as a payment of its own ("Pay 1 resource for
    interest" after 1 of 2), as if it were all: the prompt says it is the rest, and of
    how many."""
    state = _two_loans_then_wait()
    set_stock(state, 0, 20, 2, 1)
    play(state, "action:subsidy", "pay:money")
    decision = state.pending_decision()
    assert decision.kind == "interest" and decision.amount == 1
    assert tuple(decision.prompt_in(lang) for lang in ("en", "ja", "zh-TW")) == (
        "Pay 1 more resource of 2 for interest from money, food and energy",
        "利息のため、お金・食料・エネルギーから資源をあと1つ支払う（計2つのうち）",
        "為利息從現金、食物與電力再支付1份資源（共2份）")
    apply_whole(state, {"food": 1})
    assert state.res[0] == [19, 1, 1] and state.phase == REPAY


def test_a_payment_begun_without_a_choice_says_what_is_left_of_what() -> None:
    """Units are paid money first, then food, then energy, and one without a choice is paid
    at once: with $20 and 1 energy, interest of 2 takes $1 before the player chooses, and
    the choice read "Pay 1 resource for interest" beside the log's "owes 2 in interest".
    It says that 1 of the 2 is left."""
    state = _two_loans_then_wait()
    set_stock(state, 0, 20, 0, 1)
    play(state, "action:subsidy")
    decision = state.pending_decision()
    assert decision.kind == "interest" and decision.amount == 1 and state.res[0][0] == 19
    assert tuple(decision.prompt_in(lang) for lang in ("en", "ja", "zh-TW")) == (
        "Pay 1 more resource of 2 for interest from money and energy",
        "利息のため、お金・エネルギーから資源をあと1つ支払う（計2つのうち）",
        "為利息從現金與電力再支付1份資源（共2份）")
