"""A game played with --no-auto-single goes on so when it is resumed from its save.

Found resuming a game as a new player who asked to make every decision: keizai play
enterprise-empire --no-auto-single --save FILE showed '1) Roll the die and move' (P1's
only move); quit there and resumed with --resume FILE, the die was rolled by itself ('P1,
the only choice: Roll the die and move') before the player was asked anything. The save
did not hold the choice, and the resumed game took the default.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr

runner = CliRunner()
LANGS = ["en", "ja", "zh-TW"]
# 企業帝國, seed 2: P1 takes corner A (1), P2 a corner; then P1's only move is the roll
PLAY = ["play", "enterprise-empire", "--players", "2", "--seats", "human,random",
        "--seed", "2"]


def said(message: str, output: str, lang: str) -> bool:
    """Whether `output` holds `message`, however the terminal's width folded it."""
    glue = " " if lang == "en" else ""
    return glue.join(message.split()) in glue.join(output.split())


def played_to_the_roll(save: Path, lang: str) -> list[str]:
    """The moves saved by a game played with --no-auto-single and left at the roll."""
    result = runner.invoke(app, [*PLAY, "--no-auto-single", "--save", str(save),
                                 "--lang", lang], input="1\nq\n")
    assert result.exit_code == 0, result.output
    moves: list[str] = json.loads(save.read_text())["actions"]
    assert said(tr("ee.action.roll", lang), result.output, lang)
    return moves


@pytest.mark.parametrize("lang", LANGS)
def test_a_resumed_game_asks_its_only_choice_as_it_was_played(lang: str,
                                                              tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    before = played_to_the_roll(save, lang)
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                           input="q\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["actions"] == before   # no roll
    assert not said(tr("cli.only_choice", lang, seat=0, action=tr("ee.action.roll", lang)),
                    result.output, lang)
    assert said(tr("cli.choose", lang, seat=0), result.output, lang)


def test_auto_single_given_at_the_resume_applies_the_only_choice(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    before = played_to_the_roll(save, "en")
    result = runner.invoke(app, ["play", "--resume", str(save), "--auto-single",
                                 "--lang", "en"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "P1, the only choice: Roll the die and move" in result.output
    assert json.loads(save.read_text())["actions"][:len(before) + 1] == [*before, "roll"]
