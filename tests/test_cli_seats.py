"""keizai play: how many players a game has when --seats names them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr

runner = CliRunner()


def record_seed(save: Path) -> int:
    """The seed a save holds (shown in the header of a game without hidden hands)."""
    return int(json.loads(save.read_text())["seed"]) if save.exists() else -1


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize(("game", "seats"), [
    ("futuropia", "human,random"),
    ("national-economy/mecenat", "human,easy,normal,hard"),
    ("national-economy/glory", "human"),
])
def test_the_seats_alone_say_how_many_play(game: str, seats: str, lang: str,
                                           tmp_path: Path) -> None:
    """Found by the session-23 new-user pass: `keizai play futuropia --seats human,random`
    (README's seats example without its --players) was refused with '--seats names 2
    seats for 3 players': --players was 3 whatever --seats named. Without --players the
    game now has one player per seat named; the save says so too."""
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", game, "--seats", seats, "--save", str(save),
                                 "--lang", lang], input="q\n")
    n = len(seats.split(","))
    assert result.exit_code == 0, result.output
    title = tr(f"game.{game}", lang)
    headers = (tr("cli.header_no_seed", lang, title=title, players=n),   # hidden hands
               tr("cli.header", lang, title=title, players=n, seed=record_seed(save)))
    assert result.output.startswith(headers), result.output
    record = json.loads(save.read_text())
    assert record["players"] == n and record["seats"] == seats.split(",")


def test_players_and_seats_that_disagree_are_still_refused(tmp_path: Path) -> None:
    """A --players typed beside --seats must match it, as before; the default (3) holds
    where no seats are named."""
    result = runner.invoke(app, ["play", "futuropia", "--players", "3", "--seats",
                                 "human,random", "--lang", "en"], input="q\n")
    assert result.exit_code == 2
    assert tr("cli.err_seats", "en", n=2, players=3) in result.output
    result = runner.invoke(app, ["play", "futuropia", "--lang", "en"], input="q\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Futuropia, 3 players, seed "), result.output


def test_a_resumed_game_keeps_its_players_whatever_seats_name(tmp_path: Path) -> None:
    """With --resume the save says how many play: --seats naming another number is
    refused (not a new game of that many)."""
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--save", str(save),
                                 "--lang", "en"], input="q\n")
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["play", "--resume", str(save), "--seats",
                                 "human,random,random", "--lang", "en"], input="q\n")
    assert result.exit_code == 2
    assert tr("cli.err_seats", "en", n=3, players=2) in result.output
    assert json.loads(save.read_text())["players"] == 2
