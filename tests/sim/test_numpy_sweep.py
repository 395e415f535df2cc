"""A simulation driven from a researcher's NumPy sweep (`for seed in rng.integers(...)`,
`games=np.int64(...)`): its rows are the same as with Python ints, and JSON. They held the
NumPy integers: a game's row failed `json.dumps` ("Object of type uint64 is not JSON
serializable"), so did the tournament's own fields, and a seed near 2**64 derived its
agents' seeds with a NumPy multiply that overflowed (a RuntimeWarning)."""

from __future__ import annotations

import dataclasses
import json
import warnings
from pathlib import Path

import pytest

from keizai.sim import Tournament, run_tournament
from keizai.sim.runner import play_game

np = pytest.importorskip("numpy")

GAME = "national-economy/glory"


@pytest.mark.parametrize("seed", [5, 2**64 - 1], ids=["small", "largest"])
def test_a_game_of_numpy_integers_is_the_game_of_their_ints(seed: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # NumPy's overflow warning in the agents' seeds
        played = play_game(GAME, np.int64(2), np.uint64(seed), ["random", "heuristic"],
                           record=True)
    same = play_game(GAME, 2, seed, ["random", "heuristic"], record=True)
    assert played.error is None
    assert json.dumps(dataclasses.asdict(played)) == json.dumps(dataclasses.asdict(same))


def test_a_tournament_of_numpy_integers_is_json_as_its_results_are(tmp_path: Path) -> None:
    """The tournament itself, as an experiment's configuration is logged, holds the ints:
    its number of games stayed a NumPy integer (players and seed were already ints)."""
    tournament = Tournament(GAME, np.int64(2), ["random"], np.int64(3), seed=np.int64(4))
    assert json.loads(json.dumps(dataclasses.asdict(tournament)))["games"] == 3
    result = run_tournament(tournament, workers=1)
    result.write(str(tmp_path))
    written = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert written["summary"]["games"] == 3 and len(written["games"]) == 3
