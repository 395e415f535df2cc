"""What an environment's `reset` takes: game seeds (reproducible after a seeded reset,
fresh otherwise), and no options."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, Union

import numpy as np

from keizai.engine import Rng
from keizai.engine.registry import SEED_BITS, check_seed
from keizai.rl.quoting import given

# An integer as the environments take it (a seed, a count, a seat, an action): Python's
# or NumPy's, as a Generator draws it or np.arange and np.argmax give it.
Integer = Union[int, np.integer[Any]]  # noqa: UP007 - a runtime alias


class SeedStream:
    """Draws one game seed per reset. `reset(seed=s)` restarts the stream at `s`, so the
    same seed gives the same game and the resets after it stay reproducible."""

    def __init__(self) -> None:
        self._rng: Rng | None = None

    def next_seed(self, seed: Integer | None) -> int:
        if seed is not None:
            self._rng = Rng(checked_seed(seed))
        elif self._rng is None:
            self._rng = Rng(secrets.randbits(63))
        return self._rng.next64() >> 1


def checked_seed(seed: object) -> int:
    """`seed` as a Python int if it is a game seed from 0 to 2**64 - 1 (an integer, NumPy's
    too), else InvalidSetup, a ValueError as Gymnasium's refusals are (the engine's
    `check_seed`): never truncated (`int(1.5)`) or wrapped into another seed's games
    (2**64 and -1 would be the streams of 0 and 2**64 - 1)."""
    return check_seed(int(seed) if isinstance(seed, np.integer) else seed)


def consecutive_seeds(seed: object, count: int) -> list[int]:
    """`seed`, `seed + 1`, ... for `count` games (a vector environment's reset of one
    seed), each a game seed: ValueError (InvalidSetup) for a seed that is none, and
    ValueError naming the first game whose seed would pass 2**64 - 1."""
    first = checked_seed(seed)
    beyond = (1 << SEED_BITS) - first  # the first game whose seed is too large
    if beyond < count:
        raise ValueError(f"seed {first} gives environment {beyond} the seed "
                         f"{first + beyond}, beyond 2**64 - 1 (environment i gets seed + i): "
                         f"give a smaller seed, or one seed per environment")
    return [first + i for i in range(count)]


def check_reset_options(options: object, ignored_unless: Mapping[str, Any] | None = None,
                        ) -> None:
    """`reset`'s `options`: none, as a game's options are the constructor's (`options=`),
    fixed for the environment's life. An option given to `reset` is refused (ValueError)
    rather than ignored, which would play another game than the one asked for. With
    `ignored_unless` (PettingZoo's `reset`, whose `api_test` passes a key of its own), only
    the keys it names (the game's options) are refused and any other key is ignored."""
    if not options:
        return
    if ignored_unless is not None and isinstance(options, Mapping):
        named = [key for key in options if key in ignored_unless]
        if not named:
            return
        options = {key: options[key] for key in named}
    raise ValueError(f"reset() takes no game options (they go to the constructor, "
                     f"options=...) (given: {given(options)})")
