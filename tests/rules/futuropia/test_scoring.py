"""The self-sufficiency check and the points (rulebook 最終計分; reference §10)."""

from __future__ import annotations

import random

from keizai.rules.futuropia.data import components
from keizai.rules.futuropia.scoring import Community, final_points, self_sufficiency
from tests.rules.futuropia.helpers import new

COMPS = components()
RULES = COMPS.rules


def _gens(*ids: str) -> tuple:
    return tuple(COMPS.generators[COMPS.generator_index(i)] for i in ids)


def _houses(*faces: tuple[str, str]) -> tuple:
    return tuple(COMPS.faces[2 * COMPS.tile_index(t) + (s == "B")] for t, s in faces)


START = ("S1", "A")  # the starting house: 3 beds, energy 1


def test_self_sufficient_community_keeps_everything() -> None:
    """Rulebook 最終計分 I: stock is ignored; production covering demand removes nothing.
    Idle residents (in bed, not working) score 5, surplus units 1 each."""
    community = Community(_gens("SF1", "SF2", "SP1", "P06", "F04"), 0, 6,
                          _houses(START, ("L07", "A")))
    check = self_sufficiency(community, RULES)
    # 6 residents fill the 6 work spaces: food 7 for 6, energy 6 for 2 houses
    assert (check.residents, check.idle, check.surplus_food, check.surplus_energy) == \
        (6, 0, 1, 4)


def test_missing_energy_removes_robots_one_by_one() -> None:
    """Rulebook 最終計分 I.1: remove one robot per missing energy; a resident from a bed
    takes its work space."""
    community = Community(_gens("SF1", "SF2", "SP1", "P06", "F04"), 3, 8,
                          _houses(START, ("L06", "A"), ("L09", "A")))
    check = self_sufficiency(community, RULES)
    # energy: 6 made, demand 3 robots + 5 houses = 8 → two robots go
    assert check.robots == 1
    # food: 7 made for 8 residents → one resident goes; 7 left, 5 of them work
    assert (check.residents, check.idle) == (7, 2)
    assert (check.surplus_food, check.surplus_energy) == (0, 0)


def test_without_robots_houses_go_until_energy_balances() -> None:
    """Rulebook 最終計分 I.1: with no robot left, remove houses until energy balances;
    the player chooses which, and residents left without a bed or food go (I.2).

    Energy 1 is made, 3 is needed (start house 1, L05 2). Removing only L05 keeps 5
    beds, but 3 workers then must run SP1, SF1, SF2: 3 food, so 2 residents go and
    nothing is left over (1 point: L04's VP). Removing the starting house first and
    then L05 leaves L04 (2 beds, no energy): 2 residents on SF1 + SF2 make 3 food, one
    more than needed (2 points). The check takes the better choice for the player."""
    community = Community(_gens("SF1", "SF2", "SP1"), 0, 5,
                          _houses(START, ("L05", "A"), ("L04", "A")))
    check = self_sufficiency(community, RULES)
    assert [h.tile for h in check.houses] == ["L04"]
    assert (check.residents, check.idle, check.surplus_food + check.surplus_energy) == \
        (2, 0, 1)
    assert check.points(RULES) == 2


def test_residents_without_a_bed_go_before_feeding() -> None:
    """Rulebook 最終計分 I.2: residents without a bed are removed, then those the food
    production cannot feed; idle residents go first."""
    community = Community(_gens("SF1", "SF2", "SP1", "F15"), 0, 9,
                          _houses(START, ("L09", "A")))
    check = self_sufficiency(community, RULES)
    # energy: 1 made, 3 needed, no robots → L09 (energy 2) goes, 3 beds are left;
    # the 3 residents work SP1, F15 and SF2: 10 food, 3 eaten
    assert [h.tile for h in check.houses] == ["S1"]
    assert (check.residents, check.idle, check.surplus_food) == (3, 0, 7)


def test_the_check_staffs_for_the_player() -> None:
    """Reference §10: work spaces are re-staffed optimally for the check. Two workers can
    run F04 (4 food) or SP1 + SF2 (1 energy, 2 food); the house needs 1 energy, so the
    check runs SP1 + SF2 and keeps both residents fed."""
    community = Community(_gens("SF2", "SP1", "F04"), 0, 2, _houses(START))
    check = self_sufficiency(community, RULES)
    assert (check.residents, check.surplus_food, check.surplus_energy) == (2, 0, 0)
    assert check.idle == 0 and len(check.houses) == 1


def test_points_per_item() -> None:
    """Rulebook 最終計分 II: 5 per idle resident, 1 per surplus unit, house VP, −3 per
    unpaid loan, +3 per face-up tile, +1 per full 10 resources."""
    community = Community(_gens("SF1", "SF2", "SP1", "F05"), 0, 4,
                          _houses(START, ("L04", "A")))
    check = self_sufficiency(community, RULES)  # 4 work spaces, 4 residents: none idle
    points = final_points(check, loans=2, face_up_tiles=3, resources=29, rules=RULES)
    assert points == {"idle_residents": 0, "surplus": (6 - 4) + (1 - 1), "houses": 1,
                      "loans": -6, "face_up_tiles": 9, "resources": 2, "total": 8}


def test_the_remembered_check_follows_every_change_of_the_community() -> None:
    """The state remembers its self-sufficiency checks (bots score the same communities
    over and over). Through whole random games, basic and expert set-ups, and after
    hand-made changes to robots, residents, houses and generators, the remembered check
    is always the one computed afresh from the community as it stands."""
    setups: tuple[dict[str, object], ...] = (
        {}, {"expert_tiles": "random", "houses": "random"}, {"advanced": True})
    for seed, options in enumerate(setups, start=1):
        state = new(3, seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            for p in range(state.num_players):
                assert state.final_check(p) == self_sufficiency(state.community(p),
                                                                state.rules)
            state.apply_index(rng.choice(state.legal_indices()))
        for change in ("robots", "residents", "houses", "gens"):
            if change in ("robots", "residents"):
                getattr(state, change)[0] += 3
            else:
                getattr(state, change)[0].pop()
            assert state.final_check(0) == self_sufficiency(state.community(0), state.rules)
