"""A game is named on the command line as a user types it: in any case, with '_' or a
space for '-', or by its last part alone (glory), where one game alone is meant; the
records keep the game's id."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.i18n import tr

runner = CliRunner()


@pytest.mark.parametrize(("typed", "game"), [
    ("Futuropia", "futuropia"), ("FUTUROPIA", "futuropia"),
    ("National_Economy/Glory", "national-economy/glory"), ("glory", "national-economy/glory"),
    ("Mecenat", "national-economy/mecenat"), ("enterprise empire", "enterprise-empire")])
def test_a_game_typed_in_another_case_or_spelling_is_played_under_its_id(
        typed: str, game: str, tmp_path: Path) -> None:
    """Found as a new user: `keizai play Futuropia` was refused ('unknown game
    'Futuropia'; known: …, futuropia, …'), as was `keizai rules Glory`."""
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", typed, "--players", "2", "--seats", "random,random",
                                 "--seed", "1", "--save", str(save)])
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["game"] == game
    result = runner.invoke(app, ["rules", typed, "--lang", "ja"])
    assert result.exit_code == 0, result.output
    assert tr(f"game.{game}", "ja") in result.output


@pytest.mark.parametrize("typed", ["national-economy", "economy", "futur", "Glory2"])
def test_a_name_that_is_no_one_game_is_refused_with_the_ids(typed: str) -> None:
    """National Economy's three games share their first part: it names none of them."""
    for command in (["play", typed], ["rules", typed]):
        result = runner.invoke(app, [*command, "--lang", "en"])
        assert result.exit_code == 2, result.output
        refusal = tr("cli.err_unknown_id", "en", game=repr(typed), known=keizai.games())
        assert "".join(refusal.split()) in "".join(result.output.split()), result.output
