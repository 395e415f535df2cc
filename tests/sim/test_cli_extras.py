"""`keizai sim` installed without the `sim` extra (a researcher's `pip install 'keizai[rl]'`):
what needs the extra is refused before any game is played, naming the extra."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app

runner = CliRunner()
SIM = ["sim", "--game", "national-economy/glory", "--players", "2", "--games", "3",
       "--workers", "1"]


@pytest.fixture
def without_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError


@pytest.mark.usefixtures("without_matplotlib")
@pytest.mark.parametrize(("lang", "words"), [("en", "pip install 'keizai[sim]'"),
                                             ("ja", "matplotlib"), ("zh-TW", "matplotlib")])
def test_plots_without_matplotlib_are_refused_before_the_games(
        tmp_path: Path, lang: str, words: str) -> None:
    """Plots are on by default with --out: the tournament was played to the end, then
    the plots ended it in a traceback (exit 1) with no JSON summary printed."""
    result = runner.invoke(app, [*SIM, "--out", str(tmp_path), "--lang", lang])
    assert result.exit_code != 0
    assert words in result.output and "Traceback" not in result.output
    assert not result.stdout.strip()
    assert not list(tmp_path.iterdir())  # no game was played


@pytest.mark.usefixtures("without_matplotlib")
def test_without_plots_the_tournament_needs_no_matplotlib(tmp_path: Path) -> None:
    result = runner.invoke(app, [*SIM, "--out", str(tmp_path), "--no-plots"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "games.csv").read_text().count("\n") == 4
    assert not list(tmp_path.glob("*.png"))
