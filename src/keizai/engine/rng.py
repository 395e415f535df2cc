"""The seeded random number generator every state owns.

A state's RNG must be cheap to copy (search clones states hundreds of thousands of
times) and give the same numbers on every machine and Python version. The standard
library's Mersenne Twister has a 2.5 KB state whose copy dominates a cheap clone, so
states use SplitMix64: one 64-bit integer of state, a well-studied output function.

Compiled with mypyc, the generator runs on native 64-bit integers (`i64`, which wrap
around like C's); in plain Python, on Python's integers masked to 64 bits. Both give the
same numbers (tests/engine/test_rng.py pins them, and CI runs it on both builds).
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # annotations only: mypyc compiles i64 as a native 64-bit integer
    from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
# Whether this module is the mypyc-compiled one (native i64 arithmetic wraps around).
_NATIVE: Final = not __file__.endswith(".py")


def _signed(value: int) -> int:
    """A 64-bit unsigned value as the signed number with the same bits."""
    return value - (1 << 64) if value >> 63 else value


# SplitMix64's constants as signed 64-bit values, for the native arithmetic. Computed by a
# call, not written as literals: mypyc folds a literal beyond 62 bits into a Python int
# that it converts to i64 at every use; a computed Final is kept as a native i64.
_GOLDEN: Final[i64] = _signed(0x9E3779B97F4A7C15)
_MIX1: Final[i64] = _signed(0xBF58476D1CE4E5B9)
_MIX2: Final[i64] = _signed(0x94D049BB133111EB)
_LOW63: Final[i64] = _signed((1 << 63) - 1)
# The largest number below 2**62, written so: compiled code compares it natively.
_SMALL: Final = (1 << 62) - 1


class Rng:
    """SplitMix64. `randbelow(n)` takes the output modulo n: the bias is below n / 2**64."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        # The state's 64 bits: unsigned in plain Python, signed in the compiled build.
        if 0 <= seed <= _SMALL:  # the same bits either way (and no big-integer work)
            self._state: i64 = seed
        else:
            self._state = _signed(seed & _MASK) if _NATIVE else seed & _MASK

    def _bits(self) -> i64:
        """The next output's 64 bits (signed in the compiled build, unsigned otherwise)."""
        if _NATIVE:
            s: i64 = self._state + _GOLDEN
            self._state = s
            s = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1
            s = (s ^ ((s >> 27) & 0x1FFFFFFFFF)) * _MIX2
            return s ^ ((s >> 31) & 0x1FFFFFFFF)
        return self.next64()

    def _below(self, n: i64) -> i64:
        """The next output modulo n, for 0 < n < 2**62 (compiled build)."""
        bits = self._bits()
        # the unsigned value is 2 * (bits >>> 1) + (bits & 1)
        return (((bits >> 1) & _LOW63) % n * 2 + (bits & 1)) % n

    def next64(self) -> int:
        if _NATIVE:
            bits = self._bits()
            return int(bits) + (1 << 64) if bits < 0 else int(bits)
        self._state = s = (self._state + 0x9E3779B97F4A7C15) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if _NATIVE and 0 < n <= _SMALL:
            return self._below(n)
        return self.next64() % n

    def randrange(self, n: int) -> int:
        """Alias of `randbelow`, so an Rng can stand where a `random.Random` is expected."""
        return self.randbelow(n)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates shuffle in place. Another sequence than a list is shuffled as a
        list copy written back (the same draws and order): typed as a list, the swaps
        compile to native list access."""
        if isinstance(items, list):
            self._shuffle_list(items)
            return
        copy = list(items)
        self._shuffle_list(copy)
        for i, item in enumerate(copy):
            items[i] = item

    def _shuffle_list(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1) if _NATIVE else self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[Any]) -> Any:
        return items[self.randbelow(len(items))]

    def pick(self, pile: list[int], start: int, count: int) -> int:
        """The index of a card drawn from `pile[start:start + count]`, every card equally
        likely (a draw from the undecided part of a pile: see `State.lazy_draws`)."""
        return start + self.randbelow(count)

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for determinization)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        twin = Rng(0)
        twin._state = self._state
        return twin

    @property
    def state(self) -> int:
        """The 64-bit state as an unsigned integer."""
        return int(self._state) & _MASK


class SmallDraws:
    """Uniform draws below small bounds, three per 64-bit output of an `Rng`.

    For search only — rollouts and determinization, whose stream no game record depends
    on: a third of the generator calls, which are the dearest part of a rollout. Each
    draw takes 21 bits modulo n, so its bias is below n / 2**21 (under 0.01% for the
    bounds a game offers)."""

    __slots__ = ("_bits", "_left", "_rng")

    def __init__(self, rng: Rng | None = None) -> None:
        self._rng = Rng(0) if rng is None else rng
        # Three 21-bit draws per output; only the low 63 bits are used, which are the same
        # whether the output is signed (compiled build) or not.
        self._bits: i64 = 0
        self._left = 0

    def below(self, n: int) -> int:
        """A nearly uniform integer in [0, n) for n up to about a thousand."""
        if self._left == 0:
            self._bits = self._rng._bits() if _NATIVE else self._rng.next64()
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
# Whether the states created in the current context draw at draw time (`State.lazy_draws`).
_lazy_draws: ContextVar[bool] = ContextVar("keizai_lazy_draws", default=False)


def state_rng(seed: int) -> Any:
    """The generator a new state draws from (its set-up included): `Rng(seed)`, unless
    the state is created inside `drawing_from(source)`. Called once per new game, never
    by `clone()`, so the default path pays one context-variable read per game."""
    source = _chance_source.get()
    return Rng(seed) if source is None else source


def state_lazy_draws() -> bool:
    """Whether a new state decides the order of its face-down piles at draw time (see
    `drawing_from`); read once per new game."""
    return _lazy_draws.get()


@contextmanager
def drawing_from(source: Any, lazy_draws: bool = False) -> Iterator[None]:
    """States created inside this block draw from `source` (an object with the draw
    methods games call: `randbelow`, `shuffle` and `pick`) instead of `Rng(seed)`. For
    adapters that turn every draw into an explicit chance event (keizai.rl.openspiel_game);
    after set-up they replace `state.rng` directly.

    With `lazy_draws`, those states never order a face-down pile in advance: a shuffle
    leaves the pile sorted and undecided, and each card is drawn from its undecided part
    when it is drawn (`State.lazy_draws`), so the state holds no future card."""
    token = _chance_source.set(source)
    lazy = _lazy_draws.set(lazy_draws)
    try:
        yield
    finally:
        _lazy_draws.reset(lazy)
        _chance_source.reset(token)
