"""The automatic interest and repayment at a player's own game end (rulebook 觸發遊戲最終階段,
最終計分): paid energy first, then food, then money; the score is that of any order."""

from __future__ import annotations

import pytest

from keizai.engine import Rng
from keizai.rules.futuropia.state import FuturopiaState
from tests.rules.futuropia.helpers import log_before_scores, new, play, set_stock


def test_the_end_pays_energy_first_then_food_then_money() -> None:
    """Rulebook 觸發遊戲最終階段: 「在你的遊戲結束時，你必須立即支付貸款的利息，之後，盡可能
    使用剩餘的資源清償貸款」; interest and repayment take any resource (流程之外：貸款:
    「任意一份資源 (現金、食物或電力)」, 「每清償一筆貸款，支付五份任意資源」) and what is left
    scores alike (最終計分: 「現金、電力和食物的數量加總後，每有十份，為你帶來一分」). So the end
    pays with the stock that has no further use first: energy, then food, then money."""
    state = new(2)
    state._take_loans(0, 3)
    set_stock(state, 0, 20, 3, 15)
    state.final = True
    state.finished[1] = True
    play(state, "stop")  # interest 3 and three repayments (15): 18 of the 38 resources
    assert state.loans[0] == 0
    # energy 15 pays the interest and 12 of the repayments, food 3 the rest; money stays
    # (the old money-first order left [2, 3, 15])
    assert state.res[0] == [20, 0, 0]
    assert state.scores()[0]["resources"] == 2
    state.check_invariants()


def test_the_log_says_the_interest_and_the_repayments_at_a_games_end() -> None:
    """Same rule: the interest and the repayments the end makes by itself had no line; a
    player read "P1 stops …", "P1 takes 8 loans." (the interest it could not pay) and
    "P1's game ends with 63 unpaid loans." with neither named; nor what paid the interest
    (the energy here)."""
    state = new(2)
    state._take_loans(0, 3)
    set_stock(state, 0, 20, 3, 15)
    state.final = True
    state.finished[1] = True
    play(state, "stop")  # interest 3 and three repayments
    assert log_before_scores(state)[-5:-1] == [
        "P1 pays the final interest on their loans: 3 resources.",
        "P1 pays the interest with 3 energy.",
        "P1 repays 3 loans with what is left.",
        "P1's game ends with no unpaid loans."]   # it said "with 0 unpaid loans"
    assert log_before_scores(state, "ja")[-5:-2] == ["P1が借金の最後の利息として資源3を支払う。",
                                            "P1が利息をエネルギー3で支払う。",
                                            "P1が残りの資源で借金を3件返す。"]
    assert log_before_scores(state, "zh-TW")[-5:-2] == ["P1支付最後一次貸款利息3份資源。",
                                               "P1以3份電力支付利息。",
                                               "P1用剩餘的資源清償3筆貸款。"]
    assert [log_before_scores(state, lang)[-2] for lang in ("ja", "zh-TW")] == [
        "P1のゲーム終了。未返済の借金なし。", "P1的遊戲結束，沒有未清償的貸款。"]


def test_the_log_names_the_interest_before_the_loans_it_takes_at_a_games_end() -> None:
    state = new(2)
    state._take_loans(0, 4)
    set_stock(state, 0, 0, 0, 0)
    state.final = True
    state.finished[1] = True
    play(state, "stop")  # interest 4 with nothing to pay it: new loans, none repaid
    lines = state.log(None)
    end = lines.index("P1 pays the final interest on their loans: 4 resources.")
    assert lines[end + 1].startswith("P1 takes ")
    assert lines[end + 2] == "P1 pays the interest with $4."   # the new loans' money
    assert lines[end + 3].startswith("P1's game ends with ")


def test_the_end_takes_food_before_money() -> None:
    """Same rule: with the energy gone, food pays before money."""
    state = new(2)
    state._take_loans(0, 2)
    set_stock(state, 0, 9, 8, 1)
    state.final = True
    state.finished[1] = True
    play(state, "stop")  # interest 2, two repayments 10: 12 of 18
    assert state.loans[0] == 0 and state.res[0] == [6, 0, 0]
    state.check_invariants()


def test_payments_during_play_keep_the_players_choice() -> None:
    """Only the end pays without a choice: interest at a refresh is still the player's
    mix, one unit at a time in the order money → food → energy (docs/rules-notes.md)."""
    state = new(2)
    state._take_loans(0, 2)
    set_stock(state, 0, 10, 5, 5)
    state.tiles_up[0] = 0
    state._refresh(0)
    assert [a.name for a in state.legal_actions()] == ["pay:money", "pay:food", "pay:energy"]


def _old_end(stock: list[int], loans: int, state: FuturopiaState) -> tuple[list[int], int]:
    """The end as the engine paid it before: money first, then food, then energy.

    Written out here, independent of the engine, to compare the two orders."""
    rules = state.rules
    stock = list(stock)
    owed = loans * rules.interest_per_loan
    short = owed - stock[0]
    if state.setup.loans_when_cash_short and short > 0:
        taken = -(-short // rules.loan_value)
        loans += taken
        stock[0] += taken * rules.loan_value

    def pay(amount: int) -> int:
        for k in (0, 1, 2):
            part = min(amount, stock[k])
            stock[k] -= part
            amount -= part
        taken = -(-amount // rules.loan_value)  # short of everything: loans, change kept
        stock[0] += taken * rules.loan_value - amount
        return taken

    loans += pay(owed)
    while loans and sum(stock) >= rules.repay_cost:
        loans += pay(rules.repay_cost) - 1
    return stock, loans


OPTION_SETS = [
    {},
    {"houses": "random", "expert_tiles": "random"},
    {"loans_when_cash_short": True, "refresh_on_credit": True},
    {"advanced": True, "houses": "B"},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_final_scores_equal_those_of_the_old_order(options: dict) -> None:
    """Random games (2-4 players, every option set): at each player's game end the old
    money-first order is recomputed from the stock just before it; every final score
    equals the score with the old order's leftover, and only the kinds left differ.

    Random play finishes every player by "stop" (taken at the latest with one tile
    left), so the position before the action is the position the end settles."""
    games = differ = 0
    for seed in range(1, 31):
        players = 2 + seed % 3
        state = new(players, seed, **options)
        state.log_enabled = False
        rng = Rng(seed)
        old: dict[int, tuple[list[int], int]] = {}
        while not state.is_over:
            legal = [a.name for a in state.legal_actions()]
            seat = state.current_player
            assert seat is not None
            if "stop" in legal and (state.tiles_up[seat].bit_count() == 1 or rng.randbelow(4) == 0):
                name = "stop"
            else:
                name = legal[rng.randbelow(len(legal))]
            if name == "stop":
                old[seat] = _old_end(state.res[seat], state.loans[seat], state)
            state.apply(name)
            if name == "stop":
                assert state.finished[seat]
                assert state.loans[seat] == old[seat][1]
                assert sum(state.res[seat]) == sum(old[seat][0])
        assert sorted(old) == list(range(players)), "every seat finished by stop"
        for p, score in enumerate(state.scores()):
            stock, loans = old[p]
            rules = state.rules
            assert score["loans"] == -loans * rules.loan_penalty
            assert score["resources"] == sum(stock) // rules.resources_per_vp
            assert state.view(None)["scores"][p]["total"] == score["total"]
            differ += stock != state.res[p]
        games += 1
    assert games == 30
    # the comparison means something: in many games the kinds left over differ
    assert differ >= 10, differ
