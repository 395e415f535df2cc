"""Loans, interest, repayment and turning action tiles up (rulebook 流程之外：貸款,
翻開行動板; reference §8)."""

from __future__ import annotations

from typing import Any

from keizai.rules.futuropia.phases import PAY, REPAY, TURN
from keizai.rules.futuropia.state import FuturopiaState
from tests.rules.futuropia.helpers import money, names, new, play, set_stock


def _two_loans_then_wait() -> FuturopiaState:
    """P1 ends up with 2 loans and all tiles down; P2 is to move."""
    state = new(2)
    set_stock(state, 0, 0, 0, 0)
    state.tiles_up[0] = 0b01000  # only the robots tile is left
    play(state, "action:robots", "robots:3")  # 4 energy missing: $8 = two loans
    assert state.loans[0] == 2 and money(state, 0) == 2
    return state


def test_all_tiles_down_turn_up_free_then_pay_interest() -> None:
    """Rulebook 翻開行動板: with all five tiles down, turn them up free; every time
    tiles are turned up, pay one resource per loan as interest."""
    state = _two_loans_then_wait()
    play(state, "action:subsidy")  # P2
    assert state.current_player == 0 and state.phase == TURN
    assert state.tiles_up[0] == 0b11111
    assert money(state, 0) == 0 and state.loans[0] == 2  # $2 interest, nothing to repay
    state.check_invariants()


def test_the_log_turns_the_tiles_up_once_then_names_the_interest() -> None:
    """Same rule: one turn-up, then its interest. The log said it twice: "P1 turns all
    action tiles up for free." and then "P1 turns the action tiles up and owes 2 in
    interest." (「アクションタイルが無料ですべて表になる」, then 「アクションタイルを表にし」);
    then what paid it (its only $2 here)."""
    state = _two_loans_then_wait()
    play(state, "action:subsidy")  # P2
    for lang, turned, interest, paid in (
            ("en", "P1 turns all action tiles up for free.",
             "P1 owes 2 resources in interest on their loans.", "P1 pays the interest with $2."),
            ("ja", "P1のアクションタイルが無料ですべて表になる。",
             "P1は借金の利息として資源2を支払う。", "P1が利息を$2で支払う。"),
            ("zh-TW", "P1免費翻開所有行動板。", "P1須付貸款利息2份資源。", "P1以$2支付利息。")):
        assert state.log(None, lang)[-3:] == [turned, interest, paid]


def test_the_log_says_which_resources_paid_the_interest() -> None:
    """Rulebook 翻開行動板: interest is paid with any resource, one per loan. The log said
    how much was owed, never what paid it; it now names the money, food and energy paid,
    whether chosen or the only way left."""
    state = _two_loans_then_wait()
    state.loans[0] = 3
    set_stock(state, 0, 20, 1, 1)
    play(state, "action:subsidy")   # $1 first: food and energy alone cannot pay all 3
    play(state, "pay:food")          # then energy, the only resource left at or after food
    assert state.phase == REPAY and state.res[0] == [19, 0, 0]
    for lang, line in (("en", "P1 pays the interest with $1, 1 food and 1 energy."),
                       ("ja", "P1が利息を$1、食料1、エネルギー1で支払う。"),
                       ("zh-TW", "P1以$1、1份食物與1份電力支付利息。")):
        assert state.log(None, lang)[-1] == line
    state = _two_loans_then_wait()
    set_stock(state, 0, 0, 2, 1)
    play(state, "action:subsidy", "pay:energy")   # a food first: energy alone cannot pay 2
    assert state.log(None)[-1] == "P1 pays the interest with 1 food and 1 energy."
    # short of resources: everything goes, a new loan pays the rest
    state = _two_loans_then_wait()
    set_stock(state, 0, 0, 1, 0)
    play(state, "action:subsidy")
    assert state.log(None)[-2:] == ["P1 takes 1 loan.",
                                    "P1 pays the interest with $1 and 1 food."]
    # behind the log switch, as every log line
    state = _two_loans_then_wait()
    state.log_enabled = False
    before = state.event_count()
    play(state, "action:subsidy")
    assert state.event_count() == before


def test_interest_without_resources_takes_new_loans_that_owe_nothing_yet() -> None:
    """Rulebook 特殊情況: short of interest, take new loans; they owe no interest now."""
    state = _two_loans_then_wait()
    set_stock(state, 0, 1, 0, 0)
    play(state, "action:subsidy")
    assert state.loans[0] == 3 and money(state, 0) == 1 - 1 + 5 - 1
    assert state.phase == TURN


def test_interest_is_any_resource_paid_in_a_canonical_order() -> None:
    """Rulebook: interest is paid with any resource (cash, food or energy). Units are
    paid money → food → energy, never back, so each mix is one sequence."""
    state = _two_loans_then_wait()
    set_stock(state, 0, 20, 2, 0)
    play(state, "action:subsidy")
    assert state.phase == PAY
    assert names(state) == ["pay:money", "pay:food"]
    play(state, "pay:food")
    assert state.phase == REPAY  # the second unit had to be food as well
    assert state.res[0] == [20, 0, 0]


def test_repaying_costs_five_resources_per_loan() -> None:
    """Rulebook: only after paying interest may loans be repaid, 5 resources each."""
    state = _two_loans_then_wait()
    set_stock(state, 0, 20, 2, 0)
    play(state, "action:subsidy", "pay:money", "pay:money")
    assert names(state) == ["repay:loan", "repay:done"]
    play(state, "repay:loan")
    assert names(state) == ["pay:money", "pay:food"]  # three money paid, food may end it
    play(state, "pay:food")
    assert state.loans[0] == 1 and state.res[0] == [15, 0, 0]
    play(state, "repay:loan")  # all in money: no choice left, and no loan left to repay
    assert state.loans[0] == 0 and money(state, 0) == 10
    assert state.phase == TURN
    state.check_invariants()


def test_early_refresh_costs_one_resource_per_face_up_tile() -> None:
    """Rulebook: with tiles still face up, pay one resource per face-up tile to turn all
    the face-down ones up."""
    state = new(2)
    play(state, "action:subsidy", "action:subsidy")
    assert "refresh" in names(state)
    play(state, "refresh")
    assert state.phase == PAY and state.pay_owed == 4
    play(state, "pay:food")
    assert names(state) == ["pay:food", "pay:energy"]
    play(state, "pay:energy")  # the last two units can only be energy
    assert state.res[0] == [24, 2, 0]
    assert state.tiles_up[0] == 0b11111 and state.phase == TURN


def test_the_log_of_an_early_refresh_says_what_is_paid_in_every_language() -> None:
    """Same rule: the 日本語 log said 「P1が4を支払って」, a bare figure, where English says
    "4 resources" and 中文 「4份資源」."""
    state = new(2)
    play(state, "action:subsidy", "action:subsidy", "refresh")
    assert state.log(None)[-1] == "P1 pays 4 resources to refresh early."
    assert state.log(None, "ja")[-1] == "P1が資源4を支払って早めにタイルを表にする。"
    assert state.log(None, "zh-TW")[-1] == "P1支付4份資源，提前翻開行動板。"


def test_no_early_refresh_without_resources_or_with_all_tiles_up() -> None:
    """Designed (rules-notes): the early refresh is paid from stock, not with loans."""
    state = new(2)
    assert "refresh" not in names(state)
    play(state, "action:subsidy", "action:subsidy")
    set_stock(state, 0, 3, 0, 0)
    assert "refresh" not in names(state)
    set_stock(state, 0, 4, 0, 0)
    assert "refresh" in names(state)


def test_option_refresh_on_credit() -> None:
    """Option `refresh_on_credit` (rules-notes): loans may pay the early refresh."""
    state = new(2, refresh_on_credit=True)
    play(state, "action:subsidy", "action:subsidy")
    set_stock(state, 0, 1, 0, 0)
    play(state, "refresh")  # 4 owed, 1 in stock: one loan, $2 change
    # the loan exists when the tiles turn up, so it owes its $1 interest at once
    assert state.loans[0] == 1 and state.res[0] == [1, 0, 0]
    assert state.phase == TURN


def test_literal_reading_takes_loans_when_cash_is_short_of_the_interest() -> None:
    """Rulebook 流程之外：貸款, 特殊情況: 「若你沒有足夠的現金可支付利息，你拿取一張或多張新的
    貸款圖板，本次不須為這些新貸款支付利息」 — the special case speaks of cash. Option
    `loans_when_cash_short` (issue 13): $1 and 3 food against $2 interest takes a loan
    ($5, no interest now) and the food may stay; by default food pays before any loan."""
    def position(**options: Any) -> FuturopiaState:
        state = new(2, **options)
        set_stock(state, 0, 0, 0, 0)
        state.tiles_up[0] = 0b01000
        play(state, "action:robots", "robots:3")  # two loans, $2 left
        set_stock(state, 0, 1, 3, 0)
        play(state, "action:subsidy")  # P2; P1's tiles turn up: $2 interest
        return state

    literal = position(loans_when_cash_short=True)
    assert literal.loans[0] == 3 and literal.phase == PAY
    assert literal.res[0] == [6, 3, 0]
    play(literal, "pay:money", "pay:money")
    assert literal.res[0] == [4, 3, 0] and literal.loans[0] == 3
    literal.check_invariants()
    default = position()
    assert default.loans[0] == 2 and default.phase == PAY
    assert names(default) == ["pay:money", "pay:food"]


def test_the_log_says_which_resources_paid_a_refresh_and_a_repayment() -> None:
    """The log named the money, food and energy that paid the interest, but of an early
    refresh only "P2 pays 2 resources to refresh early." and of a repayment "P1 repays a
    loan.": which of its resources a rival spent was not in the log (found playing
    Futuropia in the terminal). Both now say it, as the interest does."""
    state = new(2)
    play(state, "action:subsidy", "action:subsidy", "refresh", "pay:food", "pay:energy")
    log = state.log(None)
    assert log[-3:] == ["P1 pays 4 resources to refresh early.",
                        "P1 pays 1 food; 3 more to pay.",   # test_payment_log_steps.py
                        "P1 pays for the refresh with 1 food and 3 energy."]
    assert state.log(None, "ja")[-1] == "P1がリフレッシュの支払いに食料1とエネルギー3を使う。"
    assert state.log(None, "zh-TW")[-1] == "P1以1份食物與3份電力支付提前翻開的費用。"
    state = _two_loans_then_wait()
    set_stock(state, 0, 20, 2, 0)
    play(state, "action:subsidy", "pay:money", "pay:money", "repay:loan", "pay:food")
    assert state.log(None)[-1] == "P1 repays a loan with $3 and 2 food."
    assert state.log(None, "ja")[-1] == "P1が$3と食料2で借金を1件返す。"
    assert state.log(None, "zh-TW")[-1] == "P1以$3與2份食物清償一筆貸款。"
