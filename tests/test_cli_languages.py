"""Every command of `keizai` speaks English, 日本語 and 繁體中文: `--lang` on the command or
before it (`keizai --lang ja sim`), else the locale as gettext reads it. Found in session
15: `keizai sim`, `serve` and `bench` had no --lang and said everything in English, the
resume refusals of `keizai sim --out` included; `keizai --lang ja sim --help` was refused;
the locale's language ignored LANGUAGE and called zh_CN 繁體中文."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai import games as keizai_games
from keizai import get_game
from keizai.cli import app
from keizai.i18n import locale_language, tr
from keizai.sim.outdir import ARGUMENTS, PROGRESS, RECORDS, RESULTS
from tests.i18n.test_cjk_typography import ENGLISH, LATIN_OK, VERBATIM
from tests.postgres import free_port

runner = CliRunner()
NO_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
MECENAT = get_game("national-economy/mecenat")   # keizai sim's default game
GLORY = ["sim", "--game", "national-economy/glory", "--players", "2", "--seed", "4",
         "--games", "2", "--workers", "1", "--no-plots", "--no-progress"]


def keizai(*args: str, **env: str) -> tuple[int, str]:
    """The exit code and all that `keizai <args>` writes; the locale is only `env`'s."""
    result = runner.invoke(app, list(args), env={**NO_LOCALE, "COLUMNS": "200", **env},
                           prog_name="keizai")
    return result.exit_code, result.output


def english_left(text: str, *verbatim: str) -> list[str]:
    """The English words of a 日本語 or 繁體中文 text, besides the paths `verbatim`, the
    game ids, options, file names and quoted words it names as they are typed."""
    for path in sorted([*verbatim, *keizai_games()], key=len, reverse=True):
        text = text.replace(path, "")
    return [word for word in ENGLISH.findall(VERBATIM.sub("", text))
            if word not in LATIN_OK]


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_refusals_of_sim_bench_and_serve_are_in_the_language_asked(
        tmp_path: Path, lang: str) -> None:
    occupied = tmp_path / "file"
    occupied.write_text("x")
    cases = [
        (["sim", "--workers", "0"], tr("cli.sim.err_workers", lang, n=0)),
        (["sim", "--records"], tr("cli.sim.err_needs_out", lang, flag="--records")),
        (["sim", "--agents", "human,random"], tr("cli.sim.err_human", lang)),
        (["sim", "--out", str(occupied)],
         tr("cli.err_not_dir", lang, what="--out", path=str(occupied))),
        (["sim", "--game", "chess", "--games", "1"],
         tr("cli.err_unknown_id", lang, game="'chess'", known=keizai_games())),
        (["sim", "--players", "9", "--games", "1"], tr(
            "setup.players", lang, game=MECENAT.id, least=MECENAT.min_players,
            most=MECENAT.max_players, players=9)),
        (["sim", "--players", "2", "--agents", "random,heuristic,mcts"],
         tr("sim.err.agents_for_seats", lang, agents=3, seats=2)),
        (["sim", "--games", "0"], tr("sim.err.games_at_least_one", lang)),
        (["sim", "--games", "10000001"],
         tr("sim.err.too_many_games", lang, most="10,000,000", games="10,000,001")),
        (["sim", "--backend", "ray", "--address", "nowhere"],
         tr("sim.err.ray_address", lang, address="'nowhere'")),
        (["bench", "--seconds", "0"], tr("cli.bench.err_seconds", lang, value=0.0, most="600")),
        (["bench", "--seconds", "1e308"],
         tr("cli.bench.err_seconds", lang, value=1e308, most="600")),
        (["bench", "--players", "9"], tr("cli.bench.err_players", lang, most=4, players=9)),
        (["serve", "--bot-delay", "-1"],
         tr("cli.serve.err_seconds", lang, option="--bot-delay", value=-1.0)),
        (["serve", "--log-level", "loud"], tr("cli.serve.err_log_level", lang,
                                               value="'loud'")),
        (["serve", "--clock-fast", "0"],
         tr("cli.serve.err_clock", lang, option="--clock-fast", value=0.0)),
    ]
    for args, expected in cases:
        code, out = keizai(*args, "--lang", lang)
        assert code == 2, out
        assert expected in out and tr("cli.error", lang, message="") in out, (args, out)
        assert not english_left(out, str(occupied)), out


def test_the_english_messages_read_as_they_did(tmp_path: Path) -> None:
    """Scripts read them: the English catalogue says them word for word as before."""
    for args, said in (
            (["sim", "--workers", "0"], "error: --workers must be 1 or more, not 0"),
            (["sim", "--resume"], "error: --resume needs --out DIR (the directory that "
                                  "keeps the games)"),
            (["sim", "--agents", "human"], "error: sim plays bots only; 'human' is for "
                                           "keizai play"),
            (["sim", "--game", "chess"], "error: unknown game 'chess'; known: "
                                         "enterprise-empire, futuropia, "),
            (["sim", "--players", "1", "--agents", "random,mcts"],
             "error: 2 agents for 1 seat"),
            (["sim", "--games", "20000000"], "error: at most 10,000,000 games in one run, "
             "not 20,000,000; split a larger experiment into runs with other seeds"),
            (["bench", "--seconds", "nan"], "error: --seconds must be a number above 0 and at "
                                            "most 600, not nan"),
            (["serve", "--log-level", "loud"], "error: --log-level must be error, warning or "
                                               "info, not 'loud'"),
            (["serve", "--handover-after", "-1"], "error: --handover-after must be a number "
                                                  "of seconds (0 or more), not -1.0"),
            (["games", "--lang", "fr"], "error: --lang must be one of en, ja, zh-TW")):
        code, out = keizai(*args, LANG="C.UTF-8")
        assert code == 2 and said in out, (args, out)


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_resume_refusals_of_an_out_directory_are_in_the_language_asked(
        tmp_path: Path, lang: str) -> None:
    code, out = keizai(*GLORY, "--out", str(tmp_path))
    assert code == 0, out
    # the files it holds, in the order the refusal names them
    held = [name for name in (ARGUMENTS, PROGRESS, RECORDS, *RESULTS)
            if (tmp_path / name).exists()]
    differ = {"id": "sim.out.differ", "params": {"option": "--seed", "there": "4", "here": "9"}}
    cases = [
        ([], tr("sim.out.holds_tournament", lang, path=str(tmp_path), held=held)),
        (["--resume", "--seed", "9"],
         tr("sim.out.other_tournament", lang, path=str(tmp_path), differ=[differ])),
        (["--resume", "--games", "1"],
         tr("sim.out.fewer_games", lang, path=str(tmp_path), stored=2, games=1)),
    ]
    for extra, expected in cases:
        code, out = keizai(*GLORY, "--out", str(tmp_path), *extra, "--lang", lang)
        assert code == 2, out
        assert expected in out, (extra, out)
        assert not english_left(out, str(tmp_path), *held), out
    progress = tmp_path / PROGRESS
    lines = progress.read_text().splitlines()
    progress.write_text(f"{lines[0]}\n{lines[1][5:]}\n")
    code, out = keizai(*GLORY, "--out", str(tmp_path), "--resume", "--lang", lang)
    assert code == 2
    assert tr("sim.out.damaged_line", lang, path=str(progress), line=2,
              reason={"id": "sim.out.not_json"}) in out.replace("\n", "")
    assert not english_left(out, str(progress)), out


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_what_sim_and_bench_say_on_the_way_is_in_the_language_asked(
        tmp_path: Path, lang: str) -> None:
    result = runner.invoke(app, [*GLORY[:-1], "--progress", "--out", str(tmp_path),
                                 "--lang", lang], env=NO_LOCALE)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2   # the summary stays as it was
    assert tr("cli.sim.bar_rate", lang) in result.stderr
    assert tr("cli.sim.bar_eta", lang) in result.stderr and "games/s" not in result.stderr
    (tmp_path / "results.json").unlink()
    result = runner.invoke(app, [*GLORY, "--out", str(tmp_path), "--resume", "--lang", lang],
                           env=NO_LOCALE)
    assert result.exit_code == 0, result.output
    assert tr("cli.sim.resuming", lang, done=2, games=2, out=str(tmp_path)) in result.stderr
    result = runner.invoke(app, ["bench", "--game", "enterprise-empire", "--players", "1",
                                 "--seconds", "0.02", "--lang", lang], env=NO_LOCALE)
    assert result.exit_code == 0, result.output
    assert tr("cli.bench.other_count", lang, game="enterprise-empire", players=1,
              count=2) in result.stderr
    assert tr("cli.bench.measuring", lang, number=1, total=1, game="enterprise-empire",
              seconds="0.06") in result.stderr


def test_serve_names_its_address_in_the_language_asked(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: None)
    port = str(free_port())
    code, out = keizai("serve", "--port", port, "--lang", "ja")
    assert code == 0, out
    assert f"keizai: http://127.0.0.1:{port}/（データベース：sqlite:///" in out
    code, out = keizai("serve", "--port", port, LANG="C")
    assert f"keizai: http://127.0.0.1:{port}/  (database sqlite:///" in out


def test_lang_before_the_command_is_every_commands_language() -> None:
    """`keizai --lang ja sim --help` was refused (no such option), and `keizai sim --help
    --lang zh-TW` too (sim had no --lang)."""
    for args, lang in ((["--lang", "ja", "sim", "--help"], "ja"),
                       (["sim", "--help", "--lang", "zh-TW"], "zh-TW"),
                       (["--lang=zh-TW", "bench", "--help"], "zh-TW"),
                       (["--lang", "ja", "serve", "--help"], "ja")):
        code, out = keizai(*args)
        command = args[2] if args[0] == "--lang" else args[0].removeprefix("--lang=zh-TW") \
            or args[1]
        assert code == 0, out
        assert tr(f"cli.help.{command}", lang) in out and tr("cli.usage.options", lang) in out
    code, out = keizai("--lang", "ja", "games")
    assert code == 0 and tr("game.futuropia", "ja") in out
    code, out = keizai("--lang", "ja", "sim", "--workers", "0")
    assert code == 2 and tr("cli.sim.err_workers", "ja", n=0) in out
    # the command's own --lang comes first
    code, out = keizai("--lang", "ja", "games", "--lang", "zh-TW")
    assert tr("game.futuropia", "zh-TW") in out
    code, out = keizai("--lang", "fr", "games", LANG="ja_JP.UTF-8")
    assert code == 2 and tr("cli.err_lang", "ja", langs=["en", "ja", "zh-TW"]) in out


@pytest.mark.parametrize("lang", ["ja", "zh-TW", "en"])
def test_lang_without_a_command_shows_the_help_in_that_language(lang: str) -> None:
    """`keizai --lang ja` (a new user asking for the program in 日本語) was refused:
    'コマンドを指定してください' under a usage line, where `keizai` alone shows the help.
    It now shows the help, in that language, as `keizai` alone does (status 2); a
    language keizai does not speak is still refused."""
    alone_code, alone = keizai(LANG={"en": "C", "ja": "ja_JP.UTF-8", "zh-TW": "zh_TW.UTF-8"}[lang])
    for args in (["--lang", lang], [f"--lang={lang}"]):
        code, out = keizai(*args)
        assert (code, out) == (alone_code, alone), out
        assert tr("cli.help.keizai", lang) in out and tr("cli.help.play", lang) in out
    code, out = keizai("--lang", "fr", LANG="ja_JP.UTF-8")
    assert code == 2 and tr("cli.err_lang", "ja", langs=["en", "ja", "zh-TW"]) in out


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "zh_TW.Big5"}, "zh-TW"),
    ({"LANG": "zh_HK.UTF-8"}, "zh-TW"),
    ({"LANG": "zh_Hant_TW"}, "zh-TW"),
    ({"LC_MESSAGES": "zh-Hant"}, "zh-TW"),
    ({"LANG": "ja_JP.eucJP@cjknarrow"}, "ja"),
    # LC_ALL before LC_MESSAGES before LANG; an empty one counts as unset
    ({"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8", "LANG": "en_US"}, "ja"),
    ({"LC_ALL": "", "LC_MESSAGES": "zh_TW.UTF-8", "LANG": "ja_JP"}, "zh-TW"),
    ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),
    # LANGUAGE, a list, before the locale: its first language that keizai speaks
    ({"LANGUAGE": "ja", "LANG": "en_US.UTF-8"}, "ja"),
    ({"LANGUAGE": "fr:de:zh_TW:ja", "LANG": "en_US.UTF-8"}, "zh-TW"),
    ({"LANGUAGE": "en:ja", "LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANGUAGE": "fr", "LANG": "ja_JP.UTF-8"}, "en"),   # as gettext: not the locale then
    ({"LANGUAGE": "", "LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANGUAGE": "ja", "LANG": "C.UTF-8"}, "ja"),
    # ... but not in the C locale, nor with no locale at all (gettext ignores it there)
    ({"LANGUAGE": "ja", "LANG": "C"}, "en"),
    ({"LANGUAGE": "ja", "LC_ALL": "POSIX"}, "en"),
    ({"LANGUAGE": "ja"}, "en"),
    # keizai has no Simplified Chinese: a zh_CN locale reads English, as with gettext
    ({"LANG": "zh_CN.UTF-8"}, "en"),
    ({"LANGUAGE": "zh_CN:zh_TW", "LANG": "zh_CN.UTF-8"}, "zh-TW"),
    ({"LANG": "zh_Hans_HK"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_locale_is_read_as_gettext_reads_it(env: dict[str, str], lang: str) -> None:
    assert locale_language(env) == lang
    code, out = keizai("--help", **env)
    assert code == 0 and tr("cli.help.keizai", lang) in out, out


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_no_help_is_cut_in_80_columns(lang: str) -> None:
    """`keizai serve --help --lang ja` was refused, so the fold test never saw its help:
    in 80 columns its defaults and long option names were cut with "…"."""
    for command in ([], ["games"], ["play"], ["replay"], ["sim"], ["serve"], ["bench"]):
        result = runner.invoke(app, [*command, "--help", "--lang", lang],
                               env={**NO_LOCALE, "COLUMNS": "80"}, prog_name="keizai")
        assert result.exit_code == 0, result.output
        assert "--lang" in result.output and "…" not in result.output, result.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_seat_naming_no_bot_is_refused_with_the_bots_there_are(lang: str) -> None:
    """`keizai play --seats human,foo`: English named the bots keizai knows (the agents'
    own reason), 日本語 and 繁體中文 only asked for "a bot's name", which a new player
    cannot guess; every language now lists them."""
    from keizai.agents.base import KINDS, LEVELS

    code, out = keizai("play", "futuropia", "--players", "2", "--seats", "human,foo",
                       "--lang", lang)
    assert code == 2 and ("「foo」" in out or "'foo'" in out), out
    sep = tr("list.sep", lang)
    assert sep.join(dict.fromkeys([*KINDS, *LEVELS])) in out, out


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_options_that_are_not_json_are_refused_in_the_language_asked(lang: str) -> None:
    """`keizai play futuropia --options '{x}' --lang ja` said 「--options は JSON オブジェ
    クトで指定してください：Expecting property name enclosed in double quotes: line 1
    column 2 (char 1)」, Python's English reason inside the Japanese sentence (found
    playing in the terminal); it says where, in its language, as a resumed record's
    JSON error does (setup.record_json)."""
    code, out = keizai("play", "futuropia", "--options", "{x}", "--lang", lang)
    assert code == 2
    flat = " ".join(out.replace("│", " ").split())
    assert "Expecting" not in flat and "char" not in flat, flat
    where = "1行目、2文字目" if lang == "ja" else "第1行第2個字元"
    assert where in flat.replace(" ", ""), flat


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize(("options", "typed"), [('{"houses": null}', "null"),
                                                ('{"advanced": null}', "null"),
                                                ('{"houses": true}', "true")])
def test_a_refused_json_option_is_quoted_as_written(lang: str, options: str,
                                                    typed: str) -> None:
    """`--options '{"houses": null}'` was refused as 「…の値が正しくありません（None）」,
    Python's spelling of a value the player wrote as JSON's null (true as True)."""
    code, out = keizai("play", "futuropia", "--options", options, "--lang", lang)
    flat = " ".join(out.replace("│", " ").split())
    assert code == 2 and re.search(rf"\b{typed}\b", flat), flat
    assert not re.search(r"\b(None|True)\b", flat), flat


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize(("args", "typed"), [
    (["play", "futuropia", "--players", "x"], "'x'"),
    (["play", "futuropia", "--seed", "2.5"], "'2.5'"),
    (["bench", "--seconds", "abc"], "'abc'"),
    (["serve", "--port", "99999"], "65535"),
    (["serve", "--port", "0"], "1"),
    (["play", "futuropia", "3"], "3"),          # the player count typed without --players
])
def test_a_value_typed_wrong_is_refused_in_the_language_asked(args: list[str], typed: str,
                                                              lang: str) -> None:
    """A number option given no number (`keizai play futuropia --players x`), a port out
    of its range, or a word left over were refused in English inside the 日本語 or 中文
    frame: 「'--players' の値が正しくありません：Input should be a valid integer, unable to
    parse string as an integer」, 「Input should be less than or equal to 65535」, 「Got
    unexpected extra argument(s) (3)」 (found typing options wrong as a new user). The
    reason is in the language asked, naming what was typed or the bound."""
    code, out = keizai(*args, "--lang", lang)
    assert code == 2, out
    box = " ".join(out.split("╮", 1)[1].split("╰")[0].replace("│", " ").split())
    assert not english_left(box), box   # the usage line above it is what is typed
    assert typed in box, box


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_help_on_a_terminal_that_cannot_show_it_is_replaced_not_a_traceback(
        lang: str) -> None:
    """`keizai --lang ja --help` in a terminal whose encoding has no 日本語 (latin-1, as
    a legacy locale or PYTHONIOENCODING sets it) ended in a UnicodeEncodeError
    traceback: the program's own help is shown before the callback that makes the output
    tolerant runs, while `keizai play --help` and the games already showed '?' (found
    trying the first commands a new user types, helper 99)."""
    import os
    import subprocess
    import sys

    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src, "PYTHONIOENCODING": "latin-1", "COLUMNS": "80"}
    done = subprocess.run([sys.executable, "-m", "keizai.cli", "--lang", lang, "--help"],
                          capture_output=True, text=True, timeout=120, env=env,
                          encoding="latin-1")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "--lang" in done.stdout and "replay" in done.stdout and "?" in done.stdout


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_an_error_in_a_narrow_terminal_folds_between_words(lang: str) -> None:
    """keizai's refusals were one line of up to 150 columns ('error: unknown game
    'futuropa'; known: enterprise-empire, futuropia, national-economy/glory, …'), which a
    60-column terminal folded mid-word ('national-econ' / 'omy/glory'), while the
    prompts, menus and messages of play fold between words. In a terminal the error
    folds so too; written to a file or a pipe it stays one line (found typing a game id
    wrong in a 60-column terminal, helper 99)."""
    import os
    import sys

    import pexpect  # type: ignore[import-untyped]

    from keizai.rules.folding import columns

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src"),
           "COLUMNS": "60"}
    child = pexpect.spawn(sys.executable, ["-m", "keizai.cli", "play", "futuropa", "--lang",
                                           lang], env=env, encoding="utf-8", timeout=60,
                          dimensions=(24, 60))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    lines = [line for line in child.before.replace("\r", "").split("\n")
             if line and "RuntimeWarning" not in line and "from keizai" not in line]
    assert len(lines) > 1 and max(columns(line) for line in lines) <= 60, lines
    code, whole = keizai("play", "futuropa", "--lang", lang)
    assert code == 2 and len(whole.strip().splitlines()) == 1
    assert "".join(lines).replace(" ", "") == whole.strip().replace(" ", "")


# Runs of printable ASCII in a help: names, values and English words
_LATIN_RUN = re.compile(r"[!-~]+")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_help_never_splits_a_word_or_an_option_name(lang: str, width: int) -> None:
    """Rich folded the 日本語 and 中文 help at any character, English words and option
    names included: `keizai play --help --lang ja` at 60 columns read 'hu' / 'man',
    '--no-auto-sin' / 'gle', ''exper' / 't'', 'auto-s' / 'ingle' (and English
    '--database-u' / 'rl' in `keizai serve`). Every run of Latin letters, digits and
    marks in a folded help is one the help has unfolded (1000 columns): none is cut in
    two. In 60 columns `keizai serve`'s help column holds 18 cells, so its example URL
    and '--no-secure-cookies' (19) named in a help text are the words it may fold."""
    for command in ([], ["games"], ["play"], ["replay"], ["sim"], ["serve"], ["bench"]):
        texts = {}
        for columns in (1000, width):
            result = runner.invoke(app, [*command, "--help", "--lang", lang],
                                   env={**NO_LOCALE, "COLUMNS": str(columns)},
                                   prog_name="keizai")
            assert result.exit_code == 0, result.output
            texts[columns] = result.output
        whole = set(_LATIN_RUN.findall(texts[1000]))
        cut = [run for run in _LATIN_RUN.findall(texts[width]) if run not in whole
               and not (width == 60 and any(run in w and len(w) > 18 for w in whole))]
        assert not cut, (command, cut, texts[width])


@pytest.mark.parametrize(("typed", "lang"), [("zh_TW", "zh-TW"), ("zh-tw", "zh-TW"),
                                             ("zh-Hant", "zh-TW"), ("JA", "ja"),
                                             ("ja_JP.UTF-8", "ja"), ("EN", "en")])
def test_lang_reads_a_language_however_a_locale_spells_it(typed: str, lang: str) -> None:
    """`--lang zh_TW` (as LANG=zh_TW.UTF-8 spells it, which keizai reads as 繁體中文),
    `--lang zh-tw` and `--lang JA` were refused ('--lang must be one of en, ja, zh-TW'),
    and their help shown in the locale's language. A spelling the locale would be read
    as is that language, for the help too; another language is still refused."""
    code, out = keizai("games", "--lang", typed)
    assert code == 0 and tr("game.futuropia", lang) in out, out
    code, out = keizai("--lang", typed, "play", "--help")
    assert code == 0 and tr("cli.help.play", lang) in out, out
    code, out = keizai("rules", "futuropa", "--lang", typed)
    assert code == 2 and tr("cli.err_unknown_id", lang, game="'futuropa'",
                            known=keizai_games()) in out, out
    for other in ("zh_CN", "zh", "fr"):
        code, out = keizai("games", "--lang", other, LANG="ja_JP.UTF-8")
        assert code == 2 and tr("cli.err_lang", "ja", langs=["en", "ja", "zh-TW"]) in out
