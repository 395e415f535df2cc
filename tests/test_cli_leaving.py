"""Leaving `keizai play` other than by `q`: Ctrl-C at a prompt, an input that is gone.
The save is kept as of the last move, the player is told how to go on, in the language
and the width of the terminal, and no traceback is printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import keizai
from keizai.cli import app
from keizai.i18n import tr
from keizai.rules.folding import columns

runner = CliRunner()


def play_futuropia(*options: str, columns: int = 200, typed: str | None = None) -> Result:
    """`keizai play` of one 2-player Futuropia deal (seed 4), a person against a random
    bot, with more `options`, in a terminal of `columns`, the person typing `typed`."""
    return runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "4",
                               "--seats", "human,random", *options], input=typed,
                         env={"COLUMNS": str(columns)})


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_ctrl_c_is_said_in_the_terminal_s_width(lang: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at a prompt said 'ゲームを途中で終了しました。--resume /tmp/…/f.json で再開
    できます' in one line (68 columns with a short path, found at 60 columns in a
    pseudo-terminal), while `q` says the same words folded between them (cli._say)."""
    monkeypatch.chdir(tmp_path)   # a path the width can hold
    save = Path("a-rather-long-name-for-a-saved-game.json")

    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    result = play_futuropia("--save", str(save), "--lang", lang, columns=60)
    assert result.exit_code == 130, result.output
    said = tr("cli.left_resume", lang, path=str(save))
    tail = result.output.rstrip("\n").split("\n\n")[-1].splitlines()   # after a blank line
    assert max(columns(line) for line in tail) <= 60 and len(tail) > 1, tail
    joined = "".join(line.strip() for line in tail)   # folds drop the space they break at
    assert joined.replace(" ", "") == said.replace(" ", "")
    assert json.loads(save.read_text())["seed"] == 4


def test_a_closed_input_leaves_the_game_as_q_does(tmp_path: Path) -> None:
    """`keizai play … <&-` (a script or a service started with its standard input closed)
    ended in a traceback: input() raised RuntimeError('input(): lost sys.stdin'). A
    closed input is the end of the input, as Ctrl-D is: the game is left, saved."""
    save = tmp_path / "game.json"
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from keizai_entry import main; sys.exit(main())",
         "play", "futuropia", "--players", "2", "--seed", "4", "--seats", "human,random",
         "--save", str(save), "--lang", "ja"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
        preexec_fn=lambda: os.close(0), env={**os.environ, "COLUMNS": "1000"})
    assert "Traceback" not in run.stdout + run.stderr, run.stdout + run.stderr
    assert run.returncode == 0, run.stderr
    assert tr("cli.left_resume", "ja", path=str(save)) in run.stdout
    assert keizai.replay(json.loads(save.read_text())).seed == 4


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_ctrl_d_says_the_game_is_left_on_a_line_of_its_own(lang: str) -> None:
    """Ctrl-D at a prompt (the end of the input) leaves the game as `q` does, but no
    line was typed to end the prompt's: 'number (l = full log, u = undo, q = quit) > Game
    left unfinished. …' ran on after the prompt, past the terminal's width, and a
    replay's prompt was left for the shell's prompt to follow. The prompt's line is now
    ended first."""
    result = play_futuropia("--lang", lang, typed="")
    assert result.exit_code == 0, result.output
    said = tr("cli.left_unfinished", lang)
    lines = result.output.splitlines()
    assert lines[-1] == said and lines[-2].rstrip().endswith(">"), lines[-2:]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_ctrl_c_in_the_first_save_says_what_every_other_ctrl_c_says(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while `keizai play … --save F` wrote its first save (before the header)
    printed Typer's "Aborted." (exit status 1), where every other Ctrl-C says the game is
    left and how to go on. The first save stopped, no file holds the game: it says the
    game was not saved, and leaves no file behind."""
    save = tmp_path / "game.json"

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("keizai.cli.os.replace", interrupted)
    result = play_futuropia("--save", str(save), "--lang", lang)
    assert result.exit_code == 130, result.output
    assert "Abort" not in result.output
    assert result.output.strip().splitlines()[-1] == tr("cli.left_unfinished", lang)
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_in_the_first_save_of_a_resumed_game_names_the_file_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Resumed from one file and saved to another: stopped in the first save to the new
    one, the game is still in the file it was resumed from."""
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    assert play_futuropia("--save", str(old), typed="q\n").exit_code == 0

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("keizai.cli.os.replace", interrupted)
    result = runner.invoke(app, ["play", "--resume", str(old), "--save", str(new),
                                 "--lang", "en"], env={"COLUMNS": "200"})
    assert result.exit_code == 130, result.output
    assert result.output.strip().splitlines()[-1] == tr("cli.left_resume", "en",
                                                        path=str(old))
    assert not new.exists()
