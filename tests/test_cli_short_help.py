"""`-h` asks for the help as `--help` does, what a new user of a command line types first."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from keizai.cli import app

runner = CliRunner()


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("command", [[], ["games"], ["play"], ["replay"], ["sim"],
                                     ["bench"], ["serve"]])
def test_dash_h_shows_the_help(command: list[str], lang: str) -> None:
    """`keizai play -h` was refused: 'No such option: -h' (exit 2)."""
    short = runner.invoke(app, ["--lang", lang, *command, "-h"], env={"COLUMNS": "80"})
    long = runner.invoke(app, ["--lang", lang, *command, "--help"], env={"COLUMNS": "80"})
    assert short.exit_code == 0, short.output
    assert short.output == long.output
    assert "│ -h " in short.output   # under --help, as Rich lists a second name
