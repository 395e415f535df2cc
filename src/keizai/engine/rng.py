"""The seeded random number generator every state owns.

A state's RNG must be cheap to copy (search clones states hundreds of thousands of
times) and give the same numbers on every machine and Python version. The standard
library's Mersenne Twister has a 2.5 KB state whose copy dominates a cheap clone, so
states use SplitMix64: one 64-bit integer of state, a well-studied output function.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Final

_MASK: Final = (1 << 64) - 1


class Rng:
    """SplitMix64. `randbelow(n)` takes the output modulo n: the bias is below n / 2**64."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next64(self) -> int:
        self._state = s = (self._state + 0x9E3779B97F4A7C15) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        return self.next64() % n

    def randrange(self, n: int) -> int:
        """Alias of `randbelow`, so an Rng can stand where a `random.Random` is expected."""
        return self.next64() % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[Any]) -> Any:
        return items[self.next64() % len(items)]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for determinization)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self._state)

    @property
    def state(self) -> int:
        return self._state


class SmallDraws:
    """Uniform draws below small bounds, three per 64-bit output of an `Rng`.

    For search only — rollouts and determinization, whose stream no game record depends
    on: a third of the generator calls, which are the dearest part of a rollout. Each
    draw takes 21 bits modulo n, so its bias is below n / 2**21 (under 0.01% for the
    bounds a game offers)."""

    __slots__ = ("_bits", "_left", "_rng")

    def __init__(self, rng: Rng) -> None:
        self._rng = rng
        self._bits = 0
        self._left = 0

    def below(self, n: int) -> int:
        """A nearly uniform integer in [0, n) for n up to about a thousand."""
        if self._left == 0:
            self._bits = self._rng.next64()
            self._left = 3
        value = self._bits & 0x1FFFFF
        self._bits >>= 21
        self._left -= 1
        return value % n

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def rng_from(source: Any) -> Rng:
    """An Rng from an int seed, an Rng, or anything with `getrandbits` (random.Random)."""
    if isinstance(source, Rng):
        return source.spawn()
    if isinstance(source, int):
        return Rng(source)
    return Rng(source.getrandbits(64))


# The source of draws of the states created in the current context (None: `Rng(seed)`).
_chance_source: ContextVar[Any] = ContextVar("keizai_chance_source", default=None)


def state_rng(seed: int) -> Any:
    """The generator a new state draws from (its set-up included): `Rng(seed)`, unless
    the state is created inside `drawing_from(source)`. Called once per new game, never
    by `clone()`, so the default path pays one context-variable read per game."""
    source = _chance_source.get()
    return Rng(seed) if source is None else source


@contextmanager
def drawing_from(source: Any) -> Iterator[None]:
    """States created inside this block draw from `source` (an object with the draw
    methods games call: `randbelow` and `shuffle`) instead of `Rng(seed)`. For adapters
    that turn every draw into an explicit chance event (keizai.rl.openspiel_game); after
    set-up they replace `state.rng` directly."""
    token = _chance_source.set(source)
    try:
        yield
    finally:
        _chance_source.reset(token)
