"""An output path through a file (`--save notes.txt/game.json`, `--out notes.txt/run`):
the refusal names the file in the way."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr

runner = CliRunner()
LANGS = ["en", "ja", "zh-TW"]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("command", "under"), [
    (["play", "futuropia", "--seats", "human,random", "--save"], "game.json"),
    (["play", "futuropia", "--seats", "human,random", "--save"], "saves/game.json"),
    (["sim", "--game", "futuropia", "--players", "2", "--games", "1", "--no-plots",
      "--out"], "run"),
    (["sim", "--game", "futuropia", "--players", "2", "--games", "1", "--no-plots",
      "--out"], "runs/1"),
])
def test_a_path_through_a_file_names_the_file(command: list[str], under: str, lang: str,
                                             tmp_path: Path) -> None:
    """Found as a new user: `--save notes.txt/game.json` said 'the directory notes.txt
    does not exist' (it does, as a file) and `--out notes.txt/run` 'is not writable'."""
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    path = notes / under
    result = runner.invoke(app, [*command, str(path), "--lang", lang], input="q\n")
    assert result.exit_code == 2, result.output
    what = command[-1]
    assert flat(tr("cli.err_through_file", lang, what=what, path=str(path),
                   file=str(notes))) in flat(result.output)
    assert notes.read_text() == "mine\n"
