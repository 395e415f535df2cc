"""A game option that takes a whole number has a least and a most (`Game.option_bounds`):
the turn limit `max_turns` took any number, 2**64-1 as well, so a game could be made to run,
and its record to grow, far past any real game (found by the session-27 attack pass). It
now takes at most its default, the software's safety limit, which is already well past the
longest games played (docs/rules-notes.md), and a larger one is refused in the player's
language by `keizai play` and `keizai sim` as by the engine."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.i18n import render

HUGE = 2**64 - 1
runner = CliRunner()
NO_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
# what each language says about the largest number taken: "to 1000", 「1000以下」, 「到1000」
MOST = {"en": "to {most}", "ja": "{most}以下", "zh-TW": "到{most}"}


def test_every_whole_number_option_has_bounds() -> None:
    """No game offers an option of a whole number without saying how large it may be."""
    for game_id in keizai.games():
        game = keizai.get_game(game_id)
        numbers = {key for key, value in game.default_options().items()
                   if isinstance(value, int) and not isinstance(value, bool)}
        assert numbers <= set(game.option_bounds()), (game_id, numbers)
        for key, (least, most) in game.option_bounds().items():
            assert least <= game.default_options()[key] <= most, (game_id, key)


@pytest.mark.parametrize("game_id, longest", [("futuropia", 187), ("enterprise-empire", 1307)])
def test_the_turn_limit_is_at_most_its_default_far_past_the_longest_random_game(
        game_id: str, longest: int) -> None:
    """The longest of 2,000 random 4-player Futuropia games and of 20,000 random 4-player
    企業帝國 games (docs/rules-notes.md): the most the limit takes is over twice that."""
    game = keizai.get_game(game_id)
    least, most = game.option_bounds()["max_turns"]
    assert (least, most) == (1, game.default_options()["max_turns"])
    assert most > 2 * longest
    keizai.new_game(game_id, 2, seed=1, options={"max_turns": most})   # taken
    for bad in (most + 1, HUGE, 0):
        with pytest.raises(ValueError, match="max_turns") as refused:
            keizai.new_game(game_id, 2, seed=1, options={"max_turns": bad})
        reason = refused.value.to_json()  # type: ignore[attr-defined]
        assert reason["id"] == "setup.option_range", reason
        for lang, says in MOST.items():
            assert says.format(most=most) in render((reason["id"], reason["params"]), lang)


def keizai_command(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={**NO_LOCALE, "COLUMNS": "200"},
                           prog_name="keizai")
    return result.exit_code, result.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("command", ["play", "sim"])
def test_keizai_play_and_sim_refuse_a_turn_limit_past_the_bound(lang: str, command: str
                                                                ) -> None:
    options = json.dumps({"max_turns": HUGE})
    args = (["futuropia", "--seats", "easy,easy"] if command == "play" else
            ["--game", "futuropia", "--players", "2", "--agents", "random,random",
             "--games", "1"])
    code, out = keizai_command(command, *args, "--options", options, "--lang", lang)
    assert code != 0, out
    assert MOST[lang].format(most=1000) in " ".join(out.replace("│", " ").split()), out
