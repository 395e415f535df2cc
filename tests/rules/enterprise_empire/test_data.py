"""The shipped components match every number of the seed text, and bad data is refused."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources

import pytest

from keizai.rules.enterprise_empire.data import CORNER, DataError, components, parse

RAW = json.loads(
    resources.files("keizai.rules.enterprise_empire")
    .joinpath("data/enterprise_empire.json").read_text("utf-8")
)


def test_counts_match_the_seed() -> None:
    """Seed 遊戲內容物: 36 spaces (4 corners), 8 materials × 3 tokens, 4 groups, 20 company
    cards (5 per group, 3 materials each), 8 demand cards, 23 price cards $200–900 / 2–9
    steps; seed 遊戲準備/結束: $2,000 start, $500 revenue notes, $1,200 sale, $10,000 win."""
    parts = components()
    assert len(parts.board) == 36
    assert [s.effect for s in parts.board].count(CORNER) == 4
    assert len(parts.materials) == 8 and parts.tokens_per_material == 3
    assert len(parts.groups) == 4
    assert len(parts.companies) == 20
    assert all(len(cards) == 5 for cards in parts.group_companies)
    assert all(len(c.materials) == 3 for c in parts.companies)
    assert sorted(parts.demand_cards) == list(range(8))
    assert parts.price_card_total == 23
    assert {k.price for k in parts.price_kinds} <= set(range(200, 901, 100))
    assert min(k.price for k in parts.price_kinds) == 200
    assert max(k.price for k in parts.price_kinds) == 900
    assert (min(k.steps for k in parts.price_kinds), max(k.steps for k in parts.price_kinds)) \
        == (2, 9)
    assert parts.die_sides == 4 and parts.research_jump == 6
    assert (parts.starting_cash, parts.corner_revenue, parts.revenue_raise_per_company) \
        == (2000, 500, 500)
    assert (parts.demand_sale, parts.win_cash, parts.win_companies) == (1200, 10000, 4)


def test_designed_board_has_every_supply_kind_three_times() -> None:
    """Reference §2.2 [X]: 8 supply kinds × 3, 4 demand, 4 research spaces."""
    kinds = Counter(space.kind for space in components().board)
    assert kinds["material_demand"] == kinds["market_research"] == 4
    supplies = [k for k in kinds if k not in ("corner", "material_demand", "market_research")]
    assert len(supplies) == 8 and all(kinds[k] == 3 for k in supplies)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["board"].remove("corner"), "corner"),
        (lambda d: d["board"].__setitem__(1, "moon_base"), "unknown space kind"),
        (lambda d: d["company_cards"][0].__setitem__("materials", ["oil", "oil", "car"]),
         "different"),
        (lambda d: d["company_cards"][0].__setitem__("materials", ["gold", "oil", "car"]),
         "unknown material"),
        (lambda d: d["amounts"].__setitem__("demand_sale", -5), "positive"),
        (lambda d: d["price_cards"].append({"price": 200, "steps": 2, "count": 1}), "once"),
        (lambda d: d["price_cards"][0].__setitem__("steps", 40), "steps"),
        (lambda d: d["groups"].pop(), "groups"),
    ],
)
def test_bad_data_is_refused(change: Callable[[dict], object], message: str) -> None:
    raw = copy.deepcopy(RAW)
    change(raw)
    with pytest.raises(DataError, match=message):
        parse(raw)


def test_company_cards_keep_the_reference_design_rule() -> None:
    """Reference §2.4 [X] design rule: 3 different materials per card; within a group 7
    materials twice and 1 once; over all 20 cards each material 7 or 8 times; no two cards
    share a recipe. 幻想科技's G2, G4 and G5 broke it before the reference gave them new
    recipes (issue 13)."""
    parts = components()
    recipes = [frozenset(c.materials) for c in parts.companies]
    assert len(set(recipes)) == len(recipes)
    for cards in parts.group_companies:
        counts = Counter(m for card in cards for m in parts.companies[card].materials)
        assert sorted(counts.values()) == [1] + [2] * 7
    overall = Counter(m for c in parts.companies for m in c.materials)
    assert len(overall) == 8 and set(overall.values()) <= {7, 8}


def test_fantasy_tech_recipes_are_the_reference_ones() -> None:
    """Reference §2.4: G2 storefront, capital, steel; G4 car, industry, real estate;
    G5 real estate, car, steel; N5 real estate, storefront, aircraft (the shipped data
    had N5 and the old G5 exchanged)."""
    by_id = {c["id"]: c["materials"] for c in RAW["company_cards"]}
    assert by_id["N5"] == ["real_estate", "storefront", "aircraft"]
    assert by_id["G2"] == ["storefront", "capital", "steel"]
    assert by_id["G4"] == ["car", "industry", "real_estate"]
    assert by_id["G5"] == ["real_estate", "car", "steel"]
