"""Helpers for Futuropia rule tests: new games, named actions, hand-built positions."""

from __future__ import annotations

from typing import Any

import keizai
from keizai.i18n import render
from keizai.rules.futuropia.data import components
from keizai.rules.futuropia.state import FuturopiaState


def new(players: int = 2, seed: int = 0, **options: Any) -> FuturopiaState:
    state = keizai.new_game("futuropia", players, seed=seed, options=options)
    assert isinstance(state, FuturopiaState)
    return state


def names(state: FuturopiaState) -> list[str]:
    """The legal actions' JSON names."""
    return [a.name for a in state.legal_actions()]


def play(state: FuturopiaState, *actions: str) -> None:
    for name in actions:
        state.apply(name)


def gen(gen_id: str) -> int:
    return components().generator_index(gen_id)


def gen_ids(state: FuturopiaState, seat: int) -> list[str]:
    return [components().generators[g].id for g in state.gens[seat]]


def set_gens(state: FuturopiaState, seat: int, ids: list[str]) -> None:
    """Give a seat these generators: bought ones come out of the stock, starting ones it
    no longer has go to the box (so the invariants still hold where stock allows)."""
    table = components().generators
    new_gens = sorted(gen(i) for i in ids)
    for g in set(new_gens) | set(state.gens[seat]):
        change = new_gens.count(g) - state.gens[seat].count(g)
        if table[g].price is None:
            state.discarded[g] -= change
        else:
            state.stock[g] -= change
    state.gens[seat] = new_gens
    state._legal = None


def face(tile_id: str, side: str = "A") -> int:
    return 2 * components().tile_index(tile_id) + (side == "B")


def set_houses(state: FuturopiaState, seat: int, houses: list[tuple[str, str]]) -> None:
    """Give a seat these (tile, side) houses, taking them out of the supply."""
    faces = [face(t, s) for t, s in houses]
    state.house_supply = [f for f in state.house_supply if f >> 1 not in {x >> 1 for x in faces}]
    state.houses[seat] = faces
    state._legal = None


def money(state: FuturopiaState, seat: int) -> int:
    return state.res[seat][0]


def set_stock(state: FuturopiaState, seat: int, cash: int, food: int, energy: int) -> None:
    """Put a seat's resources at these values (books kept so invariants still hold)."""
    delta = cash - state.res[seat][0]
    if delta > 0:
        state.received[seat] += delta
    else:
        state.spent[seat] -= delta
    state.res[seat] = [cash, food, energy]
    state._legal = None  # legal actions are cached per position


def log_before_scores(state: FuturopiaState, lang: str = "en") -> list[str]:
    """The spectator's log without the final score lines that close a finished game."""
    return [render(event, lang) for event in state.events(None)
            if isinstance(event, str) or event[0] != "log.final_score"]
