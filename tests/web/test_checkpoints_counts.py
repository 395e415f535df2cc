"""Checkpoints kept for no game, or every 0 steps, are refused when made. Found in
session 30 (h186, after 2bd93ff's note): `Checkpoints(games=0)` was accepted and its
first frame failed with KeyError (the game's marks were dropped as they were made, then
moved to the end); `every=0` divided by zero. No option sets either (the app makes
`Checkpoints()`), so they are refused rather than given a meaning."""

from __future__ import annotations

import pytest

import keizai
from keizai.web.checkpoints import Checkpoints


@pytest.mark.parametrize("counts", [{"games": 0}, {"games": -1}, {"every": 0}])
def test_checkpoints_for_no_game_or_every_0_steps_are_refused(
        counts: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="1 or more"):
        Checkpoints(**counts)


def test_one_game_s_checkpoints_replay_its_frames() -> None:
    """The least kept (every step, one game) still answers each frame as a replay."""
    game = keizai.new_game("national-economy/mecenat", players=2, seed=7)
    while not game.is_over and len(game.history) < 12:
        game.apply(game.legal_actions()[0])
    record = game.record()
    kept = Checkpoints(every=1, games=1)
    for step in (3, 1, 12):
        expected = keizai.replay({**record, "actions": record["actions"][:step]})
        state = kept.state_at("g", record, step)
        assert state.history == expected.history
        assert state.view(None) == expected.view(None)
