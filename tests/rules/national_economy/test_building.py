"""Constructing buildings (revival rulebook: Construct a Building; Mecenat card texts)."""

from __future__ import annotations

from tests.rules.national_economy.helpers import (
    building_ids,
    hand_ids,
    legal,
    new,
    play,
    set_buildings,
    set_hand,
)


def test_carpenter_builds_paying_cost_in_cards_in_canonical_order() -> None:
    """Carpenter: build one card from hand, discarding as many other cards as its cost;
    buildings and Consumer Items both pay. A payment is one sequence: cards go in type
    order, so each set of paid cards is reached one way only."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["potato_field", "cafeteria", "laboratory"], items=1)
    play(state, "place:carpenter")
    assert legal(state) == ["build:potato_field", "build:cafeteria", "build:laboratory"]
    play(state, "build:laboratory")  # cost 3: pays all three others
    assert building_ids(state, 0) == ["laboratory"]
    assert hand_ids(state, 0) == [] and state.players[0].items == 0
    assert sorted(state.discard) == sorted(state.cards.by_id[c] for c in
                                           ("potato_field", "cafeteria"))


def test_payment_choices_are_canonical() -> None:
    """Decisions are atomic: paying 2 of 4 cards offers only types from which the rest can
    still be paid, in order."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["potato_field", "cafeteria", "ironwork", "lottery", "food_factory"])
    play(state, "place:carpenter", "build:food_factory")  # cost 2
    assert legal(state) == ["pay:potato_field", "pay:cafeteria", "pay:ironwork"]
    play(state, "pay:cafeteria")
    assert legal(state) == ["pay:ironwork", "pay:lottery"]
    play(state, "pay:lottery")
    assert hand_ids(state, 0) == ["potato_field", "ironwork"]


def test_food_factory_cost_reduction_with_an_agriculture_building() -> None:
    """Food Factory: construction cost -1 if you have a building with the plant icon."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["potato_field"])
    set_hand(state, 0, ["food_factory", "cafeteria"])
    play(state, "place:carpenter", "build:food_factory")  # cost 2 - 1: Cafeteria pays
    assert building_ids(state, 0) == ["potato_field", "food_factory"]
    assert hand_ids(state, 0) == []


def test_industrial_park_reduction_per_gear_icon() -> None:
    """Industrial Park: cost -1 per building with the gear icon (minimum 0); Old District
    counts (it carries all three icons)."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["ironwork", "shipyard", "old_district", "food_factory",
                             "petrochemical_complex"])
    set_hand(state, 0, ["industrial_park"])
    assert state.cost(state.players[0], state.cards.by_id["industrial_park"]) == 0
    play(state, "place:carpenter")
    assert "industrial_park" in building_ids(state, 0)


def test_cathedral_reduction_with_five_vp_and_temple_carpenter_vp_comes_after() -> None:
    """Cathedral: cost 10, -4 with 5+ VP cards (not spent). Temple Carpenter: the VP card
    comes after the build, so it cannot meet the Cathedral condition in the same action."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["temple_carpenter"])
    set_hand(state, 0, ["cathedral"], items=6)
    state.players[0].vp = 4
    assert "place:own:temple_carpenter" not in legal(state)  # 10 > 6 other cards
    state.players[0].vp = 5
    state._legal = None
    play(state, "place:own:temple_carpenter")
    assert "cathedral" in building_ids(state, 0)
    assert state.players[0].items == 0 and state.players[0].vp == 6


def test_building_company_builds_only_lock_buildings_then_draws_two() -> None:
    """Building Company: build a building with the no-sale (lock) icon, then draw 2."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["building_company"])
    set_hand(state, 0, ["laboratory", "graveyard"], items=2)
    play(state, "place:own:building_company")  # only Graveyard is a lock building
    assert legal(state) == ["pay:laboratory", "pay:item"]
    play(state, "pay:item")
    assert building_ids(state, 0) == ["building_company", "graveyard"]
    assert state.players[0].hand_n == 1 + 2
    set_hand(state, 1, ["laboratory"], items=5)
    set_buildings(state, 1, ["building_company"])
    assert "place:own:building_company" not in legal(state)


def test_prefab_home_builder_builds_value_ten_or_less_free() -> None:
    """Prefab Home Builder: build one building of asset value 10 or less for free."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["prefab_home_builder"])
    set_hand(state, 0, ["laboratory", "lottery"])
    play(state, "place:own:prefab_home_builder")
    assert building_ids(state, 0) == ["prefab_home_builder", "lottery"]
    assert hand_ids(state, 0) == ["laboratory"]


def test_worldwide_building_builds_two_and_draws_three_on_an_empty_hand() -> None:
    """Worldwide Building: build 2 at once paying both costs; neither reduces the other's
    cost; if the hand is then empty, draw 3 building cards."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["worldwide_building"])
    # Potato Field (agriculture) would make Food Factory cost 1, but not in the same build:
    # the pair costs 1 + 2 = 3, and 2 other cards are not enough.
    set_hand(state, 0, ["potato_field", "food_factory", "cathedral", "cathedral"])
    assert "place:own:worldwide_building" not in legal(state)
    set_hand(state, 0, ["potato_field", "food_factory", "cathedral", "cathedral"], items=1)
    # one pair is possible and its payment is forced, so it all happens at once
    play(state, "place:own:worldwide_building")
    assert state.current_player == 1
    assert sorted(building_ids(state, 0)) == ["food_factory", "potato_field",
                                              "worldwide_building"]
    assert state.players[0].items == 0 and state.players[0].hand_n == 3  # drew 3


def test_worldwide_building_needs_two_payable_buildings() -> None:
    """Worldwide Building: a workplace whose effect cannot be applied in full cannot be
    chosen — with one buildable card it is closed."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["worldwide_building"])
    set_hand(state, 0, ["potato_field"], items=3)
    assert "place:own:worldwide_building" not in legal(state)
