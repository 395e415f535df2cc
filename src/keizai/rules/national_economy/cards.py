"""National Economy card data: loaded once from `data/cards.json`, validated, indexed.

Buildings are identified by a type index `t` (their position in the game's card list);
a hand is a list of counts per type plus a count of Consumer Items, so identical cards
are one thing and one choice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from keizai.engine.pickling import pickle_by_fields

AGRICULTURE: Final = 1
INDUSTRY: Final = 2
FACILITY: Final = 4
ICON_BITS = {"agriculture": AGRICULTURE, "industry": INDUSTRY, "facility": FACILITY}

# Effect steps the rules interpreter knows (see state.py); a data file naming another fails.
STEP_ARITY = {
    "draw": 1, "items": 1, "vp": 1, "gain": 1, "discard": 1, "discard_items": 1,
    "fill_items": 1, "items_if_has_item": 2, "items_by_parity": 2, "gain_per_item": 1,
    "gain_if_last_token": 2, "gain_if_hand_exactly": 3, "draw_by_empty_hand": 2,
    "draw_if_hand_empty": 1, "brew": 1, "burn": 0, "reveal_pick": 1, "choose": 1,
    "build": None, "build_two": 1, "hire": 1, "hire_up_to": 1, "start_player": 0,
    "temp_worker": 0, "doll": 0,
}
BUILD_MODES = {"full", "discount", "lock", "free", "free_value_max", "free_icon", "item_double"}
# Cost reductions, as the rules judge them on every build (kept as small ints for speed)
NO_REDUCTION: Final = 0
VP_AT_LEAST: Final = 1
ICON_AT_LEAST: Final = 2
PER_ICON: Final = 3
REDUCTIONS = {"vp_at_least": VP_AT_LEAST, "icon_at_least": ICON_AT_LEAST,
              "per_icon": PER_ICON}
END_BONUSES = {
    "hand_empty", "buildings_at_least", "icon_count_at_least", "icon_value_at_least",
    "has_icons", "double_vp", "vp_at_least", "human_workers_at_least", "items_at_least",
    "only_lock", "per_item", "per_building", "per_worker", "per_icon", "cancel_unpaid",
}
CAPACITIES = {"one", "any", "selling"}
GAMES = ("progress", "mecenat", "glory")


class CardDataError(ValueError):
    """The card data file is malformed."""


@dataclass(frozen=True, slots=True)
class Building:
    index: int
    id: str
    name_en: str
    name_ja: str
    name_zh: str | None
    text_en: str
    cost: int
    value: int
    icons: int
    no_worker: bool
    no_sale: bool
    copies: int
    workers_required: int
    effect: tuple[tuple[Any, ...], ...]
    requires: dict[str, Any]
    cost_reduction: dict[str, Any] | None
    reduction_kind: int  # NO_REDUCTION, VP_AT_LEAST, ICON_AT_LEAST or PER_ICON
    reduction_n: int  # the VP cards or icon buildings the reduction needs
    reduction_icon: int  # the icon bit it counts
    reduction_amount: int  # the cost it takes off (per icon building for PER_ICON)
    end_bonus: dict[str, Any] | None
    on_build: tuple[tuple[Any, ...], ...]
    hand_limit_bonus: int


@dataclass(frozen=True, slots=True)
class Workplace:
    """An initial workplace or the face of a round card."""

    id: str
    name_en: str
    name_ja: str
    name_zh: str | None
    text_en: str
    effect: tuple[tuple[Any, ...], ...]
    capacity: str


@dataclass(frozen=True, slots=True)
class CardSet:
    game: str
    buildings: tuple[Building, ...]
    by_id: dict[str, int]
    initial: tuple[Workplace, ...]
    faces: tuple[Workplace, ...]  # faces[k] is the face of round card k+1 (rounds 1..8)
    wages: tuple[int, ...]
    vp_cards: bool
    carpenters: dict[int, int]
    solo_building_a: str
    solo_building_b: str
    solo_win_points: int
    setup: dict[str, int]

    @property
    def deck(self) -> list[int]:
        """Every building card of the game as type indices (unshuffled)."""
        return [b.index for b in self.buildings for _ in range(b.copies)]


def _steps(raw: list[Any], where: str) -> tuple[tuple[Any, ...], ...]:
    steps = []
    for step in raw:
        if not isinstance(step, list) or not step or step[0] not in STEP_ARITY:
            raise CardDataError(f"{where}: unknown effect step {step!r}")
        name, args = step[0], step[1:]
        arity = STEP_ARITY[name]
        if arity is not None and len(args) != arity:
            raise CardDataError(f"{where}: {name} takes {arity} argument(s), got {args!r}")
        if name == "build" and args[0] not in BUILD_MODES:
            raise CardDataError(f"{where}: unknown build mode {args[0]!r}")
        if name == "choose":
            args = [tuple(_steps(option, where) for option in args[0])]
        steps.append((name, *args))
    return tuple(steps)


def _workplace(raw: dict[str, Any], where: str) -> Workplace:
    if raw.get("capacity") not in CAPACITIES:
        raise CardDataError(f"{where}: capacity must be one of {sorted(CAPACITIES)}")
    return Workplace(raw["id"], raw["name_en"], raw["name_ja"], raw.get("name_zh"),
                     raw["text_en"], _steps(raw["effect"], where), raw["capacity"])


def _building(index: int, raw: dict[str, Any]) -> Building:
    where = raw.get("id", f"building {index}")
    for key in ("cost", "value", "copies", "workers_required"):
        if not isinstance(raw.get(key), int) or raw[key] < 0:
            raise CardDataError(f"{where}: {key} must be a non-negative integer")
    icons = 0
    for icon in raw["icons"]:
        if icon not in ICON_BITS:
            raise CardDataError(f"{where}: unknown icon {icon!r}")
        icons |= ICON_BITS[icon]
    reduction = raw.get("cost_reduction")
    if reduction is not None and reduction.get("kind") not in REDUCTIONS:
        raise CardDataError(f"{where}: unknown cost reduction {reduction!r}")
    bonus = raw.get("end_bonus")
    if bonus is not None and bonus.get("kind") not in END_BONUSES:
        raise CardDataError(f"{where}: unknown end bonus {bonus!r}")
    if raw["no_worker"] and raw["effect"]:
        raise CardDataError(f"{where}: a no-worker building cannot have a workplace effect")
    return Building(
        index=index, id=raw["id"], name_en=raw["name_en"], name_ja=raw["name_ja"],
        name_zh=raw.get("name_zh"), text_en=raw["text_en"], cost=raw["cost"],
        value=raw["value"], icons=icons, no_worker=bool(raw["no_worker"]),
        no_sale=bool(raw["no_sale"]), copies=raw["copies"],
        workers_required=raw["workers_required"], effect=_steps(raw["effect"], where),
        requires=dict(raw.get("requires") or {}), cost_reduction=reduction,
        reduction_kind=REDUCTIONS[reduction["kind"]] if reduction else NO_REDUCTION,
        reduction_n=int(reduction.get("n", 0)) if reduction else 0,
        reduction_icon=ICON_BITS[reduction["icon"]] if reduction and "icon" in reduction else 0,
        reduction_amount=int(reduction["amount"]) if reduction else 0,
        end_bonus=bonus,
        on_build=_steps(raw.get("on_build") or [], where),
        hand_limit_bonus=int((raw.get("passive") or {}).get("hand_limit", 0)),
    )


def parse_card_set(data: dict[str, Any], game: str) -> CardSet:
    """Validate and index one game's cards from the data file's JSON."""
    if game not in data:
        raise CardDataError(f"no cards for {game!r}")
    raw = data[game]
    buildings = tuple(_building(i, b) for i, b in enumerate(raw["buildings"]))
    by_id = {b.id: b.index for b in buildings}
    if len(by_id) != len(buildings):
        raise CardDataError(f"{game}: duplicate building ids")
    if sum(b.copies for b in buildings) != raw["deck_size"]:
        raise CardDataError(f"{game}: copies do not add up to the deck size {raw['deck_size']}")
    rounds = data["rounds"]
    if [r["round"] for r in rounds] != list(range(1, len(rounds) + 1)):
        raise CardDataError("rounds must be numbered 1, 2, ...")
    faces = tuple(_workplace(r["face"], f"round {r['round']}") for r in rounds if "face" in r)
    if len(faces) != len(rounds) - 1:
        raise CardDataError("every round card but the last has a workplace face")
    solo = raw["solo"]
    initial = tuple(_workplace(w, w["id"]) for w in raw["initial_workplaces"])
    initial_ids = {w.id for w in initial}
    if solo["building_a"] not in by_id and solo["building_a"] not in initial_ids:
        raise CardDataError(f"{game}: solo building A {solo['building_a']!r} is unknown")
    if solo["building_b"] not in by_id:
        raise CardDataError(f"{game}: solo building B {solo['building_b']!r} is unknown")
    return CardSet(
        game=game, buildings=buildings, by_id=by_id, initial=initial, faces=faces,
        wages=tuple(r["wage"] for r in rounds), vp_cards=bool(raw["vp_cards"]),
        carpenters={int(k): v for k, v in raw["carpenters_by_players"].items()},
        solo_building_a=solo["building_a"], solo_building_b=solo["building_b"],
        solo_win_points=solo["win_points"], setup=dict(data["setup"]),
    )


@cache
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def card_set(game: str) -> CardSet:
    """The validated cards of `game` ("progress", "mecenat" or "glory")."""
    return parse_card_set(_data(), game)


pickle_by_fields(Building, Workplace, CardSet)
