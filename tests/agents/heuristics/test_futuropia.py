"""The Futuropia evaluation's energy planning (issue #19: no level leaves more than a
few units of energy unused; stock is worth what it can still become)."""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest

import keizai
from keizai.agents import MCTSAgent, make_agent
from keizai.agents.heuristics.futuropia import (
    CREDIT,
    FuturopiaEvaluator,
    _dead_stock,
    _end_is_near,
    _energy_left_at_end,
)
from keizai.engine import Rng, State
from keizai.rules.futuropia.state import FuturopiaState
from tests.rules.futuropia.helpers import set_stock


def _names(state: State) -> list[str]:
    return [a.name for a in state.legal_actions()]


def _row(**changes: int) -> dict[str, Any]:
    """A mid-game community: 10 residents, 5 robots, houses using 3 energy."""
    row: dict[str, Any] = {"money": 5, "food": 12, "energy": 10, "loans": 0, "residents": 10,
                           "robots": 5, "robots_waiting": 0, "house_energy": 3,
                           "tiles_face_up": ["food", "power"], "finished": False}
    row.update(changes)
    return row


SCORE = {"total": 40, "resources": 2, "loans": 0, "face_up_tiles": 6}


def _value(row: dict[str, Any], credit: int = CREDIT) -> float:
    return FuturopiaEvaluator._estimate(row, SCORE, False, credit)


def test_spare_energy_without_loans_is_worth_little_beyond_the_credit() -> None:
    """Energy beyond the next robot run pays only "any resource"; with no loan to repay
    30 more energy is worth at most the few purchases credit may still make. Before,
    it counted as money (a power run without a purchase looked like a subsidy)."""
    base = _value(_row())
    gain = _value(_row(energy=10 + 30)) - base
    money_gain = _value(_row(money=5 + 30)) - base
    assert gain <= CREDIT * 0.35 + 1e-9
    assert money_gain > gain + 3


def test_spare_energy_repays_loans_so_it_counts_while_loans_are_held() -> None:
    """With 5 loans (30 resources of interest and repayment) the same 30 energy is as
    good as money: it repays them."""
    loaded = _row(loans=5, money=35)
    gain = _value({**loaded, "energy": 40}) - _value(loaded)
    money_gain = _value({**loaded, "money": 65}) - _value(loaded)
    assert abs(gain - money_gain) < 30 * 0.05 + 1e-9  # only the surplus discount apart


def test_near_the_end_no_future_credit_absorbs_spare_stock() -> None:
    spare = _row(energy=10 + CREDIT)
    assert _value(spare, credit=0) < _value(spare, credit=CREDIT)


def test_near_the_end_spare_stock_repays_the_loans_whatever_money_is_held() -> None:
    """The end's repayment takes energy, then food, then money (rules/futuropia state.py
    `END_PAY_ORDER`): with 2 loans near the end, 12 spare units of food and energy repay
    them even with $12 held (before, money went first and left them all dead); far from
    the end a couple of credit purchases may still absorb spare stock."""
    assert _dead_stock(4, 8, loans=2, credit=0) == 0
    assert _dead_stock(4, 8, loans=1, credit=0) == 6
    assert _dead_stock(4, 8, loans=0, credit=CREDIT) == max(0, 12 - CREDIT)


@pytest.mark.parametrize("stock", [(20, 2, 14, 2), (0, 3, 30, 4), (9, 12, 3, 1), (15, 0, 40, 0)])
def test_the_energy_the_evaluation_expects_left_is_what_the_end_leaves(
        stock: tuple[int, int, int, int]) -> None:
    """In the final phase the evaluation counts the energy the end's repayments leave
    apart (at nothing, it is better spent): it must be the energy the engine leaves
    when the seat stops (rulebook 觸發遊戲最終階段, paid energy first)."""
    money, food, energy, loans = stock
    state = keizai.new_game("futuropia", 2, seed=1)
    assert isinstance(state, FuturopiaState)
    state._take_loans(0, loans)
    set_stock(state, 0, money, food, energy)
    state.final = True
    state.finished[1] = True
    state.apply("stop")
    assert state.loans[0] == 0  # every loan repaid: the case the formula covers
    assert state.res[0][2] == _energy_left_at_end(energy, loans)


def test_the_end_is_near_one_purchase_per_player_before_a_15_dollar_stack() -> None:
    state = keizai.new_game("futuropia", 2, seed=1)
    view = state.view(0)
    assert not _end_is_near(view)
    near = copy.deepcopy(view)
    near["markets"]["power"]["supply"] = near["markets"]["power"]["supply"][-2:]
    assert _end_is_near(near)   # 1 left or right tile + 1 stack, then the $15 stack
    crowded = copy.deepcopy(view)
    crowded["communities"][1]["residents"] = 20  # one invite of 5 from 25
    assert _end_is_near(crowded)


def _decision(seed: int, first: str) -> State | None:
    """A random game up to a decision whose first legal action starts with `first`, by
    a seat with loans (None if none comes up)."""
    rng = Rng(seed)
    state = keizai.new_game("futuropia", 2, seed=seed)
    state.log_enabled = False
    while not state.is_over:
        names = _names(state)
        if names[0].startswith(first):
            return state
        pick = names.index("refresh") if "refresh" in names and rng.randbelow(2) else None
        legal = state.legal_indices()
        state.apply_index(legal[pick] if pick is not None else legal[rng.randbelow(len(legal))])
    return None


def test_repaying_a_loan_is_pruned_to_its_one_sensible_answer() -> None:
    """Repay while money and spare stock cover 5 resources (a loan costs 1 at every
    refresh and 6 at the end, a repayment 5), keep it otherwise: one option is left."""
    found = [s for s in map(lambda k: _decision(k, "repay:"), range(1, 60)) if s][:6]
    assert len(found) >= 3
    evaluator = FuturopiaEvaluator()
    for state in found:
        legal = state.legal_indices()
        kept = evaluator.prune(state, legal)
        assert len(kept) == 1
        seat = state.current_player
        assert seat is not None
        row = state.view(seat)["communities"][seat]
        spare = (max(0, row["food"] - row["residents"] - 2)
                 + max(0, row["energy"] - row["robots"] - row["robots_waiting"]
                       - row["house_energy"] - 2) + row["money"])
        name = state.game.action_space.actions[kept[0]].name
        assert name == ("repay:loan" if spare >= 5 else "repay:done")


def test_hard_spends_no_search_on_the_repay_decision() -> None:
    """It took a third of a `hard` game's time (docs/strength.md, Futuropia)."""
    state = next(s for s in map(lambda k: _decision(k, "repay:"), range(1, 60)) if s)
    agent = MCTSAgent(seed=1, iterations=200)
    agent.choose(state)
    assert agent.last_iterations == 0


def test_spare_energy_pays_before_spare_food() -> None:
    """Energy has no use beyond the robot runs; food may still feed residents invited in
    the final phase. Both spare: energy goes first."""
    for seed in range(1, 200):
        state = _decision(seed, "pay:")
        if state is None:
            continue
        seat = state.current_player
        assert seat is not None
        row = state.view(seat)["communities"][seat]
        spare_energy = (row["energy"] - row["robots"] - row["robots_waiting"]
                        - row["house_energy"] - 2)
        if "pay:energy" in _names(state) and spare_energy > 0:
            assert make_agent("heuristic", seed=1).choose(state).name == "pay:energy"
            return
    raise AssertionError("no payment with spare energy came up")


def _final_phase_start(seed: int, seat: int) -> State:
    """Heuristic self-play on the cycle's deal `seed` (house sides random) up to the
    seat's first decision of the final phase (a clone: two tests play on from each)."""
    return _played_to_final_phase(seed, seat).clone()


@functools.cache
def _played_to_final_phase(seed: int, seat: int) -> FuturopiaState:
    state = keizai.new_game("futuropia", 2, seed=seed, options={"houses": "random"})
    assert isinstance(state, FuturopiaState)
    state.log_enabled = False
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    while not (state.final and state.current_player == seat and "stop" in _names(state)):
        state.apply(agents[state.current_player or 0].choose(state))
    return state


@pytest.mark.parametrize(("seed", "seat"), [(3, 0), (11, 1)])
def test_the_final_phase_spends_what_stopping_would_leave(seed: int, seat: int) -> None:
    """Rulebook 觸發遊戲最終階段: in the final phase each face-up tile may be used once
    more or scores 3 if the player stops; at the seat's end interest and repayments
    take what is left (energy first), and 10 resources left score 1 (最終計分).

    In these two positions (51 and 54 energy, 6 and 5 loans) the heuristic stopped at
    once, rating each tile one turn ahead: it kept 15 and 24 energy and scored 125 and
    119. Playing on — a generator or robots bought on credit that the spare energy
    repays, then residents — scores 7-9 more and leaves none (issue #19)."""
    state = _final_phase_start(seed, seat)
    stopped = state.clone()
    stopped.apply("stop")
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    assert agents[seat].choose(state).name != "stop"
    while not state.is_over:
        state.apply(agents[state.current_player or 0].choose(state))
    assert state.scores()[seat]["total"] >= stopped.scores()[seat]["total"] + 5
    assert state.view(seat)["communities"][seat]["energy"] <= 5
    assert stopped.view(seat)["communities"][seat]["energy"] >= 15


@pytest.mark.parametrize(("seed", "seat"), [(3, 0), (11, 1)])
def test_the_search_levels_play_the_final_phase_by_the_plan(seed: int, seat: int) -> None:
    """Every level's root prunes with the evaluation, so in the final phase a search
    level makes the plan's moves, the steps inside a tile included (its random
    rollouts rated buying on credit below keeping the stock): it ends these positions
    with the heuristic's score and no energy left."""
    start = _final_phase_start(seed, seat)
    ends = []
    for spec in ("heuristic", "mcts:iterations=300:depth=6:c=0.4"):
        state = start.clone()
        agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
        agents[seat] = make_agent(spec, 3)
        while not state.is_over:
            state.apply(agents[state.current_player or 0].choose(state))
        left = state.view(seat)["communities"][seat]["energy"]
        ends.append((state.scores()[seat]["total"], left))
    assert ends[1] == ends[0]
    assert ends[1][1] <= 5


# Positions traced in `hard` (mcts:iterations=2000:depth=6:c=0.4) against the scripted
# cycle baseline (bench/scripted.py --cycle: 2 players, house sides random): the moves
# of both seats up to `hard`'s first decision of the final phase.
# Deal 4, `hard` in seat 1 (it had 38 energy and 5 loans; one house, L14, left).
HOUSE_RACE = """
action:food buy:left action:power buy:right action:power buy:left action:robots robots:3
action:invite invite:3 house:L01 house:L02 house:done action:food buy:left
action:subsidy action:subsidy refresh pay:energy action:food buy:left refresh pay:energy
action:robots robots:3 action:invite invite:5 house:L05 house:L03 house:done
action:power buy:left action:power buy:none action:invite invite:3 house:L11 house:done
action:subsidy action:food buy:left refresh pay:energy action:food buy:left
action:subsidy action:power buy:none pay:energy repay:loan pay:energy repay:loan
pay:food pay:food pay:food pay:food pay:food action:power buy:right discard:SP1
action:invite invite:5 house:L04 house:L06 house:done action:robots robots:2
action:subsidy action:food buy:left discard:SF1 refresh pay:energy pay:energy repay:loan
pay:energy action:food buy:left discard:SF1 action:invite invite:5 house:L13 house:done
action:power buy:none action:subsidy action:invite invite:5 house:L07 house:L10
house:done pay:energy repay:loan pay:energy repay:loan pay:money pay:money pay:money
pay:money pay:money repay:loan pay:money pay:money pay:money pay:money pay:money
action:power buy:none action:subsidy action:food buy:left discard:F05 refresh pay:energy
pay:energy repay:loan pay:energy action:power buy:left discard:SF2 action:invite
invite:5 house:L12 house:done action:invite invite:3 house:L08 house:done refresh
pay:energy pay:energy repay:loan pay:energy repay:loan pay:energy repay:done action:food
buy:right discard:SF2 action:food buy:none action:power buy:none action:subsidy
action:invite invite:5 house:L09 house:done refresh pay:energy pay:energy repay:loan
pay:energy repay:loan pay:energy repay:loan pay:energy repay:loan pay:energy repay:loan
pay:food action:food buy:left discard:SP1
"""
# Deal 8, `hard` in seat 1.
BEST_ANSWER = """
action:food buy:left action:power buy:right action:power buy:left action:robots robots:3
action:invite invite:3 house:L01 house:L02 house:done refresh pay:energy action:power
buy:right action:subsidy action:robots robots:3 refresh pay:energy action:food buy:left
action:food buy:right action:invite invite:4 house:L05 house:L03 house:done
action:subsidy action:power buy:none action:invite invite:4 house:L04 house:L09
house:done action:subsidy pay:energy repay:loan pay:energy repay:done action:power
buy:right refresh pay:energy action:food buy:left action:food buy:right discard:SP1
action:power buy:left discard:SF1 action:robots robots:3 action:invite invite:4
house:L06 house:done action:subsidy action:subsidy refresh pay:energy pay:energy
repay:loan pay:energy repay:loan pay:food pay:food pay:food pay:food pay:food repay:loan
pay:food pay:energy repay:loan pay:money pay:money pay:money pay:money pay:money
repay:loan pay:money pay:money pay:money pay:money pay:money action:power buy:right
discard:SF1 refresh pay:energy pay:energy repay:loan pay:energy action:food buy:left
discard:SF2 action:subsidy action:invite invite:4 house:L07 house:L08 house:done
action:invite invite:4 house:L11 house:done action:power buy:none action:food buy:left
discard:SF2 action:subsidy refresh pay:energy pay:energy repay:loan pay:energy
repay:loan pay:energy repay:loan pay:energy action:food buy:left discard:P07 refresh
pay:energy action:food buy:left discard:SP1 action:invite invite:5 house:L13 house:done
action:power buy:none action:power buy:none action:invite invite:5 house:L10 house:done
action:subsidy action:subsidy refresh pay:energy pay:energy repay:loan pay:energy
repay:loan pay:energy repay:loan pay:energy repay:loan pay:energy action:subsidy refresh
pay:energy pay:energy repay:loan pay:energy action:power buy:left discard:F04
action:food buy:none action:food buy:left discard:F05
"""


def _replay(seed: int, moves: str) -> FuturopiaState:
    state = keizai.new_game("futuropia", 2, seed=seed, options={"houses": "random"})
    assert isinstance(state, FuturopiaState)
    state.log_enabled = False
    for name in moves.split():
        state.apply(name)
    return state


def _invite_or_stop(state: State) -> str:
    """An opponent that invites as many residents as it may and buys the first house
    offered while its invite tile is face up, then stops (what the cycle did here)."""
    names = _names(state)
    houses = [n for n in names if n.startswith("house:") and n != "house:done"]
    invites = [n for n in names if n.startswith("invite:")]
    for pick in ("action:invite", *houses, *sorted(invites)[-1:], "stop"):
        if pick in names:
            return pick
    return names[0]


def _play_on(state: State, seat: int, opponent: Any) -> tuple[int, int]:
    """The seat's final score and energy left, the seat played by the heuristic (in the
    final phase: the plan) and the other seat by `opponent` (a function of the state)."""
    agent = make_agent("heuristic", 1)
    while not state.is_over:
        if state.current_player == seat:
            state.apply(agent.choose(state))
        else:
            state.apply(opponent(state))
    return state.scores()[seat]["total"], state.view(seat)["communities"][seat]["energy"]


def _stop(state: State) -> str:
    names = _names(state)
    return "stop" if "stop" in names else names[0]


def test_the_plan_buys_the_last_house_before_another_seat_can() -> None:
    """Rulebook 觸發遊戲最終階段: in the final phase the players keep taking turns, one tile
    each; houses come from one shared supply (邀請住民: 你只能從供應區購買房舍).

    Here `hard` (the plan, taking the other seat to stop) bought a food generator first,
    meaning to invite 5 into the last house later; the cycle invited in between and took
    it, and `hard` ended with 129 and 7 energy. Rated as if that house were gone, buying
    a generator first scores 129; inviting first (the house now, on credit that the
    spare energy repays) scores 135 and leaves no energy, whatever the other seat does."""
    state = _replay(4, HOUSE_RACE)
    seat = state.current_player
    assert seat == 1 and state.final
    assert state.view(seat)["house_supply"]
    assert make_agent("heuristic", 1).choose(state).name == "action:invite"
    score, energy = _play_on(state.clone(), seat, _invite_or_stop)
    food_first = state.clone()
    food_first.apply("action:food")
    before = _play_on(food_first, seat, _invite_or_stop)
    assert score >= before[0] + 5
    assert energy <= 5


def test_each_tile_is_rated_by_its_best_answer() -> None:
    """A tile's value in the plan is its best answer to the turn's first decision
    (which generator, how many residents, how many robots), each finished and planned
    on; before, the heuristic's one-turn rating picked the answer before planning. In
    this position (the other seat stopping) the plan now scores 135 and leaves 29
    energy; before it scored 133 and left 41."""
    state = _replay(8, BEST_ANSWER)
    seat = state.current_player
    assert seat == 1 and state.final
    score, energy = _play_on(state, seat, _stop)
    assert score >= 135
    assert energy <= 29


# Deal 6, `hard` in seat 1 (27 energy, no loan, 2 houses left; robots in every work
# space, 7 generators).
ENERGY_KEPT = """
action:food buy:left action:power buy:right action:power buy:left action:robots robots:3
action:invite invite:3 house:L01 house:L02 house:done refresh pay:energy action:power
buy:left action:subsidy action:robots robots:3 refresh pay:energy action:food buy:left
action:subsidy action:invite invite:4 house:L05 house:L03 house:done action:food
buy:right action:power buy:none action:invite invite:3 house:L11 house:done
action:subsidy pay:energy repay:done action:power buy:right refresh pay:energy
action:food buy:left action:food buy:right discard:SP1 action:power buy:left discard:SF1
action:subsidy action:invite invite:4 house:L04 house:L06 house:done action:invite
invite:5 house:L13 house:done action:subsidy refresh pay:energy pay:energy repay:loan
pay:energy repay:loan pay:energy repay:loan pay:energy repay:loan pay:money pay:money
pay:money pay:money pay:money repay:done action:food buy:left discard:SF1 refresh
pay:energy pay:energy repay:loan pay:energy action:food buy:left discard:SF2
action:power buy:right discard:SF2 action:invite invite:5 house:L07 house:done
action:robots robots:3 action:subsidy action:subsidy refresh pay:energy pay:energy
repay:loan pay:energy action:food buy:left discard:SP1 refresh pay:energy pay:energy
repay:loan pay:energy repay:loan pay:energy repay:loan pay:food pay:food pay:food
pay:food pay:food repay:loan pay:food pay:food pay:food pay:food pay:energy repay:loan
pay:money pay:money pay:money pay:money pay:money action:power buy:none action:invite
invite:5 house:L08 house:L09 house:done action:food buy:right discard:F07 action:power
buy:none action:invite invite:5 house:L14 house:done action:subsidy action:subsidy
refresh pay:energy pay:energy repay:loan pay:energy action:power buy:left discard:F04
refresh pay:energy pay:energy repay:loan pay:energy repay:loan pay:energy action:food
buy:right discard:P07 action:food buy:none
"""


def _final_phase_lines(state: State, seat: int) -> set[tuple[int, int]]:
    """(final score, energy left) of every line of the seat's own final phase: every
    tile order, purchase, discard, invitation, house and robot count; payments take
    energy first; the other seat stops."""
    names = state.game.action_space.actions
    seen: set[str] = set()
    ends: set[tuple[int, int]] = set()

    def walk(node: State) -> None:
        while not node.is_over and node.current_player != seat:
            node.apply(_stop(node))
        view = node.view(None)
        row = view["communities"][seat]
        if node.is_over or row["finished"]:
            ends.add((node.scores()[seat]["total"], row["energy"]))
            return
        key = repr((row, view["markets"], view["house_supply"], view["decision"]))
        if key in seen:
            return
        seen.add(key)
        legal = node.legal_indices()
        pays = [i for i in legal if names[i].name.startswith("pay:")]
        if pays:
            order = ("pay:energy", "pay:food", "pay:money")
            legal = [min(pays, key=lambda i: order.index(names[i].name))]
        for index in legal:
            child = node.clone()
            child.apply_index(index)
            walk(child)

    start = state.clone()
    start.log_enabled = False
    walk(start)
    return ends


def test_the_energy_left_is_what_the_best_final_phase_leaves() -> None:
    """Issue #19 asks that no level leave more than a few units of energy. In this
    traced position it cannot be done without giving up points (docs/strength.md,
    seventh round): the best final phase (a power purchase worth its surplus, whose run
    cannot be declined, then 5 residents) scores 131 and leaves 35 energy; every line
    that leaves ≤ 5 scores at most 122 (robot runs that burn energy for robots no work
    space needs). Rulebook 最終計分: leftover resources score 1 per 10. The plan plays
    the best line (on `main` too: this pins the finding, it is no fix)."""
    state = _replay(6, ENERGY_KEPT)
    seat = state.current_player
    assert seat == 1 and state.final
    ends = _final_phase_lines(state, seat)
    best = max(score for score, _ in ends)
    assert best == 131
    assert min(energy for score, energy in ends if score == best) == 35
    assert max(score for score, energy in ends if energy <= 5) == 122
    assert _play_on(state, seat, _stop) == (131, 35)
