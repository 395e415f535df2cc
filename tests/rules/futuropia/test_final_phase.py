"""End trigger, final phase and final scoring in play (rulebook 觸發遊戲最終階段,
最終計分; reference §9-§10)."""

from __future__ import annotations

import keizai
from keizai.rules.futuropia.data import FOOD
from keizai.rules.futuropia.phases import TURN
from tests.rules.futuropia.helpers import (
    gen,
    log_before_scores,
    money,
    names,
    new,
    play,
    set_gens,
    set_houses,
    set_stock,
)


def _near_the_end_of_food(state) -> None:
    """Food market F13 / F14 with only F15 left in the supply (2 players)."""
    queue = state.setup.queues[FOOD]
    state.mk_left[FOOD] = gen("F13")
    state.mk_right[FOOD] = gen("F14")
    state.mk_next[FOOD] = queue.index(gen("F15"))


def test_the_last_generator_stack_entering_the_market_triggers_the_end() -> None:
    """Rulebook: at the end of your turn, if you put the $15 generator into the market,
    the final phase starts: opponents turn every tile up for free, you keep the tile
    just used face down and turn the others up; nobody pays interest."""
    state = new(3)
    _near_the_end_of_food(state)
    play(state, "action:subsidy")           # P1
    state._take_loans(1, 1)
    set_stock(state, 1, 30, 3, 3)
    play(state, "action:food", "buy:right")  # P2 buys one of the two F14 for $14
    assert not state.final
    play(state, "action:food", "buy:right")  # P3 buys the second F14: F15 comes in
    assert state.final
    assert any("triggers the final phase (the last generator stack entered a market)"
               in line for line in state.log(None))  # issue 14: the log names the cause
    assert state.tiles_up == [0b11111, 0b11111, 0b11110]
    assert state.current_player == 0 and state.phase == TURN
    assert money(state, 1) == 30 - 14  # no interest on the free final turn-up
    assert "refresh" not in names(state) and "stop" in names(state)


def test_twenty_five_residents_trigger_the_end() -> None:
    """Rulebook: 25 or more residents at the end of your turn trigger the final phase."""
    state = new(2)
    state.residents[0] = 24
    set_houses(state, 0, [("S1", "A"), ("L14", "A"), ("L13", "A"), ("L12", "A"),
                          ("L11", "A"), ("L10", "A")])  # 3 + 6 + 5 + 5 + 4 + 4 = 27 beds
    play(state, "action:invite", "invite:1", "house:done")
    assert state.final and state.current_player == 1
    assert any("P1 triggers the final phase (25 residents, the goal is 25)" in line
               for line in state.log(None))  # issue 14: the log names the cause


def test_each_face_up_tile_once_more_then_the_players_game_ends() -> None:
    """Rulebook: from the trigger on, each player may use each face-up tile once more;
    with all tiles down (or after stopping) the player's game ends and is skipped."""
    state = new(2)
    state.residents[0] = 25
    state.tiles_up[0] = 0b10000
    set_houses(state, 0, [("S1", "A"), ("L14", "A"), ("L13", "A"), ("L12", "A"),
                          ("L11", "A"), ("L10", "A")])
    play(state, "action:subsidy")  # P1 triggers; keeps subsidy down
    assert state.tiles_up == [0b01111, 0b11111]
    play(state, "stop")  # P2 stops at once: five tiles stay up
    assert state.finished == [False, True]
    assert "action:subsidy" not in names(state)  # used up for good
    play(state, "action:robots", "robots:1")
    assert state.current_player == 0  # P2 is finished and skipped
    play(state, "action:power", "buy:none", "action:food", "buy:none")
    assert not state.is_over
    play(state, "action:invite", "invite:1", "house:done")
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.scores()[1]["face_up_tiles"] == 15


def _worked_example_community(state) -> None:
    """P1's community in the reference's worked example (§9-§10): generators SF1, SF2,
    SP1, P06, F04; houses S1, L06, L09; 8 residents and 3 robots."""
    set_gens(state, 0, ["SF1", "SF2", "SP1", "P06", "F04"])
    set_houses(state, 0, [("S1", "A"), ("L06", "A"), ("L09", "A")])
    state.residents[0] = 8
    state.robots[0] = 3


def _worked_example_checked():
    """A game of three whose P1, with the worked example's community, stops last: its
    final check is made and the game is over."""
    state = new(3)
    _worked_example_community(state)
    state.final = True
    state.finished[1] = state.finished[2] = True
    play(state, "stop")
    return state


def test_worked_final_scoring_failed_check_loans_and_stopped_tiles() -> None:
    """Reference §9-§10, worked example. P1 stops with two face-up tiles, $12, 3 loans:
    interest $3, then one loan repaid with $5 (4 left, too few for another).
    The check: energy 6 made (SP1 + P06) but 3 robots + houses 1 + 2 + 2 = 8 needed, so
    two robots go; food 7 made (SF1, SF2, F04) for 8 residents, so one resident goes.
    7 residents and 1 robot on 6 work spaces: 2 idle residents.
    Points: idle 2 × 5 = 10, surplus 0, houses 0 + 0 − 1 = −1, loans 2 × −3 = −6,
    face-up tiles 2 × 3 = 6, resources 4 → 0: total 9."""
    state = new(3)
    _worked_example_community(state)
    state._take_loans(0, 3)
    set_stock(state, 0, 12, 0, 0)
    state.final = True
    state.tiles_up[0] = 0b00101
    state.finished[1] = state.finished[2] = True
    state.check_invariants()
    play(state, "stop")
    assert state.is_over
    assert state.loans[0] == 2 and state.res[0] == [4, 0, 0]
    assert state.scores()[0] == {"idle_residents": 10, "surplus": 0, "houses": -1,
                                 "loans": -6, "face_up_tiles": 6, "resources": 0,
                                 "total": 9}
    assert state.view(None)["scores"][0]["total"] == 9
    # the log closes with the scores, P1's as the reference's worked example breaks it down
    assert state.log(None)[-3] == ("Final score: P1 9 points (idle residents 10, surplus 0, "
                                   "houses -1, loans -6, face-up tiles 6, resources 0).")
    assert state.log(None, "ja")[-3] == ("最終得点：P1は9点（待機住民10、余剰0、住宅-1、"
                                         "借金-6、表のタイル6、資源0）。")
    assert [line.split(" points")[0] for line in state.log(None)[-2:]] == [
        f"Final score: P{seat + 1} {state.scores()[seat]['total']}" for seat in (1, 2)]


def test_the_log_says_which_residents_the_final_check_sends_away() -> None:
    """Reference §10 (People: remove residents without a bed, then those the food
    production cannot feed): the worked example above keeps 7 of 8 residents, and the log
    says so, in each language, where the panel showed 8 and the score counts 7."""
    state = _worked_example_checked()
    assert state.is_over and state.final_check(0).residents == 7
    lines = {lang: log_before_scores(state, lang) for lang in ("en", "ja", "zh-TW")}
    assert lines["en"][-1] == ("Final check: P1's food production cannot feed 1 resident; "
                               "they leave before scoring (7 residents stay).")
    assert lines["ja"][-1] == ("最終チェック：P1の食料生産では住民1人を養えず、得点計算の前に"
                               "去る（残る住民7人）。")
    assert lines["zh-TW"][-1] == ("最終檢查：P1的食物生產無法供膳1位住民，計分前移除"
                                  "（留下7位住民）。")
    assert not any("no bed" in line for line in lines["en"])
    for seat in (1, 2):  # the others keep everyone: nothing said of them
        assert not any(f"P{seat + 1}'s food production" in line for line in lines["en"])


def test_the_log_says_which_residents_lose_their_bed_in_the_final_check() -> None:
    """Reference §10 (Energy, then People): 1 energy made, 3 needed, no robots, so L09
    goes; 6 of the 9 residents are left without a bed and leave. The 3 who stay are fed."""
    state = new(2)
    set_gens(state, 0, ["SF1", "SF2", "SP1", "F15"])
    set_houses(state, 0, [("S1", "A"), ("L09", "A")])
    state.residents[0] = 9
    state.final = True
    state.finished[1] = True
    play(state, "stop")
    assert state.is_over and state.final_check(0).residents == 3
    assert log_before_scores(state)[-1] == ("Final check: P1 has no bed for 6 residents once "
                                            "houses are removed for energy; they leave before "
                                            "scoring.")
    assert not any("cannot feed" in line for line in log_before_scores(state))


def test_the_log_says_which_robots_the_final_check_removes_for_energy() -> None:
    """Reference §10 (Energy: for each missing energy remove one robot): the worked
    example above makes 6 energy where 3 robots and houses of 1 + 2 + 2 need 8, so two
    robots go; the log says so, in each language, before the resident who leaves."""
    state = _worked_example_checked()
    assert state.is_over and state.final_check(0).robots == 1
    lines = {lang: log_before_scores(state, lang) for lang in ("en", "ja", "zh-TW")}
    assert lines["en"][-2:] == [
        "Final check: P1's generators cannot meet the energy demand of 8 (robots and houses); "
        "2 robots are removed.",
        "Final check: P1's food production cannot feed 1 resident; they leave before "
        "scoring (7 residents stay)."]
    assert lines["ja"][-2] == ("最終チェック：P1の製造機ではロボットと住宅に要るエネルギー8を"
                               "作れず、ロボット2体が取り除かれる。")
    assert lines["zh-TW"][-2] == ("最終檢查：P1的製造機無法產出機器人與房舍所需的8份電力，"
                                  "移除2部機器人。")
    assert not any("loses" in line for line in lines["en"])  # every house stays


def test_the_log_says_which_house_the_final_check_removes_for_energy() -> None:
    """Reference §10 (Energy: if still short with no robots left, remove houses until
    energy balances): 1 energy made, 3 needed, so L09 goes, then its residents (People)."""
    state = new(2)
    set_gens(state, 0, ["SF1", "SF2", "SP1", "F15"])
    set_houses(state, 0, [("S1", "A"), ("L09", "A")])
    state.residents[0] = 9
    state.final = True
    state.finished[1] = True
    play(state, "stop")
    assert [h.tile for h in state.final_check(0).houses] == ["S1"]
    lines = {lang: log_before_scores(state, lang) for lang in ("en", "ja", "zh-TW")}
    assert lines["en"][-2] == ("Final check: with no robots left P1 is still short of "
                               "energy and loses the $5 house (4 beds).")
    assert lines["ja"][-2] == ("最終チェック：ロボットがなくなってもP1のエネルギーが足りず、"
                               "住宅$5（ベッド4）が取り除かれる。")
    assert lines["zh-TW"][-2] == ("最終檢查：移除所有機器人後P1的電力仍不足，"
                                  "移除房舍$5（4床）。")
    assert not any("robot is removed" in line or "robots are removed" in line
                   for line in lines["en"])  # P1 had none


def test_the_log_names_the_starting_house_when_robots_and_it_go() -> None:
    """Reference §10 (Energy): with no power generator the 2 robots go first, then the
    starting house (energy 1); every resident is then without a bed (People)."""
    state = new(2)
    set_gens(state, 0, ["SF1", "SF2", "F15"])
    state.robots[0] = 2
    state.final = True
    state.finished[1] = True
    play(state, "stop")
    check = state.final_check(0)
    assert check.robots == 0 and check.houses == () and check.residents == 0
    assert log_before_scores(state)[-3:] == [
        "Final check: P1's generators cannot meet the energy demand of 3 (robots and houses); "
        "2 robots are removed.",
        "Final check: with no robots left P1 is still short of energy and loses "
        "the starting house (3 beds).",
        "Final check: P1 has no bed for 3 residents once houses are removed for energy; "
        "they leave before scoring."]
    assert log_before_scores(state, "ja")[-2] == (
        "最終チェック：ロボットがなくなってもP1のエネルギーが足りず、初期住宅（ベッド3）が取り除かれる。")


def test_final_repayment_is_automatic_and_maximal() -> None:
    """Rulebook: when your game ends pay interest on every loan, then repay as many loans
    as the remaining resources allow (any mix)."""
    state = new(2)
    state._take_loans(0, 3)
    set_stock(state, 0, 3, 6, 4)
    state.final = True
    state.finished[1] = True
    play(state, "stop")  # 13 resources: interest 3, then two loans repaid with 10
    assert state.loans[0] == 1 and sum(state.res[0]) == 0
    state.check_invariants()


def test_ties_are_shared_wins() -> None:
    """Rulebook: a tie is a shared win (no tie-breaker)."""
    state = new(2)
    state.final = True
    play(state, "stop", "stop")
    scores = [s["total"] for s in state.scores()]
    assert scores[0] == scores[1]
    assert state.winners() == [0, 1]
    assert state.view(None)["winners"] == [0, 1]


def test_tied_seats_share_their_place() -> None:
    """Rulebook 最終計分: 「若有平手的狀況…再戰一場」 — no tie-breaker, so tied seats share
    the place (issue 13): `places()` groups them, whatever their seat numbers."""
    state = new(3)
    set_stock(state, 2, 9, 9, 9)
    state.final = True
    play(state, "stop", "stop", "stop")
    totals = [s["total"] for s in state.scores()]
    assert totals[0] == totals[1] < totals[2]
    assert state.places() == [[2], [0, 1]]
    assert state.winners() == [2]
    assert state.ranking() == [2, 0, 1]


def test_only_stop_is_said_to_end_a_seats_game() -> None:
    """Reference §9: "On your turn you may instead stop"; "Your game ends when all your
    tiles are down or you stop". Stop is the one action a face confirms first
    (Game.ends_seat): a tile used in the final phase leaves the others to play."""
    state = new(2)
    state.residents[0] = 25
    play(state, "action:subsidy")  # P1 triggers the final phase
    legal = state.legal_actions()
    assert "stop" in names(state)
    assert [a.name for a in legal if state.game.ends_seat(a)] == ["stop"]
    other = keizai.new_game("national-economy/mecenat", 2, seed=1)
    assert not any(other.game.ends_seat(a) for a in other.legal_actions())
