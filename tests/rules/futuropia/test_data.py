"""The data file: every component number, loaded and validated (reference §3)."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from keizai.rules.futuropia.data import FOOD, POWER, DataError, components, parse


def _raw() -> dict:
    text = resources.files("keizai.rules.futuropia").joinpath("data/futuropia.json")
    return json.loads(text.read_text("utf-8"))


def test_component_counts_match_the_reference() -> None:
    """Reference §3.1-3.5: 3 starting generators, 12 food and 10 power stacks, 8 `!`
    tiles, 28 regular houses, two subsidy sides, 9 expert tiles."""
    comps = components()
    assert [comps.generators[i].id for i in comps.starting_generators] == ["SF1", "SF2", "SP1"]
    sold = [g for g in comps.generators if g.price is not None]
    assert [g.price for g in sold if g.kind == FOOD] == list(range(4, 16))
    assert [g.price for g in sold if g.kind == POWER] == list(range(6, 16))
    assert sum(t.special for t in comps.house_tiles) == 8
    assert sum(not t.special for t in comps.house_tiles) == 28
    assert len(comps.expert_tiles) == 9


def test_tiles_in_play_follow_the_player_count_marks() -> None:
    """Rulebook 遊戲準備 2: tiles are marked 2+, 3+ or 4; reference §3.2/§3.3 give one
    generator of each stack per mark and 14/21/28 regular houses."""
    comps = components()
    f04 = comps.generators[comps.generator_index("F04")]
    assert f04.copies[2:] == (1, 2, 3)
    regular = [t for t in comps.house_tiles if not t.special]
    assert [sum(t.min_players <= n for t in regular) for n in (2, 3, 4)] == [14, 21, 28]


def test_house_faces_keep_beds_and_change_price_energy_vp() -> None:
    """Reference §3.3: L01 A $1 1 bed energy 1 VP −1 / B $2 energy 0 VP −2; the A side
    of a `!` tile is the starting house (3 beds), its B side a special house."""
    comps = components()
    t = comps.tile_index("L01")
    a, b = comps.faces[2 * t], comps.faces[2 * t + 1]
    assert (a.price, a.beds, a.energy, a.vp) == (1, 1, 1, -1)
    assert (b.price, b.beds, b.energy, b.vp) == (2, 1, 0, -2)
    s = comps.tile_index("S4")
    assert comps.faces[2 * s].name == "starting house" and comps.faces[2 * s].beds == 3
    assert (comps.faces[2 * s + 1].price, comps.faces[2 * s + 1].beds) == (5, 5)
    assert comps.faces[2 * s + 1].special


def test_subsidy_sides_by_player_count() -> None:
    """Reference §3.4: 12..20 with one blank between numbers (1-2 players) or two (3-4)."""
    comps = components()
    assert len(comps.subsidy_track(2)) == 17 and len(comps.subsidy_track(4)) == 25
    assert [v for v in comps.subsidy_track(3) if v is not None] == list(range(12, 21))


@pytest.mark.parametrize(("path", "value"), [
    (("schema",), "other"),
    (("rules", "loan_value"), -1),
    (("rules", "max_generators"), "seven"),
    (("generators", 0, "kind"), "water"),
    (("generators", 1, "price"), 4),          # two food stacks at $4
    (("houses", 0, "mark"), "5+"),
    (("houses", 1, "id"), "L01"),              # repeated id
    (("expert_tiles", 0, "change"), {"no_such_rule": 1}),
    (("starting_house", "beds"), 2),           # three starting residents need beds
])
def test_bad_data_is_rejected(path: tuple, value: object) -> None:
    """Data validation: a broken data file fails loudly when loaded."""
    raw = copy.deepcopy(_raw())
    target = raw
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises((DataError, KeyError, ValueError)):
        parse(raw)


def test_missing_rule_number_is_rejected() -> None:
    """Data validation: every rule number must be present."""
    raw = copy.deepcopy(_raw())
    del raw["rules"]["shortfall_cost"]
    with pytest.raises(DataError, match="shortfall_cost"):
        parse(raw)
