"""What the terminal says as a player reads it: a missing argument named in the player's
language, a save that cannot be written refused before the game is shown, an option of
the wrong kind refused in a player's words, and flags shown taking no value."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.agents import make_agent
from keizai.cli import app
from keizai.engine.errors import InvalidSetup
from keizai.i18n import tr

runner = CliRunner()
NO_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def keizai(*args: str) -> tuple[int, str]:
    """The exit code and all that `keizai <args>` writes, with no locale of its own."""
    result = runner.invoke(app, list(args), env={**NO_LOCALE, "COLUMNS": "200"},
                           prog_name="keizai")
    return result.exit_code, result.output


def box(out: str) -> str:
    """The text of the error panel, on one line."""
    return " ".join(out.split("╮", 1)[1].split("╰")[0].replace("│", " ").split())


@pytest.mark.parametrize(("lang", "record"), [("ja", "ゲームの記録"), ("zh-TW", "遊戲紀錄")])
def test_replay_without_a_file_says_what_is_missing_in_the_language_asked(
        lang: str, record: str) -> None:
    """`keizai replay --lang ja` without a file said 「引数 'file' がありません。」: the
    argument's English name only. It says a game record is missing, in the language
    asked, with the name the usage line above it shows."""
    code, out = keizai("replay", "--lang", lang)
    assert code == 2, out
    assert record in box(out) and "'file'" in box(out), out


def _no_writing_partial(monkeypatch: pytest.MonkeyPatch) -> None:
    """The save's file system refuses a new file, as /proc does (its directory looks
    writable, so the checks let the path through)."""
    write_text = Path.write_text

    def refusing(self: Path, *args: object, **kwargs: object) -> int:
        if self.name.endswith(".partial"):
            raise FileNotFoundError(2, "No such file or directory", str(self))
        return write_text(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", refusing)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_save_that_cannot_be_written_is_refused_before_the_game_is_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """`keizai play … --save /proc/x.json` printed the game's header ('National Economy,
    2 players, seed …') and then refused the save: the first save came after it. It is
    refused before anything of the game is shown, as `--save /` is."""
    _no_writing_partial(monkeypatch)
    save = tmp_path / "game.json"
    code, out = keizai("play", "national-economy/progress", "--seats", "easy,easy",
                       "--seed", "3", "--save", str(save), "--lang", lang)
    assert code == 2, out
    assert out.startswith(tr("cli.error", lang, message="")), out   # no header first
    assert str(save) in out and out.count("\n") == 1, out
    assert not save.exists()


@pytest.mark.skipif(not os.access("/proc", os.W_OK),
                    reason="needs root: /proc looks writable to root alone, as when found")
def test_a_save_in_proc_is_refused_before_the_game_is_shown() -> None:
    """The case as it was found: /proc, which root may 'write' but holds no new file."""
    code, out = keizai("play", "national-economy/progress", "--seats", "easy,easy",
                       "--seed", "3", "--save", "/proc/x.json")
    assert code == 2, out
    assert out.startswith("error: cannot write --save /proc/x.json"), out


@pytest.mark.parametrize(("options", "en", "ja", "zh"), [
    ('{"max_turns": "10"}', "a whole number", "整数", "整數"),
    ('{"advanced": 1}', "true or false", "「true」か「false」", "「true」或「false」"),
    ('{"houses": 1}', "text in double quotes", "文字列", "文字"),
])
def test_an_option_of_the_wrong_kind_is_refused_in_a_players_words(
        options: str, en: str, ja: str, zh: str) -> None:
    """`--options '{"max_turns": "10"}'` was refused with Python's name of a type:
    "option 'max_turns' must be int, not '10'" ("bool", "str"), and 日本語 and 中文 did not
    say what was wanted at all. Each says the kind of value wanted, as a player says it."""
    for lang, wanted in (("en", en), ("ja", ja), ("zh-TW", zh)):
        code, out = keizai("play", "futuropia", "--seats", "easy,easy", "--options", options,
                           "--lang", lang)
        assert code == 2 and wanted in out, (lang, out)
        assert not re.search(r"\b(int|bool|str)\b", out), (lang, out)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize(("command", "flags"), [
    ([], ["--version", "--help"]),
    (["play"], ["--auto-single", "--help"]),
])
def test_a_flag_is_shown_taking_no_value(lang: str, command: list[str],
                                         flags: list[str]) -> None:
    """`keizai --help` showed '--version <bool>' and '--help <bool>', as if a value were
    typed after them; a flag's row shows no type, an option's names its value
    ('--lang <lang>')."""
    code, out = keizai(*command, "--help", "--lang", lang)
    assert code == 0, out
    rows = {line.split()[1]: line for line in out.splitlines()
            if len(line.split()) > 1 and line.split()[1].startswith("--")}
    for flag in flags:
        assert "<bool>" not in rows[flag], rows[flag]
    assert "<lang>" in rows["--lang"], rows["--lang"]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("command", [[], ["games"], ["rules"], ["play"], ["replay"],
                                     ["sim"], ["serve"], ["bench"]])
def test_a_value_is_shown_by_what_it_is_not_by_its_python_type(
        lang: str, command: list[str]) -> None:
    """The help showed Python's types after the options and arguments: 'game <str>',
    '--seats <str>', '--options <str>', '--players <int>', '--save <path>',
    '--bot-delay <float>', and '--lang <str>' in 日本語 and 中文 too. Each value is named
    by what the player types there, in ASCII as the option names."""
    code, out = keizai(*command, "--help", "--lang", lang)
    assert code == 0, out
    assert not re.search(r"<(str|int|float|path|bool|int range)>", out), out
    rows = {line.split()[1]: line.split()[2] for line in out.splitlines()
            if len(line.split()) > 2 and line.split()[1].startswith("--")}
    assert rows["--lang"] == "<lang>", out
    if command == ["play"]:
        assert {name: rows[name] for name in ("--seats", "--options", "--save",
                                              "--players")} == {
            "--seats": "<seats>", "--options": "<json>", "--save": "<file>",
            "--players": "<n>"}
        assert re.search(r"│ game +<game> ", out), out


# A programmer's words: Python's and JSON's names of kinds of value, of a list's place,
# of a bot, of a file's format
PROGRAMMERS = re.compile(r"\b(integer|float|bool|None|str|index|spec|enum|payload|JSON|agent)\b")


def _file(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_refusals_a_player_meets_say_no_programmers_words(tmp_path: Path,
                                                             lang: str) -> None:
    """A save that is not one, a save's count of players written as text, Futuropia's
    expert tiles given as a number, a seat that names no bot: "players must be an
    integer, not '3'", "a record is JSON: this text is not (line 1, column 1)", 「記録が
    正しい JSON ではありません」, 'expert_tiles must be None, …' (Python's null), "unknown
    agent 'robot'" (en only: ja and zh-TW said a seat is human or a bot). Found reading
    the refusals of keizai play in three languages."""
    record = '{"game": "futuropia", "players": %s, "seed": 1, "actions": []}'
    cases = [
        ["play", "--resume", _file(tmp_path, "players.json", record % '"3"')],
        ["play", "--resume", _file(tmp_path, "text.json", "hello")],
        ["play", "--resume", _file(tmp_path, "list.json", "[1]")],
        ["play", "futuropia", "--seats", "easy,easy", "--options", '{"expert_tiles": 5}'],
        ["play", "futuropia", "--seats", "human,robot"],
    ]
    for args in cases:
        code, out = keizai(*args, "--lang", lang)
        said = out.replace(str(tmp_path), "")
        assert code == 2 and not PROGRAMMERS.search(said), (args, out)
    code, out = keizai("play", "futuropia", "--seats", "human,robot", "--lang", lang)
    assert "human" in out and "easy" in out, out


@pytest.mark.parametrize(("lang", "seat", "bot"), [
    ("en", "cannot read the seat 'robot': name human or a bot",
     "cannot read the bot 'robot': name a bot"),
    ("ja", "席の指定「robot」が読めません", "ボットの指定「robot」が読めません"),
    ("zh-TW", "無法解讀座位設定「robot」", "無法解讀電腦玩家設定「robot」"),
])
def test_a_seat_or_bot_naming_no_bot_is_refused_as_keizai_play_seats_does(
        tmp_path: Path, lang: str, seat: str, bot: str) -> None:
    """After keizai play --seats said "cannot read the seat 'robot': name human or a bot
    (…)", a save's seats naming no bot still said "unknown agent 'robot' (known: …)", as
    did keizai sim --agents and the Python interfaces (make_agent, the Gymnasium
    environment's opponents)."""
    save = _file(tmp_path, "seats.json", '{"game": "futuropia", "players": 2, "seed": 1, '
                 '"actions": [], "seats": ["human", "robot"]}')
    code, out = keizai("play", "--resume", save, "--lang", lang)
    said = " ".join(out.replace(save, "").split())
    assert code == 2 and seat in said and "easy" in said, out
    assert not PROGRAMMERS.search(said), out
    code, out = keizai("sim", "--agents", "robot,random", "--games", "1", "--lang", lang)
    assert code == 2 and bot in " ".join(out.split()) and "easy" in out, out
    with pytest.raises(InvalidSetup) as caught:
        make_agent("robot")
    assert bot in caught.value.render(lang) and "easy" in caught.value.render(lang)
