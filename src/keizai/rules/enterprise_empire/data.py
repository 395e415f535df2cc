"""Loading and validating the components of 企業帝國 (data/enterprise_empire.json).

Everything a printed edition could print differently — board layout, company cards,
price cards, amounts — is data. Loading turns names into small integers (materials,
groups, space effects, price-card kinds) and rejects a file that could not make a
playable game, so the rules code never meets a malformed component.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from keizai.engine.pickling import pickle_by_fields

# Space effects (what landing on a space does).
SUPPLY: Final = 0
DEMAND: Final = 1
RESEARCH: Final = 2
CORNER: Final = 3
_EFFECTS = {"supply": SUPPLY, "demand": DEMAND, "research": RESEARCH, "corner": CORNER}
CORNERS: Final = 4  # one per group: the board has four corner spaces

_AMOUNTS = (
    "starting_cash", "corner_revenue", "revenue_raise_per_company", "demand_sale",
    "research_jump", "tokens_per_material", "die_sides", "win_cash", "win_companies",
    "safety_turn_cap",
)


@dataclass(frozen=True, slots=True)
class Material:
    id: str
    zh: str
    en: str
    short: str


@dataclass(frozen=True, slots=True)
class Space:
    """One board space: its kind id, effect, material (supply only) and corner number."""

    kind: str
    zh: str
    en: str
    effect: int
    material: int  # -1 unless a supply space
    corner: int  # 0..3 on a corner space, else -1


@dataclass(frozen=True, slots=True)
class Group:
    id: str
    zh: str
    en: str
    card_colour: str
    pawn: str


@dataclass(frozen=True, slots=True)
class Company:
    id: str
    group: int
    zh: str
    en: str
    materials: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PriceKind:
    """One kind of price card: identical cards are one kind (and one choice)."""

    price: int
    steps: int
    count: int


@dataclass(frozen=True, slots=True)
class Components:
    """Every component and amount of the game, names resolved to indices."""

    materials: tuple[Material, ...]
    board: tuple[Space, ...]
    corner_spaces: tuple[int, ...]  # board index of corner 0..3
    groups: tuple[Group, ...]
    companies: tuple[Company, ...]
    group_companies: tuple[tuple[int, ...], ...]  # company indices of each group
    price_kinds: tuple[PriceKind, ...]  # sorted by (steps, price)
    demand_cards: tuple[int, ...]  # material of each demand card
    starting_cash: int
    corner_revenue: int
    revenue_raise_per_company: int
    demand_sale: int
    research_jump: int
    tokens_per_material: int
    die_sides: int
    win_cash: int
    win_companies: int
    safety_turn_cap: int

    @property
    def price_card_total(self) -> int:
        return sum(k.count for k in self.price_kinds)


class DataError(ValueError):
    """The components file cannot make a playable game."""


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(message)


def parse(raw: dict[str, Any]) -> Components:
    """Validate the JSON form of the components and resolve names to indices."""
    amounts = raw.get("amounts", {})
    for key in _AMOUNTS:
        value = amounts.get(key)
        _need(isinstance(value, int) and not isinstance(value, bool) and value > 0,
              f"amounts.{key} must be a positive integer, not {value!r}")

    materials = tuple(Material(m["id"], m["zh"], m["en"], m["short"]) for m in raw["materials"])
    material_index = {m.id: i for i, m in enumerate(materials)}
    _need(len(material_index) == len(materials) > 0, "material ids must be unique")

    def material(name: str, where: str) -> int:
        _need(name in material_index, f"{where}: unknown material {name!r}")
        return material_index[name]

    kinds: dict[str, dict[str, Any]] = {}
    for kind in raw["space_kinds"]:
        _need(kind.get("effect") in _EFFECTS, f"space kind {kind['id']!r}: unknown effect")
        if kind["effect"] == "supply":
            material(kind.get("material", ""), f"space kind {kind['id']!r}")
        kinds[kind["id"]] = kind

    board: list[Space] = []
    corner_spaces: list[int] = []
    for index, kind_id in enumerate(raw["board"]):
        _need(kind_id in kinds, f"board space {index}: unknown space kind {kind_id!r}")
        kind = kinds[kind_id]
        effect = _EFFECTS[kind["effect"]]
        corner = -1
        if effect == CORNER:
            corner = len(corner_spaces)
            corner_spaces.append(index)
        supplied = material(kind["material"], kind_id) if effect == SUPPLY else -1
        board.append(Space(kind_id, kind["zh"], kind["en"], effect, supplied, corner))
    _need(len(corner_spaces) == CORNERS, f"the board needs {CORNERS} corner spaces")

    groups = tuple(Group(g["id"], g["zh"], g["en"], g["card_colour"], g["pawn"])
                   for g in raw["groups"])
    group_index = {g.id: i for i, g in enumerate(groups)}
    _need(len(groups) == len(group_index) == CORNERS, f"there must be {CORNERS} groups")

    companies: list[Company] = []
    for card in raw["company_cards"]:
        _need(card.get("group") in group_index, f"company {card['id']!r}: unknown group")
        needs = tuple(material(m, f"company {card['id']!r}") for m in card["materials"])
        _need(len(needs) == len(set(needs)) > 0,
              f"company {card['id']!r}: materials must be different")
        companies.append(Company(card["id"], group_index[card["group"]], card["zh"], card["en"],
                                 needs))
    group_companies = tuple(
        tuple(i for i, c in enumerate(companies) if c.group == g) for g in range(len(groups))
    )
    for g, cards in zip(groups, group_companies, strict=True):
        _need(len(cards) >= amounts["win_companies"],
              f"group {g.id!r} has fewer company cards than win_companies")

    price_kinds = tuple(sorted(
        (PriceKind(p["price"], p["steps"], p["count"]) for p in raw["price_cards"]),
        key=lambda k: (k.steps, k.price),
    ))
    _need(len({(k.price, k.steps) for k in price_kinds}) == len(price_kinds),
          "each (price, steps) price card appears once, with a count")
    for k in price_kinds:
        _need(k.price > 0 and k.count > 0 and 0 < k.steps < len(board),
              f"price card {k}: price, count and steps must be positive, steps below board size")
    _need(amounts["research_jump"] < len(board) and amounts["die_sides"] < len(board),
          "moves must be shorter than one lap")

    demand_cards = tuple(material(m, "demand card") for m in raw["demand_cards"])
    _need(len(demand_cards) > 0, "there must be demand cards")

    return Components(
        materials=materials,
        board=tuple(board),
        corner_spaces=tuple(corner_spaces),
        groups=groups,
        companies=tuple(companies),
        group_companies=group_companies,
        price_kinds=price_kinds,
        demand_cards=demand_cards,
        **{key: amounts[key] for key in _AMOUNTS},
    )


@cache
def components() -> Components:
    """The components shipped with the package (loaded and validated once)."""
    text = resources.files(__package__).joinpath("data/enterprise_empire.json").read_text("utf-8")
    return parse(json.loads(text))


pickle_by_fields(Material, Space, Group, Company, PriceKind, Components)
