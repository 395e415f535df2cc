"""Invite + feeding, robots + energy, subsidy (rulebook 行動說明; reference §6)."""

from __future__ import annotations

import pytest

from keizai.rules.futuropia.phases import HOUSES, INVITE, ROBOTS
from tests.rules.futuropia.helpers import face, money, names, new, play, set_houses, set_stock


def test_invite_one_to_five_then_buy_houses_then_feed_everyone() -> None:
    """Rulebook 邀請住民: invite 1-5 residents, optionally buy houses, then pay one food
    per resident; each missing food costs $2 (叫外賣)."""
    state = new(2)
    play(state, "action:invite")
    assert state.phase == INVITE
    assert names(state) == [f"invite:{n}" for n in range(1, 6)]
    play(state, "invite:2")
    assert state.phase == HOUSES
    assert "house:done" not in names(state)  # 5 residents need 2 more beds
    play(state, "house:L03", "house:done")
    assert state.residents[0] == 5 and state.beds(0) == 5
    assert state.res[0][1] == 0  # 3 food eaten ...
    assert money(state, 0) == 12 - 3 - 2 * 2  # ... L03 for $3 and two missing food at $2
    state.check_invariants()


def test_at_most_five_empty_beds() -> None:
    """Rulebook: beds may exceed residents by at most five."""
    state = new(2)
    play(state, "action:invite", "invite:1", "house:L14")  # 9 beds for 4 residents
    assert names(state) == ["house:done"]


def test_houses_are_bought_in_supply_order_once_each() -> None:
    """Decisions are atomic and canonical: several houses are bought cheapest first, so
    a set of houses has exactly one sequence."""
    state = new(2)
    play(state, "action:invite", "invite:5", "house:L04")
    assert "house:L01" not in names(state) and "house:L03" not in names(state)
    assert "house:L06" in names(state)


def test_cannot_invite_more_than_beds_allow() -> None:
    """Rulebook: beds ≥ residents; with only 2 beds to be had, at most 2 newcomers."""
    state = new(2)
    set_houses(state, 0, [("S1", "A"), ("L03", "A")])  # 5 beds, 3 residents
    state.house_supply = []
    play(state, "action:invite")
    assert names(state) == ["invite:1", "invite:2"]


def test_invite_without_any_bed_only_feeds() -> None:
    """Designed (rules-notes): with no bed to be had at all, nobody comes but the feeding
    run still happens."""
    state = new(2)
    state.house_supply = []
    play(state, "action:invite")
    assert state.residents[0] == 3 and state.res[0][1] == 0 and state.current_player == 1


def test_at_most_one_special_house_per_purchase() -> None:
    """Rulebook 進階規則: each purchase includes at most one `!` house."""
    state = new(2)
    faces = state.setup.components.faces
    specials = [face("S5", "B"), face("S6", "B")]  # S1, S2 are the seats' starting houses
    state.house_supply = sorted([*specials, *state.house_supply], key=lambda f: faces[f].price)
    play(state, "action:invite", "invite:5", "house:S5")
    assert "house:S6" not in names(state)
    play(state, "house:done")
    state.check_invariants()


def test_loans_cover_a_payment_the_player_cannot_make() -> None:
    """Rulebook 流程之外：貸款: short of cash, take loans of $5 each."""
    state = new(2)
    set_stock(state, 0, 1, 3, 3)
    play(state, "action:invite", "invite:1", "house:L03", "house:done")
    # L03 $3: one loan (1 + 5 − 3 = 3); one missing food $2: 3 − 2 = 1
    assert state.loans[0] == 1 and money(state, 0) == 1
    set_stock(state, 1, 0, 0, 0)
    play(state, "action:subsidy")
    state.check_invariants()


def test_robots_then_pay_energy_for_robots_and_houses() -> None:
    """Rulebook 領取機器人: take 1-3 robots, then pay 1 energy per robot (placed or
    waiting) plus each house's energy; $2 per missing energy."""
    state = new(2)
    play(state, "action:robots")
    assert state.phase == ROBOTS
    assert names(state) == ["robots:1", "robots:2", "robots:3"]
    play(state, "robots:3")
    assert state.robots[0] == 3
    assert state.res[0][2] == 0 and money(state, 0) == 12 - 2  # needs 3 + 1, has 3
    view = state.view(0)["communities"][0]
    assert view["idle_residents"] == 3 and view["robots_waiting"] == 0


def test_waiting_robots_use_energy_too() -> None:
    """Rulebook 重要: robots without a work space still consume energy."""
    state = new(2)
    state.robots[0] = 3
    set_stock(state, 0, 12, 3, 10)
    play(state, "action:robots", "robots:2")
    assert state.view(0)["communities"][0]["robots_waiting"] == 2
    assert state.res[0][2] == 10 - 5 - 1


@pytest.mark.parametrize(("players", "values"), [(2, [12, 12, 13, 13, 14]),
                                                 (3, [12, 12, 12, 13, 13])])
def test_subsidy_pays_the_number_at_or_left_of_the_marker(players: int,
                                                          values: list[int]) -> None:
    """Rulebook 領取補助: take the amount shown and move the marker one space right; a
    space between two numbers pays the lower one."""
    state = new(players)
    shown = []
    for pos in range(len(values)):
        state.subsidy_pos = pos
        shown.append(state.subsidy_value())
    assert shown == values
    state.subsidy_pos = 0
    play(state, "action:subsidy", "action:subsidy")
    assert state.subsidy_pos == 2
    assert [money(state, 0), money(state, 1)] == [12 + 12, 13 + values[1]]


def test_subsidy_marker_stays_on_the_last_space() -> None:
    """Rulebook 領取補助: on the rightmost space the marker does not move."""
    state = new(2)
    state.subsidy_pos = len(state.setup.subsidy_track) - 1
    play(state, "action:subsidy")
    assert money(state, 0) == 12 + 20 and state.subsidy_pos == 16
