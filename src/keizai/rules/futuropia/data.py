"""Futuropia's components and rule numbers, loaded once from `data/futuropia.json`.

Every number of the game lives in the data file (many are designed, see
docs/rules-notes.md) so that printed values can replace them without code changes. The
loader validates the file and turns it into small immutable tables indexed by int.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from functools import cache
from importlib import resources
from typing import Any, Final

from keizai.engine.pickling import pickle_by_fields

FOOD: Final = 0
POWER: Final = 1
KINDS = ("food", "power")
SIDES = ("A", "B")


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule numbers; expert tiles replace some of them for one game."""

    start_money: int
    start_food: int
    start_energy: int
    start_residents: int
    turn_order_bonus: tuple[int, ...]
    max_generators: int
    max_empty_beds: int
    invite_min: int
    invite_max: int
    robots_min: int
    robots_max: int
    shortfall_cost: int
    refresh_cost: int
    loan_value: int
    interest_per_loan: int
    repay_cost: int
    loan_penalty: int
    marker_max: int
    marker_step_dear: int
    marker_step_full: int
    subsidy_modifier: int
    end_residents: int
    idle_resident_vp: int
    surplus_vp: int
    face_up_tile_vp: int
    resources_per_vp: int
    advanced_specials_per_player: int
    specials_per_purchase: int
    expert_tiles_drawn: int


@dataclass(frozen=True, slots=True)
class GeneratorType:
    """A generator tile (all tiles of one stack are identical)."""

    id: str
    kind: int
    price: int | None  # None for the starting generators (never sold)
    spaces: int
    output: int
    copies: tuple[int, int, int, int, int]  # tiles in play by player count (index 0..4)


@dataclass(frozen=True, slots=True)
class HouseFace:
    """One side of a house tile."""

    tile: str
    side: str
    name: str
    price: int
    beds: int
    energy: int
    vp: int
    special: bool  # a B side of a `!` tile (at most one per purchase)


@dataclass(frozen=True, slots=True)
class HouseTile:
    id: str
    min_players: int  # 0 for the `!` tiles (used by every player count)
    special: bool


@dataclass(frozen=True, slots=True)
class ExpertTile:
    id: str
    name: str
    change: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        return ", ".join(f"{key} = {value}" for key, value in self.change)


@dataclass(frozen=True, slots=True)
class Components:
    rules: Rules
    generators: tuple[GeneratorType, ...]
    starting_generators: tuple[int, ...]  # indices into `generators`
    house_tiles: tuple[HouseTile, ...]
    faces: tuple[HouseFace, ...]  # face of tile t, side s is faces[2 * t + s]
    subsidy_tracks: tuple[tuple[tuple[int, ...], tuple[int | None, ...]], ...]
    expert_tiles: tuple[ExpertTile, ...]

    def generator_index(self, gen_id: str) -> int:
        for i, gen in enumerate(self.generators):
            if gen.id == gen_id:
                return i
        raise KeyError(gen_id)

    def tile_index(self, tile_id: str) -> int:
        for i, tile in enumerate(self.house_tiles):
            if tile.id == tile_id:
                return i
        raise KeyError(tile_id)

    def subsidy_track(self, players: int) -> tuple[int | None, ...]:
        for used_for, spaces in self.subsidy_tracks:
            if players in used_for:
                return spaces
        raise ValueError(f"no subsidy track for {players} players")

    def market_queue(self, kind: int, players: int) -> list[int]:
        """Generator stacks of one kind in play, cheapest first (market, then supply)."""
        queue = [
            i for i, g in enumerate(self.generators)
            if g.kind == kind and g.price is not None and g.copies[players] > 0
        ]
        queue.sort(key=lambda i: self.generators[i].price or 0)
        return queue


class DataError(ValueError):
    """The data file breaks a rule the game relies on."""


def _int(value: Any, where: str, minimum: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(f"{where}: expected an integer, got {value!r}")
    if minimum is not None and value < minimum:
        raise DataError(f"{where}: must be at least {minimum}, got {value}")
    return value


def _rules(raw: dict[str, Any]) -> Rules:
    names = [f.name for f in fields(Rules)]
    missing = [n for n in names if n not in raw]
    unknown = [n for n in raw if n not in names]
    if missing or unknown:
        raise DataError(f"rules: missing {missing}, unknown {unknown}")
    values: dict[str, Any] = {}
    for name in names:
        if name == "turn_order_bonus":
            values[name] = tuple(_int(v, f"rules.{name}") for v in raw[name])
        else:
            minimum = None if name == "subsidy_modifier" else 0
            values[name] = _int(raw[name], f"rules.{name}", minimum)
    return check_rules(Rules(**values))


def check_rules(rules: Rules) -> Rules:
    """Reject rule numbers the engine cannot play (also after expert changes)."""
    if len(rules.turn_order_bonus) < 4:
        raise DataError("rules.turn_order_bonus needs a value for each of 4 seats")
    if not 1 <= rules.invite_min <= rules.invite_max:
        raise DataError("rules: need 1 <= invite_min <= invite_max")
    if not 1 <= rules.robots_min <= rules.robots_max:
        raise DataError("rules: need 1 <= robots_min <= robots_max")
    if rules.max_generators < 3 or rules.loan_value < 1 or rules.repay_cost < 1:
        raise DataError("rules: max_generators >= 3, loan_value >= 1 and repay_cost >= 1")
    if rules.resources_per_vp < 1:
        raise DataError("rules.resources_per_vp must be positive")
    return rules


def _copies(marks: dict[str, Any], mark_min: dict[str, int], where: str) -> tuple[int, ...]:
    copies = [0] * 5
    for mark, count in marks.items():
        if mark not in mark_min:
            raise DataError(f"{where}: unknown mark {mark!r}")
        for players in range(mark_min[mark], 5):
            copies[players] += _int(count, f"{where}.{mark}")
    return tuple(copies)


def _face(raw: dict[str, Any], tile: str, side: str, name: str, beds: int, special: bool,
          where: str) -> HouseFace:
    return HouseFace(
        tile=tile, side=side, name=name,
        price=_int(raw["price"], f"{where}.price"),
        beds=beds,
        energy=_int(raw["energy"], f"{where}.energy"),
        vp=_int(raw["vp"], f"{where}.vp", None),
        special=special,
    )


def parse(raw: dict[str, Any]) -> Components:
    """Validate the raw JSON and build the tables."""
    if raw.get("schema") != "keizai-futuropia/1":
        raise DataError("unknown schema")
    rules = _rules(raw["rules"])
    mark_min = {k: _int(v, f"mark_min_players.{k}", 1) for k, v in raw["mark_min_players"].items()}

    generators: list[GeneratorType] = []
    starting: list[int] = []
    for entry in raw["starting_generators"]:
        where = f"starting generator {entry.get('id')}"
        starting.append(len(generators))
        generators.append(GeneratorType(
            entry["id"], KINDS.index(entry["kind"]), None,
            _int(entry["spaces"], f"{where}.spaces", 1),
            _int(entry["output"], f"{where}.output"), (4, 4, 4, 4, 4)))
    for entry in raw["generators"]:
        where = f"generator {entry.get('id')}"
        if entry["kind"] not in KINDS:
            raise DataError(f"{where}: kind must be food or power")
        generators.append(GeneratorType(
            entry["id"], KINDS.index(entry["kind"]), _int(entry["price"], f"{where}.price"),
            _int(entry["spaces"], f"{where}.spaces", 1), _int(entry["output"], f"{where}.output"),
            _copies(entry["marks"], mark_min, where)))  # type: ignore[arg-type]
    ids = [g.id for g in generators]
    if len(set(ids)) != len(ids):
        raise DataError("generator ids must be unique")
    for kind in (FOOD, POWER):
        if sum(1 for g in generators if g.kind == kind and g.price is not None) < 2:
            raise DataError(f"{KINDS[kind]}: a market needs at least two stacks")
        prices = [g.price for g in generators if g.kind == kind and g.price is not None]
        if len(set(prices)) != len(prices):
            raise DataError(f"{KINDS[kind]}: one stack per price")
    if len(starting) != 3 or sorted(generators[i].kind for i in starting) != [FOOD, FOOD, POWER]:
        raise DataError("three starting generators: two food, one power")
    if sum(generators[i].spaces for i in starting) != rules.start_residents:
        raise DataError("the starting residents fill exactly the starting work spaces")

    start = raw["starting_house"]
    start_beds = _int(start["beds"], "starting_house.beds", 1)
    if start_beds < rules.start_residents:
        raise DataError("the starting house must bed the starting residents")
    tiles: list[HouseTile] = []
    faces: list[HouseFace] = []
    for entry in raw["special_houses"]:
        where = f"special house {entry.get('id')}"
        tiles.append(HouseTile(entry["id"], 0, True))
        faces.append(_face(start, entry["id"], "A", str(start["name"]), start_beds, False,
                           "starting_house"))
        faces.append(_face(entry["B"], entry["id"], "B", f"special house {entry['id']}",
                           _int(entry["beds"], f"{where}.beds", 1), True, where))
    if len(tiles) < 4:
        raise DataError("need a `!` tile (starting house) for each of 4 players")
    for entry in raw["houses"]:
        where = f"house {entry.get('id')}"
        if entry["mark"] not in mark_min:
            raise DataError(f"{where}: unknown mark")
        beds = _int(entry["beds"], f"{where}.beds", 1)
        tiles.append(HouseTile(entry["id"], mark_min[entry["mark"]], False))
        for side in SIDES:
            faces.append(_face(entry[side], entry["id"], side, f"house {entry['id']}", beds,
                               False, f"{where}.{side}"))
    tile_ids = [t.id for t in tiles]
    if len(set(tile_ids)) != len(tile_ids) or set(tile_ids) & set(ids):
        raise DataError("house ids must be unique and differ from generator ids")

    tracks = []
    for entry in raw["subsidy_tracks"]:
        spaces = tuple(None if v is None else _int(v, "subsidy space") for v in entry["spaces"])
        if not spaces or spaces[0] is None:
            raise DataError("a subsidy track starts on a number")
        tracks.append((tuple(entry["players"]), spaces))
    for players in (2, 3, 4):
        if not any(players in used for used, _ in tracks):
            raise DataError(f"no subsidy track for {players} players")

    experts = []
    rule_names = {f.name for f in fields(Rules)}
    for entry in raw["expert_tiles"]:
        change = tuple((k, _int(v, f"expert {entry['id']}.{k}", None))
                       for k, v in entry["change"].items())
        if not change or any(k not in rule_names or k == "turn_order_bonus" for k, _ in change):
            raise DataError(f"expert tile {entry['id']}: changes must name rule numbers")
        check_rules(replace(rules, **dict(change)))
        experts.append(ExpertTile(entry["id"], entry["name"], change))
    if len({e.id for e in experts}) != len(experts):
        raise DataError("expert tile ids must be unique")

    return Components(rules, tuple(generators), tuple(starting), tuple(tiles), tuple(faces),
                      tuple(tracks), tuple(experts))


@cache
def components() -> Components:
    """The game's components (loaded and validated once)."""
    text = resources.files(__package__).joinpath("data/futuropia.json").read_text("utf-8")
    return parse(json.loads(text))


pickle_by_fields(Rules, GeneratorType, HouseFace, HouseTile, ExpertTile, Components)
