"""`keizai rules GAME [--lang L]`: how to play a game in the terminal, in the asked
language (a first-time player found no word on how any game is played); an unknown game
is refused as `keizai play` refuses it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.i18n import howto, tr
from keizai.rules.folding import columns
from tests.i18n.test_cjk_typography import ENGLISH, LATIN_OK

runner = CliRunner()


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("game_id", sorted(keizai.games()))
def test_rules_prints_how_to_play_in_the_asked_language(game_id: str, lang: str) -> None:
    result = runner.invoke(app, ["rules", game_id, "--lang", lang], env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    text = howto.how_to_play(game_id, lang)
    lines = result.output.splitlines()
    assert lines[0] == text["title"] == tr("howto.title", lang,
                                           game=tr(f"game.{game_id}", lang))
    for section in text["sections"]:
        assert section["heading"] in lines
        for paragraph in section["paragraphs"]:
            assert f"- {paragraph}" in lines   # wide enough: each paragraph on one line
    if lang != "en":
        assert not set(ENGLISH.findall(result.output)) - LATIN_OK, result.output


def test_rules_folds_to_a_narrow_terminal() -> None:
    result = runner.invoke(app, ["--lang", "ja", "rules", "futuropia"], env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == tr("howto.title", "ja", game=tr("game.futuropia", "ja"))
    assert max(columns(line) for line in lines) <= 40


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_rules_refuses_an_unknown_game_as_play_does(lang: str) -> None:
    result = runner.invoke(app, ["rules", "futuropa", "--lang", lang])
    assert result.exit_code == 2, result.output
    refusal = tr("cli.err_unknown_id", lang, game="'futuropa'", known=keizai.games())
    assert refusal in result.output
    played = runner.invoke(app, ["play", "futuropa", "--lang", lang])
    assert played.exit_code == 2 and refusal in played.output
