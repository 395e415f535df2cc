"""A record lists its moves by name (docs/records.md), as `State.record()` writes them. A
record of action indices (a researcher's `state.history` written as a record) replayed
before, as the game of whatever those indices name in this keizai: after a change of the
action space, silently another game. Every reader now refuses a move that is no name
before anything is replayed, saying which move and what it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import keizai
from keizai.engine import InvalidSetup
from keizai.engine.registry import check_record, parse_record
from keizai.i18n import render

GAME = "national-economy/mecenat"


def finished() -> keizai.State:
    state = keizai.new_game(GAME, 2, seed=8)
    while not state.is_over:
        state.apply(state.legal_indices()[0])
    return state


def with_move(record: dict[str, Any], position: int, value: object) -> dict[str, Any]:
    actions = list(record["actions"])
    actions[position] = value
    return {**record, "actions": actions}


@pytest.mark.parametrize(("position", "value", "shown"), [
    (0, 3, "3"), (2, 3.0, "3.0"), (4, None, "null"), (1, True, "true"), (3, ["x"], "['x']"),
])
def test_a_move_that_is_no_name_is_refused_naming_the_move(position: int, value: object,
                                                           shown: str) -> None:
    record = with_move(finished().record(), position, value)
    for read in (check_record, keizai.replay, lambda r: parse_record(json.dumps(r))):
        with pytest.raises(InvalidSetup) as caught:
            read(record)
        error = caught.value
        assert error.message_id == "setup.record_action_name"
        nth = {0: "1st", 1: "2nd", 2: "3rd", 3: "4th", 4: "5th"}[position]
        assert str(error).startswith(f"the record's {nth} move ({shown}) is not a move's name")
        assert render(error.message, "ja").startswith(f"記録の{position + 1}番目の行動")
        assert render(error.message, "zh-TW").startswith(f"紀錄中第{position + 1}個行動")


def test_a_record_of_indices_is_refused_not_replayed() -> None:
    state = finished()
    indices = {**state.record(), "actions": list(state.history)}
    with pytest.raises(InvalidSetup, match="1st move"):
        keizai.replay(indices)


def test_the_training_rows_refuse_a_record_of_indices() -> None:
    pytest.importorskip("numpy")
    from keizai.rl.dataset import decision_rows

    state = finished()
    assert decision_rows(state.record())
    with pytest.raises(InvalidSetup, match="is not a move's name"):
        decision_rows({**state.record(), "actions": list(state.history)})


def test_keizai_replay_says_so_without_a_traceback(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from keizai.cli import app

    state = finished()
    save = tmp_path / "indices.json"
    save.write_text(json.dumps({**state.record(), "actions": list(state.history)}))
    result = CliRunner().invoke(app, ["replay", str(save), "--lang", "en"])
    assert result.exit_code != 0
    assert "is not a move's name" in result.output
    assert "Traceback" not in result.output
