"""Every Glory building and the Relics workplace (revival rulebook, Cards for Glory;
Acquire a Mechanical Doll)."""

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
    set_money,
)

own = partial(helpers.own, "glory")  # seat 0 owns cards, holds a hand


def test_glory_has_26_types_71_cards_and_the_relics_workplace() -> None:
    """Components: 71 Glory building cards of 26 kinds; the Relics initial workplace."""
    state = new("glory", 2)
    assert len(state.cards.buildings) == 26 and len(state.cards.deck) == 71
    assert "ruins" in [w["id"] for w in state.view(None)["workplaces"]]


def test_relics_workplace_gives_an_item_and_a_vp_card() -> None:
    """Relics (initial workplace): draw 1 Consumer Item and take 1 VP card."""
    state = new("glory", 2)
    items = state.players[0].items
    play(state, "place:ruins")
    assert state.players[0].items == items + 1 and state.players[0].vp == 1


def test_relics_building_gives_two_vp_when_built() -> None:
    """Relics (building): cost 0; when built, take 2 VP cards once; no workplace."""
    state = own([], ["relics"])
    play(state, "place:carpenter")
    assert building_ids(state, 0) == ["relics"] and state.players[0].vp == 2
    assert "place:own:relics" not in legal(state)


def test_workshop_and_colony() -> None:
    """Workshop: draw 1 building and 1 VP. Colony: build at full cost, then 1 item."""
    state = own("workshop")
    play(state, "place:own:workshop")
    assert state.players[0].hand_n == 1 and state.players[0].vp == 1
    state = own("colony", ["workshop"], items=1)
    play(state, "place:own:colony")
    assert "workshop" in building_ids(state, 0) and state.players[0].items == 1


def test_farm_village_chooses_items_or_trade() -> None:
    """Farm Village: draw 2 Consumer Items, or discard 2 Consumer Items and draw 3
    buildings (the second needs two Consumer Items)."""
    state = own("farm_village", items=2)
    play(state, "place:own:farm_village")
    assert legal(state) == ["option:items", "option:trade"]
    play(state, "option:trade")
    assert state.players[0].items == 0 and state.players[0].hand_n == 3
    state = own("farm_village", items=1)
    play(state, "place:own:farm_village")  # only the first option: taken at once
    assert state.players[0].items == 3


def test_steam_factory_discard_draw_and_reduction_with_two_vp() -> None:
    """Steam Factory: discard 2, draw 4; cost 2, -1 with 2+ VP cards."""
    state = own("steam_factory", items=2)
    play(state, "place:own:steam_factory")
    assert state.players[0].hand_n == 4
    state = own([], ["steam_factory"])
    p = state.players[0]
    assert state.cost(p, state.cards.by_id["steam_factory"]) == 2
    p.vp = 2
    assert state.cost(p, state.cards.by_id["steam_factory"]) == 1


@pytest.mark.parametrize(("card", "vp", "base", "cut"), [
    ("smelter", 3, 5, 2), ("greenhouse", 4, 6, 2), ("locomotive_factory", 5, 7, 3)])
def test_vp_cost_reductions(card: str, vp: int, base: int, cut: int) -> None:
    """Smelter −2 with 3 VP; Greenhouse −2 with 4 VP; Locomotive Factory −3 with 5 VP."""
    state = own([])
    p = state.players[0]
    t = state.cards.by_id[card]
    p.vp = vp - 1
    assert state.cost(p, t) == base
    p.vp = vp
    assert state.cost(p, t) == base - cut


def test_board_game_cafe_ten_for_the_last_token_else_five() -> None:
    """Board Game Cafe: $10 if you have no worker or doll left after placing, else $5."""
    state = own("board_game_cafe", budget=20)
    play(state, "place:own:board_game_cafe")
    assert state.players[0].money == 10
    state = own("board_game_cafe", budget=20)
    pass_turn(state, 0)
    pass_turn(state, 1)
    play(state, "place:own:board_game_cafe")
    assert state.players[0].money == 15


def test_skyscraper_construction_draws_two_when_the_hand_empties() -> None:
    """Skyscraper Construction: build at full cost; if the hand is then empty draw 2."""
    state = own("skyscraper_construction", ["workshop"], items=1)
    play(state, "place:own:skyscraper_construction")
    assert "workshop" in building_ids(state, 0) and state.players[0].hand_n == 2


@pytest.mark.parametrize(("items", "drawn"), [(0, 2), (1, 3), (2, 2)])
def test_chicken_farm_parity(items: int, drawn: int) -> None:
    """Chicken Farm: 2 Consumer Items with an even hand (0 is even), 3 with an odd hand."""
    state = own("chicken_farm", items=items)
    play(state, "place:own:chicken_farm")
    assert state.players[0].items == items + drawn


@pytest.mark.parametrize(("hand", "gain"), [(5, 14), (4, 7), (6, 7)])
def test_art_museum_fourteen_with_exactly_five_cards(hand: int, gain: int) -> None:
    """Museum (美術館): $14 with exactly 5 cards in hand, otherwise $7."""
    state = own("art_museum", items=hand, budget=20)
    play(state, "place:own:art_museum")
    assert state.players[0].money == 5 + gain


def test_theater_discards_two_takes_twenty() -> None:
    """Theater: discard 2, take $20; not usable under $20."""
    assert "place:own:theater" not in legal(own("theater", items=2, budget=19))
    state = own("theater", items=2, budget=20)
    play(state, "place:own:theater")
    assert state.players[0].money == 25


def test_two_worker_workplaces_take_two_tokens_at_once() -> None:
    """Cotton Farm (5 items), Coal Mine (5 buildings), Transporter (free build): you must
    place 2 workers or dolls there at the same time — one decision."""
    state = own(["cotton_farm", "coal_mine"])
    play(state, "place:own:cotton_farm")
    assert state.players[0].items == 5 and state.players[0].ready == 0
    state = own("coal_mine")
    pass_turn(state, 0)
    pass_turn(state, 1)
    assert "place:own:coal_mine" not in legal(state)  # one token left
    state = own("transporter", ["locomotive_factory"])
    play(state, "place:own:transporter")
    assert "locomotive_factory" in building_ids(state, 0)


def test_mechanical_doll_works_this_round_and_costs_no_wage() -> None:
    """Mechanical Doll: when built, take the matching doll; it can be placed from this round
    and needs no wage; it is not a worker for the worker limit (rules-notes)."""
    state = own([], ["mechanical_doll"], items=4)
    set_money(state, 0, 4)
    play(state, "place:carpenter")
    p = state.players[0]
    assert p.dolls == 1 and p.ready == 2
    pass_turn(state, 1)
    play(state, "place:mine")  # the doll works at once
    pass_turn(state, 1)
    play(state, "place:ruins")
    assert state.round == 2
    assert p.money == 0 and p.unpaid == 0  # 2 workers x $2 = $4, nothing for the doll
    assert p.ready == 3


def test_modern_architecture_counts_consumer_items_double() -> None:
    """Modern Architecture: each Consumer Item pays 2 toward the cost; overpayment is not
    refunded (cost 5 with 3 items: all three are spent)."""
    state = own("modern_architecture", ["revolution_square"], items=3)
    play(state, "place:own:modern_architecture")
    assert "revolution_square" in building_ids(state, 0)
    assert state.players[0].items == 0
    state = own("modern_architecture", ["smelter", "workshop"], items=3)
    play(state, "place:own:modern_architecture", "build:smelter")
    assert legal(state) == ["pay:workshop", "pay:item"]


def test_glory_end_bonuses() -> None:
    """Consumer's Union +18 (agriculture value 20+), Guild Hall +20 (agriculture and gear),
    Ivory Tower +22 (7 VP), Revolution Square +18 (5 human workers), Tech Expo +24 (gear
    value 30+), Harvest Festival +26 (4 Consumer Items), Temple +30 (only lock building)."""
    state = new("glory", 2)
    p = state.players[0]
    set_hand(state, 0, [])
    cases = [
        (["consumers_union", "cotton_farm", "farm_village"], 18),  # 14 + 6 = 20
        (["consumers_union", "cotton_farm"], 0),
        (["guild_hall", "farm_village", "workshop"], 20),
        (["guild_hall", "farm_village"], 0),
        (["tech_expo", "coal_mine", "smelter"], 24),  # 20 + 16 = 36
        (["tech_expo", "coal_mine"], 0),
        (["temple"], 30),
        (["temple", "monument"], 0),
    ]
    for cards, bonus in cases:
        set_buildings(state, 0, cards)
        assert state.scores()[0]["bonuses"] == bonus, cards
    set_buildings(state, 0, ["ivory_tower"])
    p.vp = 6
    assert state.scores()[0]["bonuses"] == 0
    p.vp = 7
    assert state.scores()[0]["bonuses"] == 22
    set_buildings(state, 0, ["revolution_square"])
    p.workers, p.dolls = 4, 1
    assert state.scores()[0]["bonuses"] == 0
    p.workers = 5
    assert state.scores()[0]["bonuses"] == 18
    set_buildings(state, 0, ["harvest_festival"])
    set_hand(state, 0, [], items=4)
    assert state.scores()[0]["bonuses"] == 26
    assert hand_ids(state, 0) == []
