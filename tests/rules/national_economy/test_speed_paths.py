"""Pure-speed paths of the rules (issue #19, glory-speed) give what the plain ones give.

- `score_parts` / `score_player` (counting loops instead of lists and closures) against
  the scoring as it was written before (kept here as the reference), on random holdings
  that reach every end-of-game bonus of every edition (revival rulebook, Scoring);
- `take_over`: the state becomes the other position, every attribute of it;
- `_placements` (each action put in its place as it is judged, issue #16, session 12)
  against the listing as it was: every free place judged, then sorted and de-duplicated.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from keizai.engine import Rng
from keizai.rules.national_economy.cards import FACILITY, ICON_BITS, Building
from keizai.rules.national_economy.scoring import score_parts, score_player, vp_card_points
from keizai.rules.national_economy.state import (
    FREE,
    PLACE,
    NationalEconomyState,
    Player,
)
from tests.rules.national_economy.helpers import new


def reference_end_bonus(b: Building, p: Player, state: NationalEconomyState) -> int:
    """scoring.end_bonus as written before the speed work."""
    bonus = b.end_bonus
    if bonus is None:
        return 0
    kind = bonus["kind"]
    buildings = state.cards.buildings
    owned = [buildings[t] for t in p.buildings]

    def icons(bit: int) -> list[Building]:
        return [o for o in owned if o.icons & bit]

    if kind == "hand_empty":
        met = p.hand_size == 0
    elif kind == "buildings_at_least":
        met = len(owned) >= bonus["n"]
    elif kind == "icon_count_at_least":
        met = len(icons(ICON_BITS[bonus["icon"]])) >= bonus["n"]
    elif kind == "icon_value_at_least":
        met = sum(o.value for o in icons(ICON_BITS[bonus["icon"]])) >= bonus["n"]
    elif kind == "has_icons":
        met = all(icons(ICON_BITS[name]) for name in bonus["icons"])
    elif kind == "vp_at_least":
        met = p.vp >= bonus["n"]
    elif kind == "human_workers_at_least":
        met = p.workers >= bonus["n"]
    elif kind == "items_at_least":
        met = p.items >= bonus["n"]
    elif kind == "only_lock":
        met = len(icons(FACILITY)) == 1
    elif kind == "per_item":
        return int(bonus["points"] * p.items)
    elif kind == "per_building":
        return int(bonus["points"] * len(owned))
    elif kind == "per_worker":
        return int(bonus["points"] * p.workers)
    elif kind == "per_icon":
        return int(bonus["points"] * len(icons(ICON_BITS[bonus["icon"]])))
    else:
        return 0
    return int(bonus["points"]) if met else 0


def reference_score(state: NationalEconomyState, p: Player) -> dict[str, int]:
    """scoring.score_player as written before the speed work."""
    buildings = state.cards.buildings
    owned = [buildings[t] for t in p.buildings]
    kinds = {o.end_bonus["kind"] for o in owned if o.end_bonus}
    vp = vp_card_points(p.vp) * (2 if "double_vp" in kinds else 1)
    cancelled = 0
    for o in owned:
        if o.end_bonus and o.end_bonus["kind"] == "cancel_unpaid":
            cancelled += o.end_bonus["max"]
    unpaid_cards = max(0, p.unpaid - cancelled)
    row = {
        "buildings": sum(o.value for o in owned),
        "bonuses": sum(reference_end_bonus(o, p, state) for o in owned),
        "money": p.money,
        "vp_cards": vp,
        "unpaid_wages": state.cards.setup["unpaid_wage_points"] * unpaid_cards,
    }
    row["total"] = sum(row.values())
    if not state.cards.vp_cards:   # Progress: no VP cards, no such part
        del row["vp_cards"]
    if state.num_players == 1:
        row["target"] = state.cards.solo_win_points
        row["won"] = int(row["total"] >= state.cards.solo_win_points)
    return row


@pytest.mark.parametrize("edition", ["progress", "mecenat", "glory"])
@pytest.mark.parametrize("players", [1, 3])
def test_the_score_terms_are_the_scoring_as_it_was(edition: str, players: int) -> None:
    state = new(edition, players)
    types = range(len(state.cards.buildings))
    kinds = {b.end_bonus["kind"] for b in state.cards.buildings if b.end_bonus}
    assert kinds  # every edition has end-of-game bonuses to check
    rng = random.Random(7)
    p = state.players[0]
    checked = 0
    for _ in range(400):
        p.buildings = [rng.choice(types) for _ in range(rng.randrange(14))]
        p.vp = rng.randrange(12) if state.cards.vp_cards else 0   # Progress has none
        p.unpaid = rng.randrange(6)
        p.items = rng.randrange(6)
        p.workers = rng.randrange(1, 6)
        p.money = rng.randrange(30)
        p.hand = [0] * len(p.hand)
        p.hand_n = rng.randrange(2)
        expected = reference_score(state, p)
        assert score_player(state, p) == expected
        parts = score_parts(state, p)
        assert sum(parts) == expected["total"]
        assert parts == (expected["buildings"], expected["bonuses"], expected["money"],
                         expected.get("vp_cards", 0), expected["unpaid_wages"])
        checked += bool(expected["bonuses"])
    assert checked > 50  # many of the holdings earned bonuses


def test_take_over_makes_the_state_the_other_position() -> None:
    state = new("glory", 1, seed=3)
    state.log_enabled = False
    other = state.clone()
    while other.round < 3:
        other.apply_index(other.legal_indices()[-1])
    slots: list[str] = []
    for cls in type(state).__mro__:
        slots.extend(getattr(cls, "__slots__", ()))
    shared = [name for name in slots if name != "_cheapest_known"]  # a scratch value
    before: dict[str, Any] = {name: getattr(other, name) for name in shared}
    history = list(other.history)
    state.take_over(other)
    for name in shared:
        value = getattr(state, name)
        if name == "rng":
            assert value.random() == before[name].copy().random()
        else:
            assert value == before[name], name
    assert state.history == history
    assert state.legal_indices() == other.legal_indices()


def reference_placements(state: NationalEconomyState, seat: int) -> list[int]:
    """`_placements` as written before session 12: every free place of the general row and
    of the seat's own buildings judged, the actions sorted, duplicates dropped."""
    p = state.players[seat]
    state._cheapest_known = -1
    found: list[int] = []
    for i, key in enumerate(state.wp_key):
        spot = state.spots[key]
        if state.wp_side[i] or (state.wp_who[i] and not spot.multi):
            continue
        if state._judge(p, seat, spot):
            found.append(spot.action)
    for j, t in enumerate(p.buildings):
        spot = state.own_spots[t]
        if p.built[j] == FREE and spot.steps and state._judge(p, seat, spot):
            found.append(spot.action)
    return sorted(set(found))


@pytest.mark.parametrize("edition", ["progress", "mecenat", "glory"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_placements_are_listed_as_before(edition: str, players: int) -> None:
    """In random games, every placement decision lists the actions the old listing did,
    ascending and once each, also where several Carpenters stand in the row (3 and 4
    players: rulebook, Setup) and where sold buildings join it."""
    checked = duplicates = 0
    for seed in range(4):
        state = new(edition, players, seed=seed)
        state.log_enabled = False
        rng = Rng(seed)
        while not state.is_over:
            if state.decision == PLACE:
                seat = state.current
                assert seat is not None
                listed = state._placements(seat)
                assert listed == reference_placements(state, seat)
                assert listed == sorted(set(listed))
                keys = [state.spots[k].action for k in state.wp_key]
                duplicates += len(keys) != len(set(keys))
                checked += 1
            legal = state.legal_indices()
            state.apply(legal[rng.randbelow(len(legal))])
    assert checked > 100
    if players >= 3:
        assert duplicates  # rows with the same place twice were listed
