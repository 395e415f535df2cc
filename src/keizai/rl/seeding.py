"""What an environment's `reset` takes: game seeds (reproducible after a seeded reset,
fresh otherwise), and no options."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np

from keizai.engine import InvalidSetup, Rng
from keizai.engine.errors import shown
from keizai.engine.registry import SEED_BITS


class SeedStream:
    """Draws one game seed per reset. `reset(seed=s)` restarts the stream at `s`, so the
    same seed gives the same game and the resets after it stay reproducible."""

    def __init__(self) -> None:
        self._rng: Rng | None = None

    def next_seed(self, seed: int | None) -> int:
        if seed is not None:
            self._rng = Rng(checked_seed(seed))
        elif self._rng is None:
            self._rng = Rng(secrets.randbits(63))
        return self._rng.next64() >> 1


def checked_seed(seed: object) -> int:
    """`seed` as the engine takes a game's seed (`keizai.new_game`): an integer (a NumPy
    one too) of at most 64 bits. Anything else is refused with InvalidSetup, as the
    engine refuses it, rather than truncated (`int(1.5)`) or wrapped (2**64 would be the
    stream of 0) into another seed's games."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise InvalidSetup.refuse("setup.seed", value=shown(seed))
    value = int(seed)
    if value.bit_length() > SEED_BITS:
        raise InvalidSetup.refuse("setup.seed_size", bits=value.bit_length(), most=SEED_BITS)
    return value


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
                     f"options=...), not {options!r}")
