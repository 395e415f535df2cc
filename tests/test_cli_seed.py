"""The seed in `keizai play`: it rebuilds every hidden card (the bots' hands, the deck
order, the dice to come), so a game with hidden information and a human at the table
shows it only once the game is over, unless that human chose it (`--seed`)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.i18n import tr

runner = CliRunner()


@pytest.mark.parametrize(("game", "seats", "chosen", "shown"), [
    # a human against bots, the seed drawn: the header said "seed N" (found reading the
    # header's code beside the hot seat's, which hid it since session 13)
    ("national-economy/progress", "human,random", False, False),
    ("enterprise-empire", "human,random", False, False),
    ("national-economy/glory", "human", False, False),   # solo: the deck to come
    ("national-economy/mecenat", "human,human", True, False),   # a hot seat, as before
    # where the seed hides nothing from anyone at the table
    ("national-economy/progress", "human,random", True, True),   # the human chose it
    ("national-economy/progress", "random,random", False, True),   # bots only
    ("futuropia", "human,random", False, True),   # no hidden card, no chance to come
])
def test_the_header_shows_the_seed_only_where_it_hides_nothing(
        game: str, seats: str, chosen: bool, shown: bool, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    players = str(len(seats.split(",")))
    result = runner.invoke(app, ["play", game, "--players", players, "--seats", seats,
                                 "--save", str(save), "--lang", "en",
                                 *(["--seed", "1234567"] if chosen else [])],
                           input="q\n")
    assert result.exit_code == 0, result.output
    seed = json.loads(save.read_text())["seed"]
    header = result.output.splitlines()[0]
    assert (f"seed {seed}." in header) is shown, header
    if not shown:
        assert str(seed) not in result.output


def _near_the_end(game: str, players: int, seed: int) -> dict[str, object]:
    """A record of a random game, cut where only moves with a single option are left
    (which the table applies by itself, bot or human): resumed, it ends with no answer."""
    state = keizai.new_game(game, players, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    record = state.record()
    actions = record["actions"]
    cut = len(actions)
    while cut and len(keizai.replay({**record, "actions": actions[:cut - 1]})
                      .legal_actions()) == 1:
        cut -= 1
    assert cut < len(actions), "no single-option move at the end of this game"
    return {**record, "actions": actions[:cut]}


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_seed_hidden_during_play_is_shown_once_the_game_is_over(
        lang: str, tmp_path: Path) -> None:
    """With the seed out of the header, a player who wants to deal the game again (or
    tell someone which deal it was) reads it after the final ranking."""
    save = tmp_path / "game.json"
    record = _near_the_end("national-economy/progress", 2, 5)
    save.write_text(json.dumps({**record, "seats": ["human", "random"]}))
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "5" not in lines[0], lines[0]
    said = tr("cli.seed_at_end", lang, seed=5)
    assert lines[-1] == said, lines[-3:]
    # a finished game, resumed, hides nothing: its header says the seed, and once only
    again = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang])
    assert again.exit_code == 0, again.output
    assert tr("cli.header", lang, title=tr(
        "game.national-economy/progress", lang), players=2, seed=5) in again.output
    assert said not in again.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_header_says_the_players_alike_with_the_seed_and_without(lang: str) -> None:
    """The header without the seed is the header with it, the seed left out: in 繁體中文
    a game against bots began 「企業帝國、2位玩家。」 and one whose seed the human chose
    「企業帝國、2人、種子4。」, as `keizai games` and `keizai replay` count players (2人)."""
    title = tr("game.enterprise-empire", lang)
    hidden = runner.invoke(app, ["play", "enterprise-empire", "--seats", "human,random",
                                 "--lang", lang], input="q\n")
    chosen = runner.invoke(app, ["play", "enterprise-empire", "--seats", "human,random",
                                 "--seed", "4", "--lang", lang], input="q\n")
    assert hidden.exit_code == chosen.exit_code == 0, hidden.output + chosen.output
    without, shown = hidden.output.splitlines()[0], chosen.output.splitlines()[0]
    assert shown == tr("cli.header", lang, title=title, players=2, seed=4)
    assert without == tr("cli.header_no_seed", lang, title=title, players=2)
    seed_part = shown.removeprefix(without.rstrip(".。"))
    assert "4" in seed_part and title not in seed_part and "2" not in seed_part, (shown,
                                                                                  without)
