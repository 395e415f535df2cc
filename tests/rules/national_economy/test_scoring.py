"""Scoring (revival rulebook, Scoring; Mecenat end-of-game cards)."""

from __future__ import annotations

import pytest

from keizai.rules.national_economy.scoring import vp_card_points
from tests.rules.national_economy.helpers import new, set_buildings, set_hand, set_money


@pytest.mark.parametrize(("cards", "points"), [(0, 0), (1, 1), (2, 2), (3, 10), (4, 11),
                                               (5, 12), (6, 20), (7, 21)])
def test_vp_cards_ten_per_set_of_three_one_per_leftover(cards: int, points: int) -> None:
    """Scoring: 10 pt per 3 VP cards, 1 pt per card not forming a set."""
    assert vp_card_points(cards) == points


def _score(state, seat: int = 0) -> dict[str, int]:
    return state.scores()[seat]


def test_score_breakdown_values_money_vp_unpaid() -> None:
    """Scoring: asset values + end bonuses + $1 = 1 pt + VP cards − 3 per Unpaid Wage."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["laboratory", "museum"])  # 16 + 34
    set_money(state, 0, 7)
    state.players[0].vp = 4
    state.players[0].unpaid = 2
    row = _score(state)
    assert row == {"buildings": 50, "bonuses": 0, "money": 7, "vp_cards": 11,
                   "unpaid_wages": -6, "total": 62}


def test_graveyard_needs_an_empty_hand() -> None:
    """Graveyard: +8 if you have no cards in hand at the end."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["graveyard", "graveyard"])
    set_hand(state, 0, [])
    assert _score(state)["bonuses"] == 16
    set_hand(state, 0, [], items=1)
    assert _score(state)["bonuses"] == 0


def test_railway_station_with_six_buildings_counting_itself() -> None:
    """Railway Station: +18 with 6 or more buildings (itself included)."""
    state = new("mecenat", 2)
    five = ["railway_station", "potato_field", "potato_field", "cafeteria", "lottery"]
    set_buildings(state, 0, five)
    assert _score(state)["bonuses"] == 0
    set_buildings(state, 0, [*five, "laboratory"])
    assert _score(state)["bonuses"] == 18


def test_botanical_garden_export_port_investment_bank() -> None:
    """Botanical Garden +22 with 3 agriculture buildings; Export Port +24 with 2 gear
    buildings; Investment Bank +30 with 4 lock buildings (itself included); Old District
    counts for all three."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["botanical_garden", "potato_field", "fish_farm"])
    assert _score(state)["bonuses"] == 0
    set_buildings(state, 0, ["botanical_garden", "potato_field", "fish_farm", "old_district"])
    assert _score(state)["bonuses"] == 22
    set_buildings(state, 0, ["export_port", "ironwork", "old_district"])
    assert _score(state)["bonuses"] == 24
    set_buildings(state, 0, ["investment_bank", "graveyard", "museum"])
    assert _score(state)["bonuses"] == 0
    set_buildings(state, 0, ["investment_bank", "graveyard", "museum", "old_district"])
    assert _score(state)["bonuses"] == 30


def test_accounting_office_doubles_vp_points() -> None:
    """Accounting Office: VP-card points doubled (4 VP cards = 22 pt)."""
    state = new("mecenat", 2)
    set_buildings(state, 0, ["accounting_office"])
    state.players[0].vp = 4
    assert _score(state)["vp_cards"] == 22


def test_ties_go_to_the_player_closest_to_the_start_player() -> None:
    """Scoring: among tied players, the one closer to the start player in turn order wins."""
    state = new("mecenat", 3)
    for seat in range(3):
        set_money(state, seat, 10)
        set_hand(state, seat, [])
    state.start_player = 2
    assert state.ranking() == [2, 0, 1]
    state.start_player = 1
    assert state.ranking() == [1, 2, 0]


def test_a_whole_game_reports_its_breakdown() -> None:
    """Scoring: after round 9 the game is over and scores() gives the breakdown."""
    import random

    state = new("mecenat", 3, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    assert view["phase"] == "over" and state.round == 9
    for row in view["scores"]:
        parts = row["buildings"] + row["bonuses"] + row["money"] + row["vp_cards"]
        assert row["total"] == parts + row["unpaid_wages"]
    assert view["ranking"] == state.ranking()


def test_the_log_ends_with_each_seats_score_and_its_parts() -> None:
    """Scoring: the log said "The game is over." and no more; each seat's total and its
    parts, as the final ranking and the page's score table give them, close it now.
    Progress has no VP cards (rulebook, Scoring: "for Mecenat or Glory"): no part says
    them, and the total is the same sum."""
    import random

    state = new("progress", 2, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.scores()[0] == {"buildings": 10, "bonuses": 0, "money": 32,
                                 "unpaid_wages": -27, "total": 15}
    assert state.record()["scores"][0] == 15
    assert state.log(None)[-3:] == [
        "The game is over.",
        "Final score: P1 15 points (buildings 10, bonuses 0, money 32, "
        "Unpaid Wage cards -27).",
        f"Final score: P2 {state.scores()[1]['total']} points (buildings "
        f"{state.scores()[1]['buildings']}, bonuses {state.scores()[1]['bonuses']}, money "
        f"{state.scores()[1]['money']}, Unpaid Wage "
        f"cards {state.scores()[1]['unpaid_wages']})."]
    assert state.log(None, "ja")[-2] == ("最終得点：P1は15点（建物10、ボーナス0、お金32、"
                                         "未払い賃金カード-27）。")
    assert state.log(None, "zh-TW")[-2] == ("最終得分：P1得15分（建築物10、獎勵0、金錢32、"
                                            "欠薪卡-27）。")


@pytest.mark.parametrize("edition", ["mecenat", "glory"])
def test_editions_with_vp_cards_score_and_log_them(edition: str) -> None:
    """Scoring: Mecenat and Glory count VP cards, 0 included, in the row and the log."""
    state = new(edition, 2)
    state.players[0].vp = 0
    assert list(state.scores()[0]) == ["buildings", "bonuses", "money", "vp_cards",
                                       "unpaid_wages", "total"]
