"""A tournament built from Python (`keizai.sim.Tournament`) refuses a seed that is no
game seed as `keizai sim --seed` does, with the reason, before any game is played
(a string seed raised "can only concatenate str", a float one a TypeError of '&')."""

from __future__ import annotations

import pytest

from keizai.engine import InvalidSetup
from keizai.sim import Tournament


@pytest.mark.parametrize(("seed", "reason"), [("1", "whole number"), (1.5, "whole number"),
                                              (True, "whole number"), (None, "whole number"),
                                              (-1, "at least 0")])
def test_a_seed_that_is_no_game_seed_is_refused(seed: object, reason: str) -> None:
    with pytest.raises(InvalidSetup, match=reason):
        Tournament("futuropia", 2, ["random"], 2, seed=seed)  # type: ignore[arg-type]
