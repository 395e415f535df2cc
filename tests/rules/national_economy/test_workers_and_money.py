"""Workers, the Budget and drawing (revival rulebook: Hire a Worker, Budget, Draw Cards;
round cards High School, University, Technical College)."""

from __future__ import annotations

from keizai.rules.national_economy.workplaces import FACE
from tests.rules.national_economy.helpers import (
    hand_ids,
    legal,
    new,
    pass_turn,
    play,
    set_budget,
    set_hand,
    stack_deck,
)


def _open(state, face: int) -> None:
    state.wp_key.append(FACE + face)
    state.wp_who.append(())
    state.wp_side.append(False)
    state._legal = None


def test_school_trainee_is_paid_this_round_and_works_next_round() -> None:
    """School: the new worker works from the next round, but its wage is due this round."""
    state = new("mecenat", 2)
    play(state, "place:school")
    p = state.players[0]
    assert (p.workers, p.ready, p.trainees) == (3, 1, 1)
    for seat in (1, 0, 1):
        pass_turn(state, seat)
    # payday of round 1: wage $2 x 3 workers = $6 from P1's $5: $5 paid, 1 Unpaid Wage
    assert state.players[0].unpaid == 1 and state.players[0].money == 0
    assert state.players[0].ready == 3  # all three work in round 2


def test_high_school_and_university_raise_to_four_and_five() -> None:
    """High School: 2 workers -> +2, 3 -> +1, none with 4+. University: up to 5."""
    state = new("mecenat", 2)
    _open(state, 2)  # High School
    _open(state, 4)  # University
    play(state, "place:high_school")
    assert state.players[0].workers == 4 and state.players[0].trainees == 2
    play(state, "place:university")
    assert state.players[1].workers == 5 and state.players[1].trainees == 3
    assert "place:university" not in legal(state)  # taken this round anyway
    pass_turn(state, 0)
    pass_turn(state, 1)
    # next round: P1 has 4 workers: High School is closed to them, University gives +1
    assert state.round == 2
    assert "place:high_school" not in legal(state)
    play(state, "place:university")
    assert state.players[0].workers == 5


def test_technical_college_worker_works_this_round_and_limit_is_five() -> None:
    """Technical College: the new worker can be placed this round; no hiring at 5 workers
    (the worker limit)."""
    state = new("mecenat", 2)
    _open(state, 6)
    play(state, "place:technical_college")
    assert state.players[0].ready == 2  # one left of the original two, plus the new one
    state.players[1].workers = 5
    state.players[1].ready = 5
    state._legal = None
    names = legal(state)
    assert "place:school" not in names


def test_budget_payouts_need_the_full_amount() -> None:
    """Budget: a workplace paying $6 cannot be used when the Budget holds $5."""
    state = new("mecenat", 3)
    _open(state, 0)  # Stall: discard 1, take $6
    set_hand(state, 0, ["potato_field"])
    set_budget(state, 5)
    assert "place:stall" not in legal(state)
    set_budget(state, 6)
    play(state, "place:stall")
    assert state.players[0].money == 5 + 6 and state.budget == 0
    assert hand_ids(state, 0) == []


def test_money_enters_only_from_sales_and_flows_through_the_budget() -> None:
    """Budget: wages go to the Budget, not the supply; workplaces pay from the Budget."""
    state = new("mecenat", 2)
    for seat in (0, 1, 0, 1):
        set_hand(state, seat, [])
        pass_turn(state, seat)
    assert state.budget == 8  # 2 players x 2 workers x $2
    assert sum(p.money for p in state.players) + state.budget == 5 + 6


def test_drawing_reshuffles_the_discard_pile_then_draws_consumer_items() -> None:
    """Draw Cards: an empty deck is refilled by shuffling the discard pile; if still short,
    draw Consumer Items instead."""
    state = new("mecenat", 2)
    state.discard.extend(state.deck)
    state.deck.clear()
    pass_turn(state, 0)
    assert state.players[0].hand_n == 4 and len(state.discard) == 0
    # now empty both: the Mine gives a Consumer Item
    hoard = state.deck + state.discard
    state.deck.clear()
    state.discard.clear()
    items = state.players[1].items
    state.apply("place:mine")
    assert state.players[1].items == items + 1
    state.deck.extend(hoard)
    state.check_invariants()


def test_consumer_items_and_vp_cards_are_unlimited() -> None:
    """Components: Consumer Items and VP cards are treated as unlimited."""
    state = new("mecenat", 2)
    state.players[0].items = 500
    state.players[0].vp = 500
    state.check_invariants()
    stack_deck(state, ["museum"])
    pass_turn(state, 0)
    assert "museum" in hand_ids(state, 0)
