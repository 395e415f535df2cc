"""Every Mecenat building's workplace effect (revival rulebook, Cards for Mecenat; card
numbers from shared/reference/national-economy-cards.md)."""

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
)

own = partial(helpers.own, "mecenat")  # seat 0 owns cards, holds a hand


@pytest.mark.parametrize(("hand", "items", "drawn"), [(2, 0, 1), (1, 0, 2), (0, 0, 3)])
def test_potato_field_fills_the_hand_to_three(hand: int, items: int, drawn: int) -> None:
    """Potato Field: with 2/1/0 cards in hand draw 1/2/3 Consumer Items."""
    state = own("potato_field", ["cathedral"] * hand, items)
    play(state, "place:own:potato_field")
    assert state.players[0].items == items + drawn
    assert state.players[0].hand_size == 3


def test_potato_field_is_closed_with_three_cards() -> None:
    """Potato Field: you cannot use it with 3 or more cards in hand."""
    state = own("potato_field", ["cathedral"] * 3)
    assert "place:own:potato_field" not in legal(state)


def test_cafeteria_discards_one_and_takes_eight() -> None:
    """Cafeteria: needs a card and $8 in the Budget: discard 1, take $8."""
    state = own("cafeteria", ["museum"], budget=7)
    assert "place:own:cafeteria" not in legal(state)
    state = own("cafeteria", [], budget=8)
    assert "place:own:cafeteria" not in legal(state)
    state = own("cafeteria", ["museum"], budget=8)
    play(state, "place:own:cafeteria")
    assert state.players[0].money == 5 + 8 and hand_ids(state, 0) == []


def test_ironwork_needs_your_worker_on_the_mine() -> None:
    """Ironwork: draw 2 building cards; not usable without your own worker on the Mine."""
    state = own("ironwork")
    assert "place:own:ironwork" not in legal(state)
    play(state, "place:mine")
    play(state, "place:mine")  # the other player's worker on the Mine does not count
    play(state, "place:own:ironwork")
    assert state.players[0].hand_n == 1 + 2


def test_ironwork_other_players_worker_does_not_count() -> None:
    """Ironwork: only your own worker on the Mine opens it."""
    state = own("ironwork")
    play(state, "place:school")
    play(state, "place:mine")  # P2 on the Mine
    assert state.current_player == 0
    assert "place:own:ironwork" not in legal(state)


def test_vegetable_garden_and_laboratory_give_a_vp_card() -> None:
    """Vegetable Garden: 2 Consumer Items and 1 VP card. Laboratory: 2 buildings, 1 VP."""
    state = own("vegetable_garden")
    play(state, "place:own:vegetable_garden")
    assert state.players[0].items == 2 and state.players[0].vp == 1
    state = own("laboratory")
    play(state, "place:own:laboratory")
    assert state.players[0].hand_n == 2 and state.players[0].vp == 1


def test_food_factory_discards_two_and_draws_four() -> None:
    """Food Factory: discard 2 cards, then draw 4 building cards."""
    state = own("food_factory", ["museum"], items=1)
    play(state, "place:own:food_factory")
    assert state.players[0].hand_n == 4 and state.players[0].items == 0


def test_lottery_takes_twenty_and_returns_ten() -> None:
    """Lottery: take $20 from and return $10 to the Budget; not usable under $20."""
    state = own("lottery", budget=19)
    assert "place:own:lottery" not in legal(state)
    state = own("lottery", budget=20)
    play(state, "place:own:lottery")
    assert state.players[0].money == 15 and state.budget == 10


@pytest.mark.parametrize(("items", "drawn"), [(0, 2), (1, 3)])
def test_fish_farm_draws_three_with_a_consumer_item(items: int, drawn: int) -> None:
    """Fish Farm: draw 3 Consumer Items if you hold one, otherwise 2."""
    state = own("fish_farm", ["museum"], items)
    play(state, "place:own:fish_farm")
    assert state.players[0].items == items + drawn


def test_farm_resort_pays_four_per_consumer_item_kept() -> None:
    """Farm Resort: $4 per Consumer Item in hand, which are kept; needs the Budget."""
    state = own("farm_resort", items=3, budget=11)
    assert "place:own:farm_resort" not in legal(state)
    state = own("farm_resort", items=3, budget=12)
    play(state, "place:own:farm_resort")
    assert state.players[0].money == 5 + 12 and state.players[0].items == 3


def test_farm_resort_with_no_consumer_item_is_usable_for_nothing() -> None:
    """Farm Resort: "Get $4 from the Budget per Consumer Item card in your hand … You cannot
    use this if the money in the Budget is not enough." The text's only condition is the
    Budget, so with 0 Consumer Items it is usable for $0 by default (issue 13); the option
    farm_resort_empty=false closes it (docs/rules-notes.md)."""
    state = own("farm_resort")
    play(state, "place:own:farm_resort")
    assert state.players[0].money == 5
    state = new("mecenat", 2, farm_resort_empty=False)
    set_buildings(state, 0, ["farm_resort"])
    set_hand(state, 0, [])
    assert "place:own:farm_resort" not in legal(state)


def test_brewery_items_join_the_hand_next_round_after_the_hand_limit() -> None:
    """Brewery: 4 Consumer Items go on the Brewery and join the hand at the start of the
    next round, after the payday hand-limit check."""
    state = own("brewery", ["museum", "cathedral", "cathedral", "cathedral"], items=1)
    play(state, "place:own:brewery")
    assert state.players[0].items == 1 and state.players[0].brew == 4
    for seat in (1, 0, 1):
        pass_turn(state, seat)
    # P1 had 5 cards + 1 from the Mine = 6: one discard at payday, before the Brewery
    assert state.decision == 2 and state.current_player == 0
    play(state, legal(state)[0])
    assert state.round == 2
    assert state.players[0].hand_size == 5 + 4 and state.players[0].brew == 0


def test_shipyard_petrochemical_industrial_park_draw() -> None:
    """Shipyard: discard 3, draw 6. Petrochemical Complex: draw 4. Industrial Park: draw 3."""
    state = own("shipyard", ["museum"], items=2)
    play(state, "place:own:shipyard")
    assert state.players[0].hand_n == 6 and state.players[0].items == 0
    state = own("shipyard", ["museum"], items=1)
    assert "place:own:shipyard" not in legal(state)
    state = own("petrochemical_complex")
    play(state, "place:own:petrochemical_complex")
    assert state.players[0].hand_n == 4
    state = own("industrial_park")
    play(state, "place:own:industrial_park")
    assert state.players[0].hand_n == 3


def test_amusement_park_discards_two_and_takes_twenty_five() -> None:
    """Amusement Park: discard 2 cards and take $25; not usable under $25 in the Budget."""
    state = own("amusement_park", items=2, budget=24)
    assert "place:own:amusement_park" not in legal(state)
    state = own("amusement_park", items=2, budget=25)
    play(state, "place:own:amusement_park")
    assert state.players[0].money == 30 and state.players[0].items == 0


@pytest.mark.parametrize("card", ["graveyard", "old_district", "accounting_office",
                                  "railway_station", "botanical_garden", "museum",
                                  "export_port", "investment_bank", "cathedral"])
def test_no_worker_buildings_are_not_workplaces(card: str) -> None:
    """Cards marked 'you cannot place Worker tokens on this card' are never workplaces."""
    state = own(card)
    assert f"place:own:{card}" not in legal(state)


def test_old_district_counts_as_every_icon() -> None:
    """Old District: carries all three category icons."""
    state = own("old_district")
    b = state.cards.buildings[state.cards.by_id["old_district"]]
    assert b.icons == 7 and b.no_sale
    assert building_ids(state, 0) == ["old_district"]
