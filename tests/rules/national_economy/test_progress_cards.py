"""Every Progress building (revival rulebook, Cards for Progress)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.rules.national_economy import helpers
from tests.rules.national_economy.helpers import (
    building_ids,
    hand_ids,
    legal,
    new,
    pass_turn,
    play,
    set_buildings,
    set_hand,
    stack_deck,
)

own = partial(helpers.own, "progress")  # seat 0 owns cards, holds a hand


def test_progress_has_24_types_64_cards_and_no_vp_cards() -> None:
    """Components: Progress has 64 building cards of 24 kinds; VP cards are not used."""
    state = new("progress", 2)
    assert len(state.cards.buildings) == 24 and len(state.cards.deck) == 64
    assert not state.view(None)["vp_cards_in_game"]


def test_coffee_shop_takes_five() -> None:
    """Coffee Shop: take $5; not usable with less than $5 in the Budget."""
    assert "place:own:coffee_shop" not in legal(own("coffee_shop", budget=4))
    state = own("coffee_shop", budget=5)
    play(state, "place:own:coffee_shop")
    assert state.players[0].money == 10


def test_design_office_reveals_five_keeps_one_discards_four() -> None:
    """Design Office: draw 5, reveal them, keep one, discard the other 4 (shown in the log)."""
    state = own("design_office")
    stack_deck(state, ["farm", "mansion", "farm", "railway", "factory"])
    play(state, "place:own:design_office")
    assert legal(state) == ["take:farm", "take:factory", "take:mansion", "take:railway"]
    assert any("reveals" in line and "Mansion" in line for line in state.log(1))
    play(state, "take:mansion")
    assert hand_ids(state, 0) == ["mansion"]
    assert len(state.discard) == 4


def test_farm_plantation_draw_consumer_items() -> None:
    """Farm: 2 Consumer Items. Plantation: 3."""
    state = own("farm")
    play(state, "place:own:farm")
    assert state.players[0].items == 2
    state = own("plantation")
    play(state, "place:own:plantation")
    assert state.players[0].items == 3


def test_burnt_field_leaves_at_the_end_of_the_round() -> None:
    """Burnt Field: 5 Consumer Items; discarded at the end of the round it was used
    (revival); the original's 'at once' is the option burnt_field_immediate."""
    state = own("burnt_field")
    play(state, "place:own:burnt_field")
    assert state.players[0].items == 5 and building_ids(state, 0) == ["burnt_field"]
    pass_turn(state, 1)
    pass_turn(state, 0)
    pass_turn(state, 1)
    while state.view(None)["phase"] == "payday":
        play(state, legal(state)[0])
    assert building_ids(state, 0) == [] and state.cards.by_id["burnt_field"] in state.discard
    state = own("burnt_field", burnt_field_immediate=True)
    play(state, "place:own:burnt_field")
    assert building_ids(state, 0) == []


@pytest.mark.parametrize(("hand", "drawn"), [(3, 1), (2, 2), (1, 3), (0, 4)])
def test_orchard_fills_the_hand_to_four(hand: int, drawn: int) -> None:
    """Orchard: with 3/2/1/0 cards draw 1/2/3/4 Consumer Items; closed at 4+ cards."""
    state = own("orchard", ["mansion"] * min(hand, 1), items=max(0, hand - 1))
    play(state, "place:own:orchard")
    assert state.players[0].hand_size == 4
    assert "place:own:orchard" not in legal(own("orchard", items=4))


def test_construction_company_builds_for_one_less() -> None:
    """Construction Company: build paying its cost minus 1 (possibly 0)."""
    state = own("construction_company", ["farm", "warehouse"], items=1)
    play(state, "place:own:construction_company", "build:warehouse")  # cost 2 - 1 = 1
    assert legal(state) == ["pay:farm", "pay:item"]
    play(state, "pay:item")
    assert "warehouse" in building_ids(state, 0)
    assert hand_ids(state, 0) == ["farm"] and state.players[0].items == 0


def test_a_building_the_discount_makes_free_is_logged_as_free() -> None:
    """Construction Company, cost 1 - 1 = 0: the log said "P1 builds Coffee Shop, paying 0
    cards." (「カードを0枚支払う」, 「支付0張牌」)."""
    state = own("construction_company", ["coffee_shop", "warehouse"], items=1)
    play(state, "place:own:construction_company", "build:coffee_shop")
    assert "coffee_shop" in building_ids(state, 0)
    assert state.log(None)[-1] == "P1 builds Coffee Shop without paying a card."
    assert state.log(None, "ja")[-1] == "P1がカードを支払わずに珈琲店を建てる。"
    assert state.log(None, "zh-TW")[-1].endswith("，不需支付牌。")


def test_factory_and_car_factory_discard_then_draw() -> None:
    """Factory: discard 2, draw 4 (needs 2 cards). Car Factory: discard 3, draw 7."""
    state = own("factory", items=2)
    play(state, "place:own:factory")
    assert state.players[0].hand_n == 4
    assert "place:own:car_factory" not in legal(own("car_factory", items=2))
    state = own("car_factory", items=3)
    play(state, "place:own:car_factory")
    assert state.players[0].hand_n == 7


def test_company_house_temp_worker_raises_the_worker_limit() -> None:
    """Company House: when built, a Temp Worker token joins your supply, so you can hire
    one more worker (limit 6)."""
    state = own("mansion", ["company_house"], items=2)
    set_buildings(state, 0, [])
    play(state, "place:carpenter")
    p = state.players[0]
    assert p.temps == 1 and state.view(0)["players"][0]["worker_limit"] == 6
    p.workers = 5
    state._legal = None
    pass_turn(state, 1)
    assert "place:school" in legal(state)


def test_warehouse_adds_four_to_the_hand_limit_each() -> None:
    """Warehouse: the hand limit at payday is 4 higher (stacks per copy, rules-notes)."""
    state = own("warehouse", items=9)
    for seat in (0, 1, 0, 1):
        pass_turn(state, seat)
    # 9 + 2 drawn = 11 cards, limit 5 + 4 = 9: two to discard
    assert state.current_player == 0 and state.view(0)["decision"]["cards_left"] == 2
    state = new("progress", 2)
    set_buildings(state, 0, ["warehouse", "warehouse"])
    assert state.view(0)["players"][0]["hand_limit"] == 13


def test_settler_builds_an_agriculture_building_free() -> None:
    """Settler: build an agriculture-icon building from your hand for free."""
    state = own("settler", ["plantation", "mansion"])
    play(state, "place:own:settler")
    assert building_ids(state, 0) == ["settler", "plantation"]
    assert hand_ids(state, 0) == ["mansion"]
    assert "place:own:settler" not in legal(own("settler", ["mansion"]))


def test_restaurant_discards_one_and_takes_fifteen() -> None:
    """Restaurant: discard 1 card and take $15."""
    assert "place:own:restaurant" not in legal(own("restaurant", items=1, budget=14))
    state = own("restaurant", items=1, budget=15)
    play(state, "place:own:restaurant")
    assert state.players[0].money == 20 and state.players[0].items == 0


@pytest.mark.parametrize(("items", "drawn"), [(0, 4), (1, 2)])
def test_chemical_plant_draws_four_on_an_empty_hand(items: int, drawn: int) -> None:
    """Chemical Plant: draw 2 building cards, or 4 if your hand is empty."""
    state = own("chemical_plant", items=items)
    play(state, "place:own:chemical_plant")
    assert state.players[0].hand_n == drawn


def test_steel_mill_draws_three_and_general_contractor_builds_then_draws_two() -> None:
    """Steel Mill: draw 3. General Contractor: build paying the full cost, then draw 2."""
    state = own("steel_mill")
    play(state, "place:own:steel_mill")
    assert state.players[0].hand_n == 3
    state = own("general_contractor", ["farm"], items=1)
    play(state, "place:own:general_contractor")
    assert "farm" in building_ids(state, 0) and state.players[0].hand_n == 2


def test_double_city_builds_two_of_the_same_cost_for_one_payment() -> None:
    """Double City: build 2 buildings of the same construction cost paying it once."""
    state = own("double_city", ["steel_mill", "general_contractor", "farm"], items=3)
    # the only pair is the cost-4 one (Farm has no cost-1 twin) and paying the 4 other
    # cards is forced, so the whole build happens at once
    play(state, "place:own:double_city")
    assert sorted(building_ids(state, 0)) == ["double_city", "general_contractor",
                                              "steel_mill"]
    assert state.players[0].hand_size == 0


def test_progress_end_bonuses() -> None:
    """Law Office cancels up to 5 Unpaid Wage cards; Farmers' Co-op +3 per Consumer Item;
    Real Estate +3 per building; Labor Union +6 per worker; Railway +8 per gear building;
    Head Office Building +6 per lock building (itself included)."""
    state = new("progress", 2)
    p = state.players[0]
    set_buildings(state, 0, ["law_office"])
    p.unpaid = 7
    assert state.scores()[0]["unpaid_wages"] == -6
    set_buildings(state, 0, ["farmers_coop"])
    set_hand(state, 0, [], items=4)
    assert state.scores()[0]["bonuses"] == 12
    set_buildings(state, 0, ["real_estate", "farm", "factory"])
    assert state.scores()[0]["bonuses"] == 9
    set_buildings(state, 0, ["labor_union"])
    p.workers = 4
    assert state.scores()[0]["bonuses"] == 24
    set_buildings(state, 0, ["railway", "factory", "steel_mill"])
    assert state.scores()[0]["bonuses"] == 16
    set_buildings(state, 0, ["head_office_building", "mansion", "warehouse"])
    assert state.scores()[0]["bonuses"] == 18


def test_mansion_is_points_only() -> None:
    """Mansion: no workplace; worth its value."""
    state = own("mansion")
    assert "place:own:mansion" not in legal(state)
    assert state.scores()[0]["buildings"] == 28
