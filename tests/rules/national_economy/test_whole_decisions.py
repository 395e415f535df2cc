"""Compound decisions described whole: payments and payday sales (keizai.engine.decision).

The faces show "pay 3 cards for Brewery from these" and "sell buildings worth at least $12
from these" as one choice; the engine still takes them one card at a time.
"""

from __future__ import annotations

import pytest

from keizai.engine import IllegalAction
from keizai.engine.decision import apply_whole, steps
from keizai.rules.national_economy.workplaces import FACE
from tests.rules.national_economy.helpers import (
    building_ids,
    hand_ids,
    legal,
    new,
    own,
    play,
    set_budget,
    set_buildings,
    set_hand,
    set_money,
)


def _ids(decision) -> dict[str, int]:
    return {c.id: c.count for c in decision.candidates}


def test_payment_lists_every_card_that_may_be_paid() -> None:
    """Carpenter (rulebook, Construct a Building): the cost is paid by discarding any other
    cards from hand. The canonical order offers Lottery only after an earlier card; the
    whole description lists it (and every other card) from the start."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["potato_field", "cafeteria", "ironwork", "lottery", "food_factory"])
    play(state, "place:carpenter", "build:food_factory")  # cost 2
    assert "pay:lottery" not in legal(state)
    decision = state.pending_decision()
    assert decision is not None
    assert decision.kind == "pay" and decision.seat == 0 and decision.amount == 2
    assert decision.prompt == "Pay 2 cards for Food Factory"
    assert _ids(decision) == {"potato_field": 1, "cafeteria": 1, "ironwork": 1, "lottery": 1}
    assert decision.constraint == "exactly"


def test_whole_payment_applies_the_atomic_steps() -> None:
    """Paying Lottery and Ironwork in one go is the sequence pay:ironwork, pay:lottery; the
    engine takes the second itself (Lottery is then the only card that can follow)."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["potato_field", "cafeteria", "ironwork", "lottery", "food_factory"])
    play(state, "place:carpenter", "build:food_factory")
    assert steps(state, {"lottery": 1, "ironwork": 1}) == ["pay:ironwork"]
    apply_whole(state, ["lottery", "ironwork"])
    state.check_invariants()
    assert hand_ids(state, 0) == ["potato_field", "cafeteria"]
    assert building_ids(state, 0) == ["food_factory"]
    assert state.pending_decision() is None and state.current_player == 1


@pytest.mark.parametrize(("chosen", "reason"), [
    ({"lottery": 1}, "choose 2 cards in all; this set makes 1 card"),
    ({"lottery": 1, "ironwork": 1, "cafeteria": 1}, "this set makes 3 cards"),
    ({"lottery": 2}, "Lottery: there is only one, not 2"),
    ({"museum": 1, "lottery": 1}, "'museum' cannot be chosen here"),
    ({"food_factory": 1, "lottery": 1}, "'food_factory' cannot be chosen here"),
])
def test_invalid_payment_is_refused_with_the_reason_and_nothing_applied(chosen, reason
                                                                        ) -> None:
    state = new("mecenat", 2)
    set_hand(state, 0, ["potato_field", "cafeteria", "ironwork", "lottery", "food_factory"])
    play(state, "place:carpenter", "build:food_factory")
    before = state.record(), state.log(0), hand_ids(state, 0)
    with pytest.raises(IllegalAction, match=reason.replace("(", r"\(").replace(")", r"\)")):
        apply_whole(state, chosen)
    assert (state.record(), state.log(0), hand_ids(state, 0)) == before


def test_payment_of_two_non_adjacent_cards() -> None:
    """Potato Field and Ironwork, skipping Cafeteria: two recorded choices."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["potato_field", "cafeteria", "ironwork", "lottery", "food_factory"])
    play(state, "place:carpenter", "build:food_factory")
    assert steps(state, {"ironwork": 1, "potato_field": 1}) == [
        "pay:potato_field", "pay:ironwork"]
    apply_whole(state, {"ironwork": 1, "potato_field": 1})
    assert hand_ids(state, 0) == ["cafeteria", "lottery"]


def test_consumer_items_counting_double_must_not_overpay() -> None:
    """Modern Architecture (Glory card text): each Consumer Item counts as two cards. The
    engine stops the payment once the cost is covered, so a set with a card to spare is
    refused before anything is applied."""
    state = own("glory", "modern_architecture", ["smelter", "workshop"], items=3)
    play(state, "place:own:modern_architecture", "build:smelter")
    decision = state.pending_decision()
    assert decision is not None
    cost = decision.amount
    assert decision.constraint == "cover"
    assert {c.id: c.weight for c in decision.candidates} == {"workshop": 1, "item": 2}
    assert "Consumer Item counts as two" in decision.prompt
    items_only = {"item": -(-cost // 2)}
    with pytest.raises(IllegalAction, match="more than needed"):
        apply_whole(state, {"workshop": 1, "item": 3})
    apply_whole(state, items_only)
    assert "smelter" in building_ids(state, 0) and hand_ids(state, 0) == ["workshop"]


def test_hand_limit_discard_is_described_whole() -> None:
    """Payday (rulebook): with more cards than the hand limit, discard down to it."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["cathedral", "cathedral"], items=3)
    for seat in (0, 1, 0, 1):
        assert state.current_player == seat
        play(state, "place:mine")
    decision = state.pending_decision()
    assert decision is not None
    assert decision.kind == "discard" and decision.amount == 2
    assert decision.prompt == "Discard 2 cards: down to the hand limit of 5"
    assert decision.info["hand_limit"] == 5
    assert _ids(decision)["cathedral"] == 2 and _ids(decision)["item"] >= 3
    apply_whole(state, {"cathedral": 2})
    assert state.players[0].hand_size == 5 and state.players[0].hand[
        state.cards.by_id["cathedral"]] == 0


def _open_face(state, face: int) -> None:
    """Turn round card `face` up in the general row (as its round would)."""
    state.wp_key.append(FACE + face)
    state.wp_who.append(())
    state.wp_side.append(False)
    state._legal = None


@pytest.mark.parametrize(("face", "card", "en", "ja", "zh"), [
    (0, "stall", "Stall: discard 1 card", "露店：1枚捨てる", "攤販：棄1張牌"),
    (1, "market", "Market: discard 2 cards", "市場：2枚捨てる", "市場：棄2張牌"),
])
def test_an_effect_discard_names_the_workplace_asking_it(face, card, en, ja, zh) -> None:
    """Stall / Market (round cards: discard 1 / 2 cards, take $6 / $12 from the Budget): the
    prompt says which workplace asks for the discard, in each language."""
    state = new("mecenat", 3)
    _open_face(state, face)
    set_hand(state, 0, ["potato_field", "cafeteria", "lottery"])
    set_budget(state, 20)
    play(state, f"place:{card}")
    decision = state.pending_decision()
    assert decision is not None
    assert decision.kind == "discard" and decision.amount == face + 1
    assert (decision.prompt, decision.prompt_in("ja"), decision.prompt_in("zh-TW")) == (
        en, ja, zh)
    assert decision.to_json()["prompt_msg"]["params"]["card"] == card


def test_an_own_building_s_discard_names_the_building() -> None:
    """Cafeteria (mecenat: discard 1 card and take $8 from the Budget), used by its owner."""
    state = own("mecenat", "cafeteria", hand=["potato_field", "lottery"], budget=10)
    play(state, "place:own:cafeteria")
    decision = state.pending_decision()
    assert decision is not None and decision.prompt == "Cafeteria: discard 1 card"
    twin = state.clone()  # the source travels with a copy (search, undo)
    decision = twin.pending_decision()
    assert decision is not None and decision.prompt == "Cafeteria: discard 1 card"


def _rulebook_sale_state():
    state = new("mecenat", 2)
    set_buildings(state, 0, ["shipyard", "brewery", "lottery"])  # values 20, 18, 10
    state.round = 8  # wage $5
    state.players[0].workers = 4  # $20 due
    set_money(state, 0, 1)
    while state.view(None)["phase"] == "action":
        set_hand(state, state.current_player, [])
        play(state, "place:mine")
    return state


def test_payday_sale_shows_wages_cash_shortfall_and_every_set_whole() -> None:
    """Payday example (rulebook): $20 short with buildings worth $20, $18 and $10: {20} or
    {18, 10} may be sold, {20, 10} may not (here $19 short with $1 cash: the same sets)."""
    state = _rulebook_sale_state()
    decision = state.pending_decision()
    assert decision.kind == "sell" and decision.constraint == "one_of"
    assert decision.info["wages_due"] == 20 and decision.info["cash"] == 1
    assert decision.info["shortfall"] == 19
    assert "wages $20, cash $1, short $19" in decision.prompt
    assert sorted(sorted(s) for s in decision.sets) == [["brewery", "lottery"], ["shipyard"]]
    assert {c.id: c.weight for c in decision.candidates} == {
        "shipyard": 20, "brewery": 18, "lottery": 10}
    with pytest.raises(IllegalAction, match="not one of the allowed choices"):
        apply_whole(state, {"shipyard": 1, "lottery": 1})
    assert sorted(building_ids(state, 0)) == ["brewery", "lottery", "shipyard"]
    apply_whole(state, {"brewery": 1, "lottery": 1})
    state.check_invariants()
    assert building_ids(state, 0) == ["shipyard"]
    assert state.players[0].money == 1 + 28 - 20


def test_no_whole_decision_for_an_atomic_choice() -> None:
    state = new("mecenat", 2)
    assert state.pending_decision() is None
    with pytest.raises(IllegalAction, match="no compound decision"):
        apply_whole(state, {"mine": 1})


def test_a_payment_made_in_part_says_what_is_left_of_what() -> None:
    """Paid one step at a time (the page's "One step at a time", the terminal's s), what
    was left of Food Factory's 2 cards read "Pay 1 card for Food Factory", as if it cost
    1: the prompt says that it is the rest, and of how many; a copy (search, undo) says
    the same."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["potato_field", "cafeteria", "ironwork", "lottery", "food_factory"])
    play(state, "place:carpenter", "build:food_factory", "pay:potato_field")
    for decision in (state.pending_decision(), state.clone().pending_decision()):
        assert decision is not None
        assert decision.kind == "pay" and decision.amount == 1
        assert tuple(decision.prompt_in(lang) for lang in ("en", "ja", "zh-TW")) == (
            "Pay 1 card for Food Factory (1 of 2 paid already)",
            "食品工場のためにカードを1枚支払う（2枚分のうち1枚分は支払い済み）",
            "為食品工廠支付1張牌（2張中已支付1張）")
    apply_whole(state, {"lottery": 1})
    assert building_ids(state, 0) == ["food_factory"]


def test_a_discard_made_in_part_says_what_is_left_of_what() -> None:
    """Market (discard 2 cards, take $12 from the Budget), one card discarded by hand."""
    state = new("mecenat", 3)
    _open_face(state, 1)
    set_hand(state, 0, ["potato_field", "cafeteria", "lottery"])
    set_budget(state, 20)
    play(state, "place:market", "pay:potato_field")
    decision = state.pending_decision()
    assert decision is not None
    assert decision.kind == "discard" and decision.amount == 1
    assert tuple(decision.prompt_in(lang) for lang in ("en", "ja", "zh-TW")) == (
        "Market: discard 1 card (1 of 2 discarded already)",
        "市場：1枚捨てる（2枚のうち1枚は捨て済み）",
        "市場：棄1張牌（2張中已棄1張）")
