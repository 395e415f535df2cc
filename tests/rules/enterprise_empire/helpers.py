"""Building exact positions of 企業帝國 for rule tests."""

from __future__ import annotations

from keizai.rules.enterprise_empire import enterprise_empire
from keizai.rules.enterprise_empire.state import EmpireState

GAME = enterprise_empire()
PARTS = GAME.parts
IX = GAME.index
MATERIAL = {m.id: i for i, m in enumerate(PARTS.materials)}
KIND = {(k.price, k.steps): i for i, k in enumerate(PARTS.price_kinds)}
CORNER_SPACES = PARTS.corner_spaces
BOARD = [space.kind for space in PARTS.board]


class ScriptedRng:
    """Stands in for a state's Rng: `randbelow` returns the scripted values in order."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randbelow(self, n: int) -> int:
        value = self.values.pop(0)
        assert 0 <= value < n
        return value


def new_state(players: int = 2, seed: int = 0, **options: object) -> EmpireState:
    """A new game; corners dealt in turn order unless the test asks for the default choice
    (`choose_corners=True`), so exact positions start at the first move."""
    options.setdefault("choose_corners", False)
    state = GAME.new_state(players, seed, GAME.resolve_options(options))
    assert isinstance(state, EmpireState)
    return state


def roll(state: EmpireState, pips: int, *later: int) -> None:
    """The active seat rolls `pips` on the die; `later` scripts the next random draws."""
    state.rng = ScriptedRng(pips - 1, *later)
    state.apply("roll")


def give(state: EmpireState, seat: int, material: str, count: int = 1) -> None:
    """Move material tokens from the bank to a seat."""
    m = MATERIAL[material]
    assert state.bank[m] >= count
    state.bank[m] -= count
    state.held[seat * len(PARTS.materials) + m] += count


def held(state: EmpireState, seat: int, material: str) -> int:
    return state.held[seat * len(PARTS.materials) + MATERIAL[material]]


def deal_price_card(state: EmpireState, seat: int, price: int) -> None:
    """Move a price card of that price from the pile to a seat's hand."""
    kind = next(k for (p, _), k in KIND.items() if p == price)
    state.price_pile.remove(kind)
    state.hand[seat * len(PARTS.price_kinds) + kind] += 1


def put_on_top(state: EmpireState, price: int) -> None:
    kind = next(k for (p, _), k in KIND.items() if p == price)
    state.price_pile.remove(kind)
    state.price_pile.insert(0, kind)


def hand_size(state: EmpireState, seat: int) -> int:
    k = len(PARTS.price_kinds)
    return sum(state.hand[seat * k:(seat + 1) * k])


def own_corner(state: EmpireState, seat: int) -> int:
    return CORNER_SPACES[state.corner_of[seat]]


def first_space(kind: str, after: int = 0) -> int:
    """The first board index at or after `after` of that space kind."""
    size = len(BOARD)
    return next((after + i) % size for i in range(size) if BOARD[(after + i) % size] == kind)


def labels(state: EmpireState) -> list[str]:
    return [a.name for a in state.legal_actions()]
