"""Set-up by player count (rulebook 遊戲準備; reference §4)."""

from __future__ import annotations

import pytest

from keizai.rules.futuropia.data import FOOD, POWER, components
from tests.rules.futuropia.helpers import gen_ids, names, new


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tiles_in_play_by_player_count(players: int) -> None:
    """Rulebook 遊戲準備 2: only tiles marked for the player count are used (2+ always,
    3+ with 3-4, 4 with 4): one generator per stack and 7 regular houses per player."""
    state = new(players)
    comps = components()
    assert state.stock[comps.generator_index("F04")] == players - 1
    assert state.stock[comps.generator_index("P15")] == players - 1
    assert len(state.house_supply) == 7 * players
    assert all(comps.faces[f].side == "A" for f in state.house_supply)
    prices = [comps.faces[f].price for f in state.house_supply]
    assert prices == sorted(prices)  # the supply lies sorted by price


@pytest.mark.parametrize("players", [2, 3, 4])
def test_markets_open_at_4_5_and_6_7_with_markers_on_zero(players: int) -> None:
    """Rulebook 遊戲準備 4: $4/$5 food and $6/$7 power stacks in the market, markers on 0."""
    state = new(players)
    assert [state.market_price(FOOD, False), state.market_price(FOOD, True)] == [4, 5]
    assert [state.market_price(POWER, False), state.market_price(POWER, True)] == [6, 7]
    assert state.mk_marker == [0, 0]


@pytest.mark.parametrize(("players", "spaces"), [(2, 17), (3, 25), (4, 25)])
def test_subsidy_side_by_player_count_at_12(players: int, spaces: int) -> None:
    """Rulebook 遊戲準備 7: the subsidy side matches the player count; marker on 12."""
    state = new(players)
    assert len(state.setup.subsidy_track) == spaces
    assert state.subsidy_value() == 12


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_community_starts_the_same(players: int) -> None:
    """Rulebook 遊戲準備: a `!` house, food generators 1 and 2, power generator 1, three
    residents at work, five face-up action tiles, $12, 3 food, 3 energy."""
    state = new(players)
    for seat in range(players):
        assert gen_ids(state, seat) == ["SF1", "SF2", "SP1"]
        assert state.residents[seat] == 3 and state.robots[seat] == 0
        assert state.beds(seat) == 3 and len(state.houses[seat]) == 1
        assert state.tiles_up[seat] == 0b11111
        assert state.res[seat][1:] == [3, 3]
        assert state.loans[seat] == 0
    view = state.view(None)["communities"][0]
    assert view["idle_residents"] == 0  # all three at work


def test_turn_order_compensation() -> None:
    """Rulebook 玩家開局補償: 2nd player +$1, 3rd +$2, 4th +$3."""
    state = new(4)
    assert [r[0] for r in state.res] == [12, 13, 14, 15]


def test_start_player_chooses_among_the_five_actions() -> None:
    """Rulebook: on your turn choose one face-up action tile (all five at the start)."""
    state = new(2)
    assert state.current_player == 0
    assert names(state) == ["action:food", "action:power", "action:invite", "action:robots",
                            "action:subsidy"]
