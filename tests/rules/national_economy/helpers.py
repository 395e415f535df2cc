"""Set up National Economy positions for rule tests.

Cards are moved between the deck and the places a test needs, so the card-conservation
invariant still holds and `check_invariants()` can be called after every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import keizai
from keizai.rules.national_economy.state import FREE, NationalEconomyState
from keizai.rules.national_economy.workplaces import PUBLIC


def new(game: str = "mecenat", players: int = 2, seed: int = 1, **options: Any
        ) -> NationalEconomyState:
    state = keizai.new_game(f"national-economy/{game}", players, seed=seed, options=options)
    assert isinstance(state, NationalEconomyState)
    return state


def _take_from_deck(state: NationalEconomyState, card_id: str) -> int:
    t = state.cards.by_id[card_id]
    for pile in (state.deck, state.discard):
        if t in pile:
            pile.remove(t)
            return t
    for p in state.players:  # a single copy may have been dealt: take it back
        if p.hand[t]:
            p.hand[t] -= 1
            p.hand_n -= 1
            return t
    raise AssertionError(f"no {card_id} left in the deck or discard pile")


def set_hand(state: NationalEconomyState, seat: int, cards: Sequence[str] = (), items: int = 0
             ) -> None:
    """Give a seat exactly these building cards and Consumer Items in hand."""
    p = state.players[seat]
    for t, count in enumerate(p.hand):
        state.deck.extend([t] * count)
        p.hand[t] = 0
    p.hand_n = 0
    for card_id in cards:
        p.hand[_take_from_deck(state, card_id)] += 1
        p.hand_n += 1
    p.items = items
    state._legal = None


def set_buildings(state: NationalEconomyState, seat: int, cards: list[str]) -> None:
    """Give a seat these buildings (replacing what it owned)."""
    p = state.players[seat]
    state.deck.extend(p.buildings)
    p.buildings = [_take_from_deck(state, card_id) for card_id in cards]
    p.built = [FREE] * len(p.buildings)
    state._legal = None


def add_public(state: NationalEconomyState, card_id: str) -> None:
    """Put a building into the general row, as if sold earlier."""
    state.wp_key.append(PUBLIC + _take_from_deck(state, card_id))
    state.wp_who.append(())
    state.wp_side.append(False)
    state._legal = None


def set_money(state: NationalEconomyState, seat: int, money: int) -> None:
    """Set a seat's money, keeping the supply's account balanced."""
    p = state.players[seat]
    state.supply_out += money - p.money
    p.money = money


def set_budget(state: NationalEconomyState, budget: int) -> None:
    state.supply_out += budget - state.budget
    state.budget = budget
    state._legal = None


def stack_deck(state: NationalEconomyState, cards: list[str]) -> None:
    """Put these cards on top of the deck, the first one drawn first."""
    for card_id in reversed(cards):
        state.deck.append(_take_from_deck(state, card_id))


def legal(state: NationalEconomyState) -> list[str]:
    return [a.name for a in state.legal_actions()]


def play(state: NationalEconomyState, *names: str) -> None:
    for name in names:
        state.apply(name)
        state.check_invariants()


def hand_ids(state: NationalEconomyState, seat: int) -> list[str]:
    p = state.players[seat]
    return [state.cards.buildings[t].id for t, c in enumerate(p.hand) for _ in range(c)]


def building_ids(state: NationalEconomyState, seat: int) -> list[str]:
    return [state.cards.buildings[t].id for t in state.players[seat].buildings]


def pass_turn(state: NationalEconomyState, seat: int) -> None:
    """Let `seat` place a worker on the Mine (always legal in multiplayer)."""
    assert state.current_player == seat
    play(state, "place:mine")


def own(game: str, cards: list[str] | str, hand: Sequence[str] = (), items: int = 0,
        budget: int = 0, players: int = 2, **options: Any) -> NationalEconomyState:
    """A new game in which seat 0 owns `cards` and holds exactly `hand` (+ `items`)."""
    state = new(game, players, **options)
    set_buildings(state, 0, [cards] if isinstance(cards, str) else list(cards))
    set_hand(state, 0, list(hand), items)
    set_budget(state, budget)
    return state
