"""Futuropia's log says what paid, step by step. Found by session 32's new-player passes
(h205 in the browser, h203 in the terminal): an energy or feeding run that the stock paid
logged only "the energy run needs 5 energy" (nothing said what paid it; a run short of
stock said "lacks 2 energy and pays $4 instead"); an interest payment made one unit at a
time logged nothing until it was complete; and a refresh's first unit, money that had to
be paid, was taken silently, the choices then reading "Pay 3 more resources of 4"."""

from __future__ import annotations

import pytest

from keizai.rules.futuropia.phases import PAY
from tests.rules.futuropia.helpers import new, play, set_stock
from tests.rules.futuropia.test_loans_refresh import _two_loans_then_wait

LANGS = ("en", "ja", "zh-TW")
USED = {
    "en": ("P1 uses 4 energy from their stock.", "P1 uses 1 food from their stock."),
    "ja": ("P1が蓄えのエネルギー4を使う。", "P1が蓄えの食料1を使う。"),
    "zh-TW": ("P1用掉庫存的4份電力。", "P1用掉庫存的1份食物。"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_an_energy_run_the_stock_paid_says_so(lang: str) -> None:
    state = new(2)
    set_stock(state, 0, 20, 0, 6)
    play(state, "action:robots", "robots:3")
    assert state.res[0][2] == 2   # the run needed 4: one robot already, three more
    log = state.log(None, lang)
    assert log[-1] == USED[lang][0], log[-3:]


@pytest.mark.parametrize("lang", LANGS)
def test_a_feeding_run_the_stock_paid_in_part_says_so(lang: str) -> None:
    state = new(2)
    set_stock(state, 0, 20, 1, 0)
    play(state, "action:invite", "invite:2", "house:L03", "house:done")
    log = state.log(None, lang)
    assert USED[lang][1] in log, log[-4:]
    # then the rest bought: the line said before, after what the stock paid
    assert log.index(USED[lang][1]) == len(log) - 2, log[-4:]


STEP = {
    "en": ("P1 pays 1 food; 1 more to pay.", "P1 pays $1; 3 more to pay."),
    "ja": ("P1が食料1を支払う（残り1）。", "P1が$1を支払う（残り3）。"),
    "zh-TW": ("P1支付1份食物（尚需支付1份）。", "P1支付$1（尚需支付3份）。"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_each_step_of_an_interest_payment_is_logged(lang: str) -> None:
    state = _two_loans_then_wait()
    set_stock(state, 0, 20, 2, 1)
    play(state, "action:subsidy")   # P2; P1's tiles turn up and 2 are owed
    assert state.phase == PAY and state.pay_owed == 2
    play(state, "pay:food")
    assert state.phase == PAY and state.pay_owed == 1
    assert state.log(None, lang)[-1] == STEP[lang][0]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refresh_s_first_unit_that_had_to_be_money_is_logged(lang: str) -> None:
    state = new(2)
    play(state, "action:subsidy", "action:subsidy")
    set_stock(state, 0, 20, 2, 1)    # food and energy alone cannot pay the 4
    play(state, "refresh")
    assert state.phase == PAY and state.pay_owed == 3 and state.res[0][0] == 19
    assert state.log(None, lang)[-1] == STEP[lang][1]


def test_a_payment_paid_at_once_logs_only_the_whole() -> None:
    state = _two_loans_then_wait()
    set_stock(state, 0, 20, 0, 0)   # money alone: no choice, no step
    play(state, "action:subsidy")
    assert state.log(None)[-1] == "P1 pays the interest with $2."
    assert not any("more to pay" in line for line in state.log(None))
