"""Game seeds for environments: reproducible after a seeded reset, fresh otherwise."""

from __future__ import annotations

import secrets

from keizai.engine import Rng


class SeedStream:
    """Draws one game seed per reset. `reset(seed=s)` restarts the stream at `s`, so the
    same seed gives the same game and the resets after it stay reproducible."""

    def __init__(self) -> None:
        self._rng: Rng | None = None

    def next_seed(self, seed: int | None) -> int:
        if seed is not None:
            self._rng = Rng(int(seed))
        elif self._rng is None:
            self._rng = Rng(secrets.randbits(63))
        return self._rng.next64() >> 1
