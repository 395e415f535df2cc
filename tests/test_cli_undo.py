"""`u` where the terminal offers no undo (a table with more than one person) says why,
not that the answer is no number."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app

runner = CliRunner()
LANGS = ["en", "ja", "zh-TW"]


def said(message: str, output: str, lang: str) -> bool:
    """Whether `output` holds `message`, however the terminal's width folded it."""
    glue = " " if lang == "en" else ""
    return glue.join(message.split()) in glue.join(output.split())


@pytest.mark.parametrize("lang", LANGS)
def test_u_at_a_hot_seats_menu_says_undo_is_only_against_bots(lang: str) -> None:
    # National Economy: the pass-the-screen Enter, then P1's menu of workplaces
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2",
                                 "--seed", "5", "--seats", "human,human", "--lang", lang],
                           input="\nu\nq\n")
    assert result.exit_code == 0, result.output
    assert said(keizai.i18n.tr("cli.no_undo_with_people", lang), result.output, lang)
    assert not said(keizai.i18n.tr("cli.bad_number", lang, n=4), result.output, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_u_at_a_hot_seats_whole_decision_says_undo_is_only_against_bots(lang: str) -> None:
    # Futuropia seed 4: Invite (3), 4 residents (4), then the houses, chosen whole
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "4",
                                 "--seats", "human,human", "--lang", lang],
                           input="3\n4\nu\nq\n")
    assert result.exit_code == 0, result.output
    assert said(keizai.i18n.tr("cli.no_undo_with_people", lang), result.output, lang)
    assert "'u'" not in result.output


def test_u_against_bots_still_undoes() -> None:
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "4",
                                 "--seats", "human,heuristic", "--lang", "en"],
                           input="3\n4\n10\n\nu\nq\n")
    assert result.exit_code == 0, result.output
    assert "Undone: back to your previous decision." in result.output
