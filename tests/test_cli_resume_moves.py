"""A hand-edited save whose moves no longer replay is refused in a player's words: the
move is named by its number in the record and, where the game has it, by the label the
menu shows. It said "action index 9999 is out of range for Futuropia" and, in English,
"action:robots is not possible now" (the action's JSON name)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app

runner = CliRunner()


def _edited(tmp_path: Path, third: object) -> Path:
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "futuropia", "--seats", "random,random", "--seed", "3",
                        "--save", str(save), "--lang", "en"], input="q\n")
    record = json.loads(save.read_text())
    assert len(record["actions"]) > 3
    record["actions"][2] = third
    save.write_text(json.dumps(record))
    return save


# A record names its moves (docs/records.md): a number is refused as no move's name, before
# the replay (setup.record_action_name), where it was read as an index.
@pytest.mark.parametrize(("lang", "words"), [
    ("en", "the record's 3rd move (9999) is not a move's name: a record lists its moves by"
           " name"),
    ("ja", "記録の3番目の行動（9999）は行動の名前ではありません。記録には行動を名前で記します"),
    ("zh-TW", "紀錄中第3個行動（9999）不是行動的名稱：紀錄以名稱列出行動")])
def test_a_move_number_the_game_has_not_is_said_in_a_players_words(
        tmp_path: Path, lang: str, words: str) -> None:
    result = runner.invoke(app, ["play", "--resume", str(_edited(tmp_path, 9999)),
                                 "--lang", lang])
    assert result.exit_code == 2
    assert words in " ".join(result.output.split()), result.output
    assert "index" not in result.output and "out of range" not in result.output


def test_a_move_not_possible_then_is_named_by_its_label(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--resume", str(_edited(tmp_path, "action:robots")),
                                 "--lang", "en"])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert ("the record's 3rd move ('action:robots'): “Robots + energy run” is not possible"
            " now: P1 is to buy houses") in said, result.output
