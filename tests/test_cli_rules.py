"""`keizai rules GAME [--lang L]`: how to play a game in the terminal, in the asked
language (a first-time player found no word on how any game is played); an unknown game
is refused as `keizai play` refuses it."""

from __future__ import annotations

import json
import re

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
        # the options are typed as they are: their names and JSON values
        game = keizai.get_game(game_id)
        typed = re.compile("|".join([r"'\{.*\}'", r'"[^"]*"', r"\b(true|false|null)\b",
                                     r"\bX\d\b", "keizai play", "--options", re.escape(game_id),
                                     *map(re.escape, game.default_options())]))
        assert not set(ENGLISH.findall(typed.sub("", result.output))) - LATIN_OK, \
            result.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("game_id", sorted(keizai.games()))
def test_rules_lists_the_options_a_player_may_type(game_id: str, lang: str) -> None:
    """A new player who wanted Futuropia's advanced or expert set-up, or 企業帝國's corners
    dealt, found no word in the terminal on what `keizai play --options` takes (the
    help says "game options as JSON"): `keizai rules` ends with the game's options, each
    by the name typed, what it changes, its values and its default, after an example
    that `keizai play` accepts."""
    result = runner.invoke(app, ["rules", game_id, "--lang", lang], env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    game = keizai.get_game(game_id)
    if not game.default_options():   # Glory has none: no section
        assert tr("cli.rules_options", lang) not in lines
        return
    at = lines.index(tr("cli.rules_options", lang))
    example = re.search(r"--options '(\{.*\})'", lines[at + 1])
    assert example is not None, lines[at + 1]
    keizai.new_game(game_id, 2, seed=1, options=json.loads(example.group(1)))
    listed = lines[at + 2:]
    assert len(listed) == len(game.default_options()), listed
    for line, (key, default) in zip(listed, game.default_options().items(), strict=True):
        assert line.startswith(f"- {key}") and tr(f"opt_{key}", lang) in line, line
        assert line.rstrip("）)").endswith(json.dumps(default)), line
        for value in game.option_choices().get(key, []):
            if not isinstance(value, list):
                assert json.dumps(value) in line, (value, line)
        if key in game.option_bounds():
            assert all(str(n) in line for n in game.option_bounds()[key]), line


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
