"""A tournament's seed gives the same games in another process, under another
PYTHONHASHSEED, with another number of workers and in the other build (compiled or
`KEIZAI_PURE=1`), searching bots at a fixed iteration budget included: the same records
(actions and scores), and `keizai play`'s save of bots the same record. So a record
either build wrote replays to its scores in the other (tests/rl's episodes check the
environments the same way)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import keizai

ENTRY = "import sys; from keizai_entry import main; sys.exit(main())"
LINE_UP = "mcts:iterations=12:depth=4,heuristic:epsilon=0.3,random"


def keizai_command(arguments: list[str], pure: bool, hash_seed: str) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "KEIZAI_PURE"}
    environ["PYTHONHASHSEED"] = hash_seed
    if pure:
        environ["KEIZAI_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", ENTRY, *arguments], capture_output=True,
                          text=True, env=environ, timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr


def tournament(game: str, out: Path, workers: int, pure: bool, hash_seed: str
               ) -> list[dict[str, object]]:
    keizai_command(["sim", "--game", game, "--players", "3", "--games", "3", "--seed", "11",
                    "--agents", LINE_UP, "--workers", str(workers), "--out", str(out),
                    "--records", "--no-plots"], pure, hash_seed)
    lines = (out / "records.jsonl").read_text(encoding="utf-8").splitlines()
    return sorted((json.loads(line) for line in lines), key=lambda record: record["index"])


@pytest.mark.parametrize("game", ["national-economy/progress", "futuropia",
                                  "enterprise-empire"])
def test_a_tournament_plays_the_same_games_in_every_build_and_process(game: str,
                                                                     tmp_path: Path) -> None:
    compiled = tournament(game, tmp_path / "compiled", workers=2, pure=False, hash_seed="1")
    pure = tournament(game, tmp_path / "pure", workers=1, pure=True, hash_seed="2")

    assert [r["index"] for r in compiled] == [0, 1, 2]
    assert pure == compiled
    for record in compiled:
        state = keizai.replay(record)
        assert state.is_over
        assert [row["total"] for row in state.scores()] == record["scores"]


def test_a_play_save_of_bots_is_the_same_in_every_build(tmp_path: Path) -> None:
    saves = []
    for pure, hash_seed in ((False, "1"), (True, "2")):
        path = tmp_path / f"{pure}.json"
        keizai_command(["play", "national-economy/mecenat", "--seats",
                        "mcts:iterations=12:depth=4,heuristic", "--seed", "9", "--save",
                        str(path), "--lang", "en"], pure, hash_seed)
        saves.append(json.loads(path.read_text(encoding="utf-8")))
    assert saves[0] == saves[1]
    assert keizai.replay(saves[0]).is_over
