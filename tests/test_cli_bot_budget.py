"""keizai play: a bot that asks for more thinking a decision than keizai's server allows
is played (the player's own machine, the player's choice) but said before the game,
typed in --seats or read from a save."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.agents.budget import CEILINGS, beyond_ceiling
from keizai.cli import app
from keizai.i18n import tr

runner = CliRunner()
HUGE = "mcts:iterations=999999999"


def _warning(lang: str, spec: str = HUGE) -> str:
    return "".join(tr("cli.warn_bot_budget", lang, seat=1, spec=spec, key="iterations",
                      value="999999999", most="12000").split())


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_bot_beyond_the_server_s_budget_is_said_typed_or_saved(lang: str,
                                                                  tmp_path: Path) -> None:
    """Found playing as a new user: `--seats human,mcts:iterations=999999999` was taken
    without a word, and the game then hung at the bot's first decision (hours of search);
    a save whose seats were edited so the same. The web refuses such a bot
    (keizai.web.bots.check_spec); the terminal plays it, said first with Ctrl-C's way out,
    and for a save which file named it and that --seats chooses other seats."""
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "national-economy/glory", "--players", "2",
                                 "--seats", f"human,{HUGE}", "--save", str(save),
                                 "--lang", lang, "--seed", "1"],
                           input="q\n", env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    output = "".join(result.output.split())
    assert _warning(lang) in output, result.output
    assert "".join(tr("cli.warn_bot_budget_saved", lang, path=str(save)).split()) \
        not in output
    record = json.loads(save.read_text())
    save.write_text(json.dumps({**record, "seats": ["human", HUGE]}))
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                           input="q\n", env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    output = "".join(result.output.split())
    assert _warning(lang) in output, result.output
    assert "".join(tr("cli.warn_bot_budget_saved", lang, path=str(save)).split()) in output


@pytest.mark.parametrize("spec", ["expert", "hard", "solo", "mcts:iterations=999999999:cap=2",
                                  "mcts:time=1", "heuristic", "random"])
def test_a_bot_within_the_server_s_budget_is_not_warned_of(spec: str) -> None:
    """The levels, and a count the cap bounds, think within the server's bounds."""
    assert beyond_ceiling(spec) is None
    result = runner.invoke(app, ["play", "national-economy/glory", "--players", "2",
                                 "--seats", f"human,{spec}", "--lang", "en"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Ctrl-C" not in result.output


@pytest.mark.parametrize(("spec", "key", "most"), [
    ("mcts:time=600", "time", 5.0), ("mcts:iterations=20000", "iterations", 12000),
    ("mcts:iterations=20000:cap=60", "iterations", 12000),
    ("solo:rollouts=1000", "rollouts", 64), ("solo:rollouts=8:halving=1:work=10000000",
                                             "work", 40000)])
def test_the_ceilings_are_the_server_s(spec: str, key: str, most: float) -> None:
    """The terminal's ceilings are the bounds keizai.web.bots gives the lobby's bots."""
    pytest.importorskip("fastapi")
    from keizai.web.bots import BOUNDS

    for kind, ceilings in CEILINGS.items():
        for name, ceiling in ceilings.items():
            assert BOUNDS[kind][name][1] == ceiling, (kind, name)
    found = beyond_ceiling(spec)
    assert found is not None and found[0] == key and found[2] == most
