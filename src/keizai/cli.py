"""The `keizai` command: play in the terminal, watch a record, simulate, benchmark."""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import itertools
import json
import os
import shutil
import socket
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

import keizai
from keizai import cli_help, filelock, i18n, terminal_decisions
from keizai.agents import make_agent
from keizai.agents.base import KINDS, LEVELS
from keizai.agents.budget import beyond_ceiling
from keizai.engine import IllegalAction, InvalidSetup, State, UnknownGame, undo
from keizai.engine.decision import apply_whole
from keizai.engine.decision import steps as whole_steps
from keizai.engine.errors import shown
from keizai.engine.registry import parse_record
from keizai.i18n import howto
from keizai.rules.folding import columns, fold, words
from keizai.terminal_editing import enable_line_editing
from keizai.terminal_options import option_paragraphs
from keizai.terminal_replay import RecordedGame, ReplayViewer
from keizai.terminal_text import (
    final_ranking_text,
    log_line,
    printable,
    seat_label,
    terminal_width,
)
from keizai.terminal_typeahead import discard_typed_ahead

# -h as well as --help: what a new user of a command line types first (every command's
# context inherits it)
app = typer.Typer(cls=cli_help.Group, add_completion=False, no_args_is_help=True,
                  context_settings={"help_option_names": ["--help", "-h"]})


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"keizai {keizai.__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_show_version,
                                          is_eager=True)] = False,
    lang: Annotated[str | None, typer.Option()] = None,
) -> None:
    _language(lang)   # refused before the command runs; the commands read it (`_language`)


def _language(lang: str | None, ctx: typer.Context | None = None) -> str:
    """The command's --lang, else the program's (`keizai --lang ja sim`: `ctx` is the
    command's), else the locale's language as gettext reads it; an unknown one is
    refused, in the locale's language."""
    if lang is None and ctx is not None:
        lang = ctx.find_root().params.get("lang")
    if lang is None:
        return i18n.locale_language()
    spoken = i18n.language_named(lang)   # "zh_TW", "zh-tw", "JA" as a locale spells them
    if spoken is None:
        raise _refuse(i18n.locale_language(), "cli.err_lang", langs=list(i18n.LANGUAGES))
    return spoken


def _fail(message: str, lang: str = "en") -> typer.Exit:
    """Say why the command cannot go on and end it (exit status 2): in a terminal folded
    between its words at its width, as the game's messages are; one line in a file."""
    text = i18n.tr("cli.error", lang, message=message)
    if sys.stderr.isatty():
        text = "\n".join(fold("", words(text), "", terminal_width(), 2))
    typer.echo(text, err=True)
    return typer.Exit(2)


def _refuse(lang: str, key: str, **params: Any) -> typer.Exit:
    """`_fail` with the catalogue message `key` in `lang` (what `keizai play` says)."""
    return _fail(i18n.tr(key, lang, **params), lang)


def _error_text(error: Exception, lang: str) -> str:
    """An error's reason in `lang`: a refusal's catalogue message, else its own text."""
    if isinstance(error, (IllegalAction, InvalidSetup)):
        return error.render(lang)
    if isinstance(error, OSError):
        return _os_reason(error, lang)
    return str(error)


# The system's reasons a player meets reading or writing a file, or listening on a port
# another program has (`keizai serve`), by errno name: said in the player's language,
# without the file's name (which may be a temporary one)
_OS_REASONS = ("ENOSPC", "EDQUOT", "EACCES", "EPERM", "EROFS", "ENOENT", "ELOOP", "EIO",
               "ENAMETOOLONG", "EADDRINUSE")


def _os_reason(error: OSError, lang: str) -> str:
    """Why the system refused to read or write a file (or to listen on a port), in
    `lang` where the catalogue says it (cli.os.*), else the system's own words."""
    name = errno.errorcode.get(error.errno or 0)
    if name in _OS_REASONS:
        return i18n.tr(f"cli.os.{name}", lang)
    return error.strerror or str(error)


def _refuse_a_file_in_the_way(path: Path, what: str, lang: str) -> None:
    """Refuse a path that goes through a file (`notes.txt/game.json`), naming the file,
    where the nearest existing folder above it would be said to be missing or unwritable."""
    above = path.parent
    while not above.exists() and above != above.parent:
        above = above.parent
    if above.exists() and not above.is_dir():
        raise _refuse(lang, "cli.err_through_file", what=what, path=str(path),
                      file=str(above))


def _writable_file(path: Path, what: str, lang: str = "en") -> None:
    """Refuse a file path that cannot be written, before anything is played."""
    if path.is_dir():
        raise _refuse(lang, "cli.err_is_dir", what=what, path=str(path))
    _refuse_a_file_in_the_way(path, what, lang)
    parent = path.parent
    if not parent.is_dir():
        raise _refuse(lang, "cli.err_no_dir", what=what, path=str(path), dir=str(parent))
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise _refuse(lang, "cli.err_not_writable", what=what, path=str(path))


# A save of the longest game is tens of kilobytes: a larger file is not one.
MAX_SAVE_BYTES = 4 * 1024 * 1024


def _check_regular_file(path: Path, lang: str) -> None:
    """Refuse a path that names no file, or no regular file (a device or a pipe would be
    read for ever)."""
    if not path.exists():
        raise _refuse(lang, "cli.err_no_file", path=str(path))
    if not path.is_file():
        raise _refuse(lang, "cli.err_not_file", path=str(path))


def _read_record(path: Path, lang: str) -> dict[str, Any]:
    """The game record saved in `path`, or a clear refusal: only a regular file (a
    device or a pipe would be read for ever), of a save's size, holding a JSON object."""
    try:
        _check_regular_file(path, lang)
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise _refuse(lang, "cli.err_too_big", path=str(path),
                          most=MAX_SAVE_BYTES // (1024 * 1024))
        return parse_record(path.read_bytes())
    except InvalidSetup as error:   # not UTF-8, not JSON, too deep, not a record's shape
        raise _refuse(lang, "cli.err_in_file", path=str(path),
                      error=_error_text(error, lang)) from None
    except OSError as error:
        raise _refuse(lang, "cli.err_in_file", path=str(path),
                      error=_os_reason(error, lang)) from None


def _read_records_line(path: Path, index: int | None, lang: str) -> dict[str, Any]:
    """Game `index` of a file of records, one JSON record a line (`keizai sim --records`
    writes records.jsonl in the order the games finished, each with its game number,
    "index"; a record without one is numbered by its place in the file, from 0). Without
    `index`, the file's only record. Each line is read as a save is (`parse_record`, at
    most a save's size), and a damaged one is refused with its line number."""
    numbers: list[int] = []
    first: dict[str, Any] | None = None
    try:
        _check_regular_file(path, lang)
        with path.open("rb") as lines:
            for line_number in itertools.count(1):
                line = lines.readline(MAX_SAVE_BYTES + 1)
                if not line:
                    break
                if len(line) > MAX_SAVE_BYTES:
                    raise _refuse(lang, "cli.err_line_too_big", path=str(path),
                                  line=line_number, most=MAX_SAVE_BYTES // (1024 * 1024))
                if not line.strip():
                    continue
                try:
                    record = parse_record(line)
                except InvalidSetup as error:
                    raise _refuse(lang, "cli.err_in_line", path=str(path), line=line_number,
                                  error=_error_text(error, lang)) from None
                number = record.get("index")
                number = number if type(number) is int else len(numbers)
                if number == index:
                    return record
                numbers.append(number)
                first = first or record
    except OSError as error:
        raise _refuse(lang, "cli.err_in_file", path=str(path),
                      error=_os_reason(error, lang)) from None
    if first is None:
        raise _refuse(lang, "cli.err_no_records", path=str(path))
    if index is None and len(numbers) == 1:
        return first
    key = "cli.err_choose_game" if index is None else "cli.err_no_such_game"
    raise _refuse(lang, key, path=str(path), n=len(numbers), index=index,
                  first=min(numbers), last=max(numbers))


@contextlib.contextmanager
def _refusing_record(path: Path, record: dict[str, Any], lang: str) -> Iterator[None]:
    """Replaying `record`, read from `path`: a game this keizai does not know, a setup it
    refuses or an action that does not replay is a clear refusal that names the file."""
    try:
        yield
    except UnknownGame:
        raise _refuse(lang, "cli.err_unknown_game", path=str(path), game=shown(record["game"]),
                      known=", ".join(keizai.games())) from None
    except (ValueError, KeyError) as error:   # InvalidSetup and IllegalAction among them
        raise _refuse(lang, "cli.err_in_file", path=str(path),
                      error=_error_text(error, lang)) from None


def _check_save_target(save: Path, resume: Path | None, lang: str) -> None:
    """Refuse a --save path whose file the game would replace though it is not a
    finished keizai save: an unfinished game (it could be resumed), a save that no longer
    replays (it could be mended) or any other file."""
    _writable_file(save, "--save", lang)
    if resume is not None and save.resolve() == resume.resolve():
        return
    if not save.exists():
        return
    state = _saved_game(save)
    if state is None:
        raise _refuse(lang, "cli.err_save_other", path=str(save))
    if not state.is_over:
        raise _refuse(lang, "cli.err_save_holds", path=str(save), game=state.game.id)


def _saved_game(path: Path) -> State | None:
    """The game the file `path` holds, or None where it holds none (not a regular file,
    larger than a save, no record, a record that does not replay). Read quietly, unlike
    `_read_record`: why a file in the way of --save is no save is not what the player
    asked (it printed a second error before the refusal)."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_SAVE_BYTES:
            return None
        return keizai.replay(parse_record(path.read_bytes()))
    except (OSError, ValueError, KeyError, TypeError, IllegalAction):
        return None


@contextlib.contextmanager
def _holding(save: Path | None, lang: str) -> Iterator[None]:
    """Hold the save file `save` while its game is played (a hidden lock file beside
    it, keizai.filelock): a second `keizai play` of the same save is refused, rather than
    each writing its game over the other's after every move. A save in a directory that
    cannot be written is not held; its checks refuse it, and nothing can overwrite it."""
    # one lock for the file's every name; the root directory has none (`--save /`), and
    # the checks refuse it as the directory it is
    real = Path(os.path.realpath(save)) if save is not None else None
    if real is None or not real.name:
        yield
        return
    lock = real.with_name(f".{real.name}.keizai-lock")   # no name a player's file has
    try:
        fd = filelock.hold(lock)
    except OSError:
        fd, writable = None, False
    else:
        writable = True
    if fd is None and writable:
        raise _refuse(lang, "cli.err_save_in_use", path=str(save))
    try:
        yield
    finally:
        if fd is not None:
            filelock.release(lock, fd)


def _writable_dir(path: Path, what: str, lang: str) -> None:
    """Refuse an output directory that cannot be created or written, before playing."""
    if path.exists() and not path.is_dir():
        raise _refuse(lang, "cli.err_not_dir", what=what, path=str(path))
    _refuse_a_file_in_the_way(path, what, lang)
    existing = path
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK):
        raise _refuse(lang, "cli.err_not_writable", what=what, path=str(path))
    try:  # as root os.access says yes to everything: try it
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _refuse(lang, "cli.err_cannot_create", what=what, path=str(path),
                      error=_os_reason(error, lang)) from None


def _check_agents(specs: list[str], lang: str, saved_in: Path | None = None,
                  unknown: str = "cli.err_seat") -> None:
    """Refuse a seat that names no bot keizai knows, with the names it knows (`unknown`:
    the message, which for keizai play's seats says that human is one too); a bot's
    parameters that are wrong with the agent's reason, in `lang`; a level given
    parameters with the spec it stands for. Naming the file `saved_in` where the seats
    were read from a save."""
    known = i18n.tr("list.sep", lang).join(dict.fromkeys([*KINDS, *LEVELS]))
    for spec in specs:
        if spec != "human":
            try:
                make_agent(spec)
            except ValueError as error:
                said = _seat_refusal(spec, _spec_reason(error, lang), lang, unknown, known)
                if saved_in is not None:   # a save's seats: what the seat says, in its file
                    said = i18n.tr("cli.err_in_file", lang, path=str(saved_in), error=said)
                raise _fail(said, lang) from None


def _warn_of_budgets(specs: list[str], lang: str, saved_in: Path | None) -> None:
    """Say each bot that may think far longer a decision than keizai's server allows
    (keizai.agents.budget): played all the same, on the player's own machine, but not
    without a word, with Ctrl-C's way out; and which file named it, where it was read from
    a save, and that --seats chooses other seats."""
    for seat, spec in enumerate(specs):
        beyond = None if spec == "human" else beyond_ceiling(spec)
        if beyond is not None:
            key, value, most = beyond
            _say(i18n.tr("cli.warn_bot_budget", lang, seat=seat,
                         spec=printable(spec, SPEC_SHOWN), key=key,
                         value=printable(value, SPEC_SHOWN), most=f"{most:g}"))
            if saved_in is not None:
                _say(i18n.tr("cli.warn_bot_budget_saved", lang, path=str(saved_in)))


def _seat_refusal(spec: str, reason: str, lang: str, unknown: str, known: str) -> str:
    """Why the seat `spec` names no bot, in `lang`: its bot's parameters are wrong
    (`reason`, the agent's), a level was given parameters, or it names no bot (`unknown`,
    with the names it knows)."""
    kind = spec.strip().lower().partition(":")[0].strip()
    shown_spec = printable(spec, SPEC_SHOWN)
    if kind in KINDS:
        return i18n.tr("cli.err_seat_params", lang, spec=shown_spec, error=reason)
    if kind in LEVELS:
        return i18n.tr("cli.err_seat_level", lang, spec=shown_spec, level=kind,
                       stands_for=LEVELS[kind])
    return i18n.tr(unknown, lang, spec=shown_spec, error=reason, known=known)


# A refused bot spec is quoted up to this many characters (a save's seats may hold
# anything, of any size)
SPEC_SHOWN = 60


def _spec_reason(error: ValueError, lang: str) -> str:
    """Why an agent refused its spec, in `lang`, the pieces of the spec it quotes shown
    as `printable` shows them: cut short, and without the characters a terminal would
    act on."""
    if isinstance(error, InvalidSetup) and error.message_id is not None:
        params = {key: printable(value, SPEC_SHOWN) if isinstance(value, str) else value
                  for key, value in error.params.items()}
        return i18n.tr(error.message_id, lang, **params)
    return printable(str(error), 4 * SPEC_SHOWN)


def _parse_options(raw: str | None, lang: str) -> dict[str, Any]:
    if not raw:
        return {}
    try:
        options = json.loads(raw)
    except json.JSONDecodeError as error:   # where, in the reader's words (not Python's)
        raise typer.BadParameter(i18n.tr("cli.err_options_json", lang, line=error.lineno,
                                         column=error.colno)) from None
    except RecursionError:
        raise typer.BadParameter(i18n.tr("cli.err_options_object", lang)) from None
    if not isinstance(options, dict):
        raise typer.BadParameter(i18n.tr("cli.err_options_object", lang))
    return options


@app.command("games", cls=cli_help.Command)
def list_games(ctx: typer.Context,
               lang: Annotated[str | None, typer.Option()] = None) -> None:
    language = _language(lang, ctx)
    for game_id in keizai.games():
        game = keizai.get_game(game_id)
        line = i18n.tr("cli.game_line", language, title=i18n.tr(f"game.{game_id}", language),
                       least=game.min_players, most=game.max_players)
        whole = f"{game_id:28} {line}"
        if columns(whole) <= terminal_width():
            typer.echo(whole)
        else:   # a narrow terminal: the title on lines of its own, under the id
            typer.echo("\n".join([game_id, *fold("    ", words(line), "", terminal_width(), 4)]))


def game_named(typed: str) -> str:
    """The id of the game `typed` names as a user types it: in another case, with '_' or
    a space for '-', or by its last part alone ('glory'), where one game alone matches;
    else `typed` as it is (refused as unknown, with the ids). Records keep the id."""
    ids = keizai.games()
    if typed in ids:
        return typed

    def folded(name: str) -> str:
        return "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())

    matches = [g for g in ids if folded(g) == folded(typed)] \
        or [g for g in ids if folded(g.rsplit("/", 1)[-1]) == folded(typed)]
    return matches[0] if len(matches) == 1 else typed


@app.command("rules", cls=cli_help.Command)
def rules(ctx: typer.Context, game: Annotated[str, typer.Argument()],
          lang: Annotated[str | None, typer.Option()] = None) -> None:
    """How to play `game` in one screen (keizai.i18n.howto), folded to the terminal."""
    language = _language(lang, ctx)
    game = game_named(game)
    if game not in keizai.games():
        raise _refuse(language, "cli.err_unknown_id", game=shown(game), known=keizai.games())
    text = howto.how_to_play(game, language)
    width = terminal_width()
    lines = fold("", words(text["title"]), "", width, 2)
    for section in text["sections"]:
        lines += ["", *fold("", words(section["heading"]), "", width, 2)]
        for paragraph in section["paragraphs"]:
            lines += fold("- ", words(paragraph), "", width, 2)
    options = option_paragraphs(keizai.get_game(game), language)
    if options:
        lines += ["", *fold("", words(i18n.tr("cli.rules_options", language)), "", width, 2)]
        for paragraph in options:
            lines += fold("- ", words(paragraph), "", width, 2)
    typer.echo("\n".join(lines))


def clear_screen() -> None:
    """Clear the terminal and its scroll-back (a hot seat's hand must not stay in
    sight); where the output is no terminal, blank lines push it up instead."""
    if sys.stdout.isatty():
        sys.stdout.write("\x1b[H\x1b[2J\x1b[3J")
        sys.stdout.flush()
    else:
        typer.echo("\n" * 60, nl=False)


# Full-width ASCII (U+FF01-U+FF5E) and the ideographic space, as a 日本語 or 中文 input
# method types them, to their ASCII: "ｑ", "１　３" are "q", "1 3"
_HALF_WIDTH = {0x3000: " ", **{code: chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)}}


def _say(message: str) -> None:
    """A message (a refusal, an undo's outcome, the game left) folded between its words
    at the terminal's width, as the prompts and the log are."""
    typer.echo("\n".join(fold("", words(message), "", terminal_width(), 2)))


# Columns the last line of a folded prompt keeps free for the answer typed after it (a
# space and "1 2 3 4 5"), so a short answer does not run past the terminal's edge
_ANSWER_ROOM = 10


def _ask(prompt: str, answer: int = _ANSWER_ROOM - 1) -> str:
    """A line typed at the prompt, full-width letters, digits and spaces read as their
    ASCII; "q" (quit) at the end of the input, or where there is none. A prompt longer
    than the terminal is folded between its words, the answer typed after its last line,
    which leaves room for a short one, or for `answer` columns (a whole set's numbers)."""
    width = terminal_width()
    room = min(max(_ANSWER_ROOM, answer + 1), width - 1)   # a space, then the answer
    pieces = words(prompt) or [""]
    pieces[-1] += " " * room   # the last word moves down if the answer would not fit
    *above, last = fold("", pieces, "", width, 2)
    for line in above:
        print(line)
    if sys.stdin is None:   # started with its input closed (`<&-`): no answer will come
        print(last.rstrip())
        return "q"
    if sys.stdin.isatty():   # ←, →, Home, End and Delete edit the answer
        enable_line_editing()
    try:
        return input(last.rstrip() + " ").translate(_HALF_WIDTH)
    except EOFError:   # Ctrl-D: no line was typed, so none ended the prompt's
        print()
        return "q"
    except UnicodeDecodeError:   # bytes the terminal's encoding cannot read
        return "?"               # refused by every prompt, which then asks again


def bot_seed(state: State, seat: int) -> int:
    """The seed of a bot's move: the game's seed, the seat and the move's number, as the
    web's tables seed theirs, so a bot moves alike in a game played straight through, in
    the same game resumed from its save and after an undo back past its move."""
    return ((state.seed * 31 + seat) * 1_000_003 + len(state.history)) % 2**63


# The log lines a resumed game first shows: the latest moves, not all from the first one
LOG_TAIL = 20


class TerminalTable:
    """One game in the terminal: humans answer prompts, bots play their seats."""

    def __init__(self, state: State, seats: list[str], save: Path | None,
                 auto_single: bool = True, lang: str = "en") -> None:
        self.state = state
        self.lang = lang
        # A decision with one option is no decision: apply it and say so in a log line.
        self.auto_single = auto_single
        self.seats = seats
        self.bots = {i: spec for i, spec in enumerate(seats) if spec != "human"}
        self.humans = [i for i, spec in enumerate(seats) if spec == "human"]
        self.save = save
        # whether `save` holds this game: written once at least (a Ctrl-C can stop the
        # first write before the file is there)
        self.saved = False
        self.log_seen = dict.fromkeys([None, *range(state.num_players)], 0)
        # a game resumed from its save: its long log is first shown as a tail
        self.resumed = bool(state.history)
        # The human last at the screen: the seat of the latest decision typed, its own
        # or an offer answered on the public table
        self.last_human: int | None = None
        # In a hot seat, the seat whose own table (its hand) the screen shows, if any
        self.on_screen: int | None = None

    def _t(self, key: str, **params: Any) -> str:
        return i18n.tr(key, self.lang, **params)

    def _label(self, view: dict[str, Any], action: Any) -> str:
        """A menu line in the table's language, with the figures that decide it."""
        label: str = self.state.game.describe_action(view, action, self.lang)
        return label

    def _show_log(self, seat: int | None) -> None:
        """The log lines `seat` has not seen yet; of a resumed game's log, first only its
        last LOG_TAIL lines, after a line saying how many are not shown and how to read
        them (the `l` key, or `keizai replay` once the game is over)."""
        lines = self.state.log(seat, self.lang)
        shown_from = self.log_seen[seat]
        if self.resumed and shown_from == 0 and len(lines) > LOG_TAIL:
            shown_from = len(lines) - LOG_TAIL
            if self.state.is_over and self.save is not None:
                typer.echo(log_line(self._t("cli.log_earlier_replay", hidden=shown_from,
                                            command=f"keizai replay {self.save}")))
            else:
                typer.echo(log_line(self._t("cli.log_earlier", hidden=shown_from)))
        for line in lines[shown_from:]:
            typer.echo(log_line(line))
        self.log_seen[seat] = len(lines)

    def _save(self) -> None:
        """The game record, with the seats (humans and bot specs) for --resume. Written
        to a temporary file that then replaces the save, so a failed write (disk full,
        a file system that refuses it, Ctrl-C) never destroys the previous save. A save
        named through a link is the file the link names (replacing the link would leave
        that file behind), and it keeps its permissions."""
        if self.save is None:
            return
        saved = {**self.state.record(), "seats": self.seats}
        if not self.auto_single:   # --no-auto-single: resumed, the game still asks each
            saved["auto_single"] = False
        text = json.dumps(saved, indent=1)
        target = Path(os.path.realpath(self.save))
        partial = target.with_name(target.name + ".partial")
        try:
            try:
                partial.write_text(text)
                with contextlib.suppress(FileNotFoundError):   # the first save: a new file
                    shutil.copymode(target, partial)
                os.replace(partial, target)
                self.saved = True
            finally:   # not replaced: a failed write, or Ctrl-C during it
                with contextlib.suppress(OSError):
                    partial.unlink(missing_ok=True)
        except OSError as error:
            key = "cli.err_save_kept" if self.save.exists() else "cli.err_save"
            raise _refuse(self.lang, key, path=str(self.save),
                          error=_os_reason(error, self.lang)) from None

    def save_at_start(self) -> None:
        """The save as the game starts, before anything is shown: a path the checks let
        through but no file can be written at (`--save /proc/x.json`) is refused then,
        not after the game's header. Quitting before the first move still leaves the
        seed and seats; a finished game's file is only shown, not rewritten (a `keizai
        sim --records` line keeps its index, agents and scores)."""
        if not (self.state.is_over and self.save is not None and self.save.exists()):
            self._save()

    def run(self) -> None:
        game = self.state.game
        viewer: int | None = self.humans[0] if self.humans else None
        while not self.state.is_over:
            state = self.state  # an undo replaces the state
            seat = state.current_player
            assert seat is not None
            if seat in self.bots:
                with self._thinking(seat):
                    action = make_agent(self.bots[seat], bot_seed(state, seat)).choose(state)
                state.apply(action)
                self._save()
                continue
            legal = state.legal_actions()
            if self.auto_single and len(legal) == 1:
                # what led here first (the bots' moves since), then the move it makes; in a
                # hot seat only the log of the seat whose table is on the screen
                reader = self.humans[0] if len(self.humans) == 1 else self.on_screen
                if reader is not None:
                    self._show_log(reader)
                typer.echo(log_line(self._t("cli.only_choice", seat=seat,
                                            action=self._label(state.view(seat), legal[0]))))
                state.apply(legal[0])
                self._save()
                continue
            private = self._private_decision(seat)
            if self.on_screen is not None and self.on_screen != seat:
                if not self._hide_table():
                    self._left()
                    return
            if (len(self.humans) > 1 and seat != self.last_human and private
                    and not self._pass_screen(seat)):
                self._left()
                return
            self.last_human = seat
            if private:
                viewer = seat
                if len(self.humans) > 1:
                    self.on_screen = seat
            self._show_log(seat)
            typer.echo("")
            # the seat's own table (its hand) unless another human may be looking: a
            # decision answered on the public table in a hot seat
            own = private or len(self.humans) == 1
            typer.echo(game.render_text(state.view(seat if own else None), self.lang,
                                        terminal_width()))
            if not self._human_turn(seat):
                self._left()
                return
            self._save()
        state = self.state
        self._show_log(viewer)
        typer.echo("")
        typer.echo(game.render_text(state.view(viewer), self.lang, terminal_width()))
        typer.echo(final_ranking_text(state, self.seats, self.lang, terminal_width()))

    def _thinking(self, seat: int) -> contextlib.AbstractContextManager[Any]:
        """"P2 (hard) is thinking…" while a bot decides, on a terminal with a human at it
        (a search level takes seconds); gone once it has moved."""
        if not self.humans or not sys.stdout.isatty():
            return contextlib.nullcontext()
        from rich.console import Console

        return Console().status(self._t("cli.thinking", seat=seat,
                                        who=seat_label(self.seats[seat], self.lang)))

    def _left(self) -> None:
        self.clear_hand()
        _say(self._t("cli.left_resume", path=str(self.save)) if self.save
             else self._t("cli.left_unfinished"))

    def clear_hand(self) -> None:
        """Leaving a hot seat (q, Ctrl-C) with a seat's table, its hand, on the screen:
        clear it first, as a hand-over does, for whoever sits down next (the other
        player, to resume the game). Nothing to clear with one human."""
        if self.on_screen is not None:
            self.on_screen = None
            clear_screen()

    def _pass_screen(self, seat: int) -> bool:
        """A hot seat's hand-over to the seat whose hand comes next on the screen. Only
        Enter (an empty line) shows it: anything else typed, a key pressed by whoever
        still holds the screen or a number meant for the menu just answered, is said to
        be no way on and asked again. False when the player quits."""
        typer.echo()
        _say(self._t("cli.pass_screen", seat=seat))   # folded as the prompt after it
        while True:
            answer = self._ask(self._t("cli.press_enter")).strip().lower()
            if answer in ("", "q"):
                return answer == ""
            _say(self._t("cli.press_enter_only", seat=seat))

    def _hide_table(self) -> bool:
        """Another seat's turn in a hot seat: the seat whose table (and hand) is on the
        screen reads what its last moves brought (a draw), then clears the screen before
        the next player looks. False when the player quits."""
        seat = self.on_screen
        assert seat is not None
        self._show_log(seat)
        answer = self._ask(self._t("cli.hide_table", seat=seat))
        self.on_screen = None
        clear_screen()
        return answer.strip().lower() != "q"

    def _private_decision(self, seat: int) -> bool:
        """Whether this seat needs the screen to itself: not in a game without hidden
        information, nor to answer an offer made during another seat's turn (企業帝國:
        buy the revealed material or pass), which is answered on the public table."""
        state = self.state
        if not state.game.has_hidden_information:
            return False
        view = state.view(None)
        offer = view.get("offer")
        return not (isinstance(offer, dict) and offer.get("to") == seat
                    and view.get("active") not in (None, seat))

    def _can_offer_undo(self) -> bool:
        """Undo is for a game against bots only: with other humans it would be cheating."""
        return len(self.humans) == 1

    def _undo(self, seat: int) -> str:
        """Go back to just before this seat's previous decision, unless a card was drawn or
        revealed (or a die rolled) since: undo never shows what chance would bring. Returns
        the catalogue id of what happened (cli.undone when it went back)."""
        record = self.state.record()
        actions = record["actions"]
        probe = keizai.replay({**record, "actions": []})
        movers = []
        reveals = []
        choices = []  # False where the table applied a single option by itself
        kinds = []  # the compound decision each action was a step of, if any
        for name in actions:
            movers.append(probe.current_player)
            choices.append(not self.auto_single or len(probe.legal_indices()) > 1)
            reveals.append(undo.counters(probe))
            decision = probe.pending_decision()
            kinds.append(decision.kind if decision is not None else None)
            probe.apply(name)
        mine = [i for i, (mover, real) in enumerate(zip(movers, choices, strict=True))
                if mover == seat and real]
        if not mine:
            return "cli.nothing_to_undo"
        back = mine[-1]
        # A compound decision was one prompt: undo all its steps, back to that prompt.
        back = undo.whole_decision_start(movers, kinds, back)
        if not undo.nothing_revealed(reveals, movers, seat, back, undo.counters(self.state)):
            return "cli.cannot_undo"
        self.state = keizai.replay({**record, "actions": actions[:back]})
        self.log_seen = {viewer: len(self.state.events(viewer)) for viewer in self.log_seen}
        self._save()
        return "cli.undone"

    def _ask(self, prompt: str, answer: int = _ANSWER_ROOM - 1) -> str:
        """The answer typed once `prompt` is shown: a line typed before (while a bot
        moved, a second Enter at a hot seat's hand-over) is dropped, and said to be."""
        if discard_typed_ahead():
            _say(self._t("cli.typed_ahead"))
        return _ask(prompt, answer)

    def _whole_turn(self, seat: int) -> bool | None:
        """A compound decision (pay N cards, sell, buy houses, pay interest) chosen whole in
        one prompt and confirmed once; the engine's helper refuses an invalid set with the
        reason before anything is applied. None: the player asked for single steps."""
        state = self.state
        decision = state.pending_decision()
        assert decision is not None
        while True:
            for line in terminal_decisions.lines(decision, self.lang, terminal_width()):
                typer.echo(line)
            undo = self._can_offer_undo()
            keys = self._t("cli.whole_keys_undo" if undo else "cli.whole_keys")
            answer = self._ask(self._t("cli.whole_prompt", keys=keys,
                                       typing=terminal_decisions.help_text(decision, self.lang)),
                               terminal_decisions.answer_columns(decision))
            answer = answer.strip().lower()
            if answer == "q":
                return False
            if answer == "s":
                return None
            if answer == "u":
                outcome = self._undo(seat) if undo else "cli.no_undo_with_people"
                _say(self._t(outcome))
                if outcome == "cli.undone":
                    return True
                continue
            if answer == "l":
                for line in state.log(seat, self.lang):
                    typer.echo(log_line(line))
                continue
            try:
                chosen = terminal_decisions.parse(decision, answer, self.lang)
            except ValueError as error:
                _say(self._t("cli.choose_again", error=str(error)))
                continue
            try:   # a set the rules refuse is refused now, not after it is confirmed
                whole_steps(state, chosen)
            except IllegalAction as error:
                _say(self._t("cli.not_applied", error=error.render(self.lang)))
                continue
            question = terminal_decisions.confirm_question(decision, chosen, state.game.id,
                                                           self.lang)
            confirm = self._confirm(question)
            if confirm == "q":
                return False
            if confirm == "n":
                continue
            try:
                apply_whole(state, chosen)
            except IllegalAction as error:
                _say(self._t("cli.not_applied", error=error.render(self.lang)))
                continue
            return True

    def _confirm(self, question: str) -> str:
        """Ask `question` until the answer is yes (Enter), no or quit: "y", "n" or "q".
        Besides y and n, the language's words read (the prompt says Enter = はい, 是)."""
        yes = {"", "y", "yes", *self._t("cli.confirm_yes_words").lower().split()}
        no = {"n", "no", *self._t("cli.confirm_no_words").lower().split()}
        confirm = self._ask(self._t("cli.confirm_whole", question=question)).strip().lower()
        while confirm not in yes | no | {"q"}:
            # an answer that is neither: ask again rather than guess
            confirm = self._ask(self._t("cli.confirm_again")).strip().lower()
        return "q" if confirm == "q" else "n" if confirm in no else "y"

    def _human_turn(self, seat: int) -> bool:
        """Prompt until a legal action is applied; False when the player quits."""
        state = self.state
        if state.pending_decision() is not None:
            whole = self._whole_turn(seat)
            if whole is not None:
                return whole
        while True:
            view = state.view(seat)
            legal = state.game.menu_order(view, state.legal_actions())
            typer.echo(self._t("cli.choose", seat=seat))
            for number, action in enumerate(legal, 1):
                # a long choice folds between its words under its label, not mid-word
                typer.echo("\n".join(fold(f"  {number:2}) ", words(self._label(view, action)),
                                           "", terminal_width(), 6)))
            undo = self._can_offer_undo()
            answer = self._ask(self._t("cli.prompt_undo" if undo else "cli.prompt"))
            answer = answer.strip().lower()
            if answer == "q":
                return False
            if answer == "u":   # not offered with other people: say why, not "a number"
                outcome = self._undo(seat) if undo else "cli.no_undo_with_people"
                _say(self._t(outcome))
                if outcome == "cli.undone":
                    return True  # the table shows the restored position
                continue
            if answer == "l":
                for line in state.log(seat, self.lang):
                    typer.echo(log_line(line))
                continue
            picked = terminal_decisions.menu_number(answer, len(legal))
            if picked is None:
                _say(self._t("cli.bad_number", n=len(legal)))
                continue
            action = legal[picked - 1]
            if state.game.ends_seat(action):   # nothing takes it back: ask first, as the page
                confirm = self._confirm(i18n.tr("confirm_action", self.lang,
                                                self._label(view, action)))
                if confirm == "q":
                    return False
                if confirm == "n":
                    continue
            try:
                state.apply(action)
            except IllegalAction as error:  # cannot happen for a listed action
                _say(self._t("cli.not_allowed", error=error.render(self.lang)))
                continue
            return True


@app.command(cls=cli_help.Command)
def play(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument()] = None,
    players: Annotated[int | None, typer.Option(show_default=False)] = None,
    seed: Annotated[int | None, typer.Option()] = None,
    seats: Annotated[str | None, typer.Option()] = None,
    options: Annotated[str | None, typer.Option()] = None,
    save: Annotated[Path | None, typer.Option()] = None,
    resume: Annotated[Path | None, typer.Option()] = None,
    auto_single: Annotated[bool, typer.Option()] = True,
    lang: Annotated[str | None, typer.Option()] = None,
) -> None:
    language = _language(lang, ctx)
    game = None if game is None else game_named(game)
    with _holding(save or resume, language):
        saved_seats = None
        if save is not None:
            _check_save_target(save, resume, language)
        try:
            if resume is not None:
                if resume.suffix.lower() == ".jsonl":   # keizai sim's records, finished games
                    raise _refuse(language, "cli.err_resume_jsonl", path=str(resume))
                record = _read_record(resume, language)
                if game is not None and game != record.get("game"):
                    raise _refuse(language, "cli.err_other_game", path=str(resume),
                                  held=printable(str(record.get("game")), 60),
                                  game=printable(game, 60))
                with _refusing_record(resume, record, language):
                    state = keizai.replay(record)
                _check_resumed_setup(state, players, seed,
                                     _parse_options(options, language), resume, language)
                players = state.num_players
                saved_seats = record.get("seats")
                if record.get("auto_single") is False and not _given(ctx, "auto_single"):
                    auto_single = False   # played so, unless --auto-single says otherwise
                save = save or resume
                _writable_file(save, "--save", language)
            elif game is None:
                raise _refuse(language, "cli.err_no_game")
            else:
                if players is None:   # as many as --seats names, else 3
                    players = len(seats.split(",")) if seats else 3
                state = keizai.new_game(game, players, seed=seed,
                                        options=_parse_options(options, language))
        except (ValueError, KeyError, OSError, IllegalAction) as error:
            if resume is None:
                raise _fail(_setup_error_text(error, str(game), language), language) from None
            raise _refuse(language, "cli.err_in_file", path=str(resume),
                          error=_error_text(error, language)) from None
        if seats:
            # bot names are read case-insensitively (make_agent): so is "human"
            seat_list = ["human" if s.strip().lower() == "human" else s.strip()
                         for s in seats.split(",")]
        elif saved_seats is not None:
            if not (isinstance(saved_seats, list) and len(saved_seats) == players
                    and all(isinstance(s, str) for s in saved_seats)):
                raise _refuse(language, "cli.err_saved_seats", path=str(resume), players=players)
            seat_list = saved_seats
        else:
            seat_list = ["human"] + ["random"] * (players - 1)
        if len(seat_list) != players:
            raise _refuse(language, "cli.err_seats", n=len(seat_list), players=players)
        _check_agents(seat_list, language, None if seats else resume)
        _warn_of_budgets(seat_list, language, None if seats else resume)
        table = TerminalTable(state, seat_list, save, auto_single, language)
        seed_shown = seed_in_sight(state, seat_list, chosen=seed is not None)
        try:
            table.save_at_start()   # a save that cannot be written is refused before the game
            title = i18n.tr(f"game.{state.game.id}", language)
            if seed_shown:
                _say(i18n.tr("cli.header", language, title=title, players=players,
                             seed=state.seed))
            else:
                _say(i18n.tr("cli.header_no_seed", language, title=title, players=players))
            table.run()
        except KeyboardInterrupt:
            # Ctrl-C: the save holds the game as of the last move; stopped in the first
            # save (Typer said "Aborted."), the game is where it was: in the file resumed,
            # if any, else nowhere
            typer.echo("")
            table.clear_hand()
            kept = save if table.saved else resume
            _say(i18n.tr("cli.left_resume", language, path=str(kept)) if kept
                 else i18n.tr("cli.left_unfinished", language))
            raise typer.Exit(130) from None
        if not seed_shown and table.state.is_over:   # nothing is hidden any more
            _say(i18n.tr("cli.seed_at_end", language, seed=table.state.seed))


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the option `name` was given (on the command line), not left at its
    default. Typer's own copy of Click has its own ParameterSource: read by its name."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


def seed_in_sight(state: State, seats: list[str], chosen: bool) -> bool:
    """Whether `keizai play` may show the game's seed as the game starts. The seed
    rebuilds every card a seat cannot see (the others' hands, the deck's order, the dice
    to come), so not while a human plays a game with hidden information (keizai's game
    without it, Futuropia, has no chance after its face-up set-up either), unless that
    human chose the seed (`--seed`: known already); never in a hot seat, whichever human
    chose it. Shown when the game is over, or played by bots only."""
    humans = seats.count("human")
    if humans == 0 or state.is_over or not state.game.has_hidden_information:
        return True
    return humans == 1 and chosen


def _check_resumed_setup(state: State, players: int | None, seed: int | None,
                         options: dict[str, Any], resume: Path, lang: str) -> None:
    """Refuse a --players, --seed or --options given with --resume that differs from the
    saved game's: the save holds them, and they would go unheeded."""
    saved = state.record()["options"]
    given = {"--players": players is not None and players != state.num_players,
             "--seed": seed is not None and seed != state.seed,
             "--options": any(k not in saved or saved[k] != v for k, v in options.items())}
    for option, differs in given.items():
        if differs:
            raise _refuse(lang, "cli.err_resume_setup", option=option, path=str(resume))


def _recorded_seats(record: dict[str, Any]) -> list[str] | None:
    """Who played each seat, where the record says so (a `keizai play --save` file):
    humans and bot specs keizai knows, one per seat; otherwise (a record from the web,
    a hand-edited list) None, and the seats go unnamed."""
    seats = record.get("seats")
    if not (isinstance(seats, list) and len(seats) == record["players"]
            and all(isinstance(s, str) for s in seats)):
        return None
    try:
        for spec in seats:
            if spec != "human":
                make_agent(spec)
    except ValueError:
        return None
    return seats


@app.command(cls=cli_help.Command)
def replay(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(show_default=False)],
    game_index: Annotated[int | None, typer.Option(show_default=False)] = None,
    seat: Annotated[int | None, typer.Option(show_default=False)] = None,
    to: Annotated[int | None, typer.Option(show_default=False)] = None,
    all_moves: Annotated[bool, typer.Option("--all")] = False,
    lang: Annotated[str | None, typer.Option()] = None,
) -> None:
    language = _language(lang, ctx)
    if file.suffix.lower() == ".jsonl":
        record = _read_records_line(file, game_index, language)
    elif game_index is not None:
        raise _refuse(language, "cli.err_index_not_jsonl", path=str(file))
    else:
        record = _read_record(file, language)
    with _refusing_record(file, record, language):
        game = RecordedGame(record)
    players = game.final.num_players
    if seat is not None and not 1 <= seat <= players:
        raise _refuse(language, "cli.err_replay_seat", players=players, seat=seat)
    if to is not None and not 0 <= to <= game.moves:
        raise _refuse(language, "cli.err_replay_to", moves=game.moves, n=to)
    viewer = ReplayViewer(game, None if seat is None else seat - 1, language,
                          _recorded_seats(record), typer.echo)
    last = game.moves if to is None else to
    if all_moves:
        viewer.print_all(last)
    elif to is not None or not sys.stdout.isatty():
        viewer.print_to(last)
    else:
        try:
            viewer.run(_ask)
        except KeyboardInterrupt:
            typer.echo("")
            raise typer.Exit(130) from None


class _Progress:
    """A progress bar on stderr with games/s and an ETA (rich), in `lang`."""

    def __init__(self, total: int, enabled: bool, lang: str) -> None:
        self.bar: Any = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        def words(key: str) -> TextColumn:
            return TextColumn(i18n.tr(key, lang))

        self.bar = Progress(
            words("cli.sim.bar_games"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"), words("cli.sim.bar_rate"), TimeElapsedColumn(),
            words("cli.sim.bar_eta"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=False)
        self.task = self.bar.add_task("games", total=total, rate="-")

    def __enter__(self) -> _Progress:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def advance(self, k: int) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, k)
            speed = self.bar.tasks[0].speed
            self.bar.update(self.task, rate=f"{speed:.1f}" if speed else "-")


# `keizai sim --workers`: more processes than this per core only share the cores (games are
# CPU-bound), so more is a typo, refused rather than starting thousands of processes
WORKERS_PER_CORE = 4


@app.command(cls=cli_help.Command)
def sim(
    ctx: typer.Context,
    game: Annotated[str, typer.Option()] = "national-economy/mecenat",
    players: Annotated[int, typer.Option()] = 4,
    games: Annotated[int, typer.Option()] = 100,
    seed: Annotated[int, typer.Option()] = 1,
    agents: Annotated[str | None, typer.Option()] = None,
    options: Annotated[str | None, typer.Option()] = None,
    workers: Annotated[int | None, typer.Option()] = None,
    backend: Annotated[str, typer.Option()] = "local",
    address: Annotated[str | None, typer.Option()] = None,
    out: Annotated[Path | None, typer.Option()] = None,
    records: Annotated[bool, typer.Option()] = False,
    resume: Annotated[bool, typer.Option()] = False,
    plots: Annotated[bool, typer.Option()] = True,
    progress: Annotated[bool | None, typer.Option()] = None,
    table: Annotated[bool | None, typer.Option()] = None,
    lang: Annotated[str | None, typer.Option()] = None,
) -> None:
    import sys

    from keizai.sim import Tournament, run_tournament
    from keizai.sim.outdir import OutDir, OutDirError

    language = _language(lang, ctx)
    game = game_named(game)
    if workers is not None and workers < 1:
        raise _refuse(language, "cli.sim.err_workers", n=workers)
    cores = os.cpu_count() or 1
    if workers is not None and workers > WORKERS_PER_CORE * cores:
        raise _refuse(language, "cli.sim.err_workers_many", n=workers,
                      most=WORKERS_PER_CORE * cores, cores=cores)
    for flag, given in (("--records", records), ("--resume", resume)):
        if given and out is None:
            raise _refuse(language, "cli.sim.err_needs_out", flag=flag)
    if address is not None and backend != "ray":
        raise _refuse(language, "cli.sim.err_address_needs_ray")
    line_up = [a.strip() for a in agents.split(",")] if agents else ["random"]
    if "human" in line_up:
        raise _refuse(language, "cli.sim.err_human")
    _check_agents(line_up, language, unknown="cli.sim.err_agent")
    if out is not None:
        _writable_dir(out, "--out", language)
    done = 0
    stored: contextlib.AbstractContextManager[OutDir | None] = contextlib.nullcontext()

    def advance(k: int) -> None:
        nonlocal done
        done += k
        bar.advance(k)

    try:
        if out is not None and plots:
            from keizai.sim.plots import check_matplotlib

            check_matplotlib()  # before the games, not after them
        tournament = Tournament(game, players, line_up, games, seed,
                                _parse_options(options, language))
        if out is not None:
            stored = OutDir(out, tournament, records=records, resume=resume)
        show = sys.stderr.isatty() if progress is None else progress
        with stored as kept:
            if kept is not None and resume:
                done = len(kept.rows)
                typer.echo(i18n.tr("cli.sim.resuming", language, done=done, games=games,
                                   out=str(out)), err=True)
            with _Progress(games, show, language) as bar:
                bar.advance(done)
                result = run_tournament(
                    tournament, workers=workers, backend=backend, address=address,
                    on_progress=advance, played=kept.rows if kept else None,
                    records=records, on_game=kept.add if kept else None)
    except OutDirError as error:
        raise _fail(error.render(language), language) from None
    except (ValueError, KeyError) as error:
        raise _fail(_setup_error_text(error, game, language), language) from None
    except OSError as error:  # writing progress.jsonl or records.jsonl (disk full...)
        if not isinstance(stored, OutDir):   # the folder was not set up: nothing stored
            raise _refuse(language, "cli.sim.err_out_set_up", out=str(out),
                          file=str(error.filename or out),
                          error=_os_reason(error, language)) from None
        raise _refuse(language, "cli.sim.err_out_kept", out=str(out),
                      error=_os_reason(error, language)) from None
    except KeyboardInterrupt:
        key = "cli.sim.interrupted_kept" if out is not None else "cli.sim.interrupted"
        typer.echo(i18n.tr(key, language, done=done, games=games, out=str(out)), err=True)
        raise typer.Exit(130) from None
    talk = sys.stderr.isatty() if table is None else table
    if talk:
        typer.echo(result.table_text(), err=True)
    if out is not None:
        try:
            for path in result.write(str(out), plots=plots):
                if talk:
                    typer.echo(i18n.tr("cli.sim.wrote", language, path=path), err=True)
        except OSError as error:
            typer.echo(json.dumps(result.summary, indent=1))
            raise _refuse(language, "cli.sim.err_out", out=str(out),
                          error=_os_reason(error, language)) from None
        except KeyboardInterrupt:
            typer.echo(i18n.tr("cli.sim.interrupted_writing", language, out=str(out)), err=True)
            raise typer.Exit(130) from None
    typer.echo(json.dumps(result.summary, indent=1))
    if result.summary["errors"]:
        raise typer.Exit(1)


def _setup_error_text(error: Exception, game: str, lang: str) -> str:
    """Why `keizai play`, `keizai sim` or `keizai bench` cannot set up its games, in
    `lang`: an unknown game id, and the refusals of the engine and of keizai.sim, are
    catalogue messages."""
    if isinstance(error, UnknownGame):
        return i18n.tr("cli.err_unknown_id", lang, game=shown(game),
                       known=keizai.games())
    return _error_text(error, lang)


def listen_error(host: str, port: int) -> OSError | None:
    """Why a server could not listen on `host`:`port` (another program listens there, no
    such address here), or None. Bound as uvicorn binds (SO_REUSEADDR), then let go."""
    try:
        family, kind, proto, _, where = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(where)
    except OSError as error:   # socket.gaierror too
        return error
    return None


def _no_such_host(error: OSError) -> bool:
    """Whether `error` says the host is no address of this machine (a name that does not
    resolve, an address another machine has), where no other port would help."""
    return isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL


# Hosts that mean every address of the machine, each with the one a browser on the
# machine itself opens (a browser cannot open http://0.0.0.0:PORT/ from another).
EVERY_ADDRESS = {"0.0.0.0": "127.0.0.1", "::": "[::1]"}


def served_address(host: str, port: int) -> tuple[str, str | None]:
    """The address a browser opens for a server listening on `host`:`port` (an IPv6
    address in brackets), and, when `host` means every address of the machine, the
    host part to replace by the machine's own address or name from another (else None)."""
    local = EVERY_ADDRESS.get(host)
    shown = local or (f"[{host}]" if ":" in host else host)
    return f"http://{shown}:{port}/", local


def shared_server(host: str, scheme: str) -> bool:
    """Whether a server on `host` with a database of URL scheme `scheme` may serve
    strangers or run as several processes: it listens beyond this machine, or its
    database is not SQLite. A loopback server on SQLite is one person's (the README's
    first command)."""
    loopback = host == "localhost"
    with contextlib.suppress(ValueError):
        loopback = ipaddress.ip_address(host).is_loopback
    return not loopback or not scheme.startswith("sqlite")


def shown_database(url: str) -> str:
    """The database `url` names, as `keizai serve` prints it: without the user and
    password, nor the query, which may hold the password too (`?password=`, as libpq
    takes it) and other settings."""
    return url.split("@")[-1].split("?")[0]


def sqlite_directory_missing(url: str) -> Path | None:
    """The directory a SQLite URL's file would be made in, where it does not exist; None
    for another database, an in-memory one, a URL SQLAlchemy cannot read (opening it
    says why) or a directory that exists."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or not name or name == ":memory:" \
            or name.startswith("file:"):
        return None
    parent = Path(name).parent
    return None if parent.is_dir() else parent


@app.command(cls=cli_help.Command)
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option()] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535)] = 8000,
    database_url: Annotated[str | None, typer.Option()] = None,
    bot_delay: Annotated[float, typer.Option()] = 0.4,
    handover_after: Annotated[float, typer.Option()] = 60.0,
    bot_workers: Annotated[int | None, typer.Option(min=1, max=64)] = None,
    rate_limits: Annotated[bool, typer.Option()] = True,
    # more than a day's password hashings (`Limits.password`: 10, then one per 30 s)
    # would not be used
    registrations_a_day: Annotated[int | None, typer.Option(min=1, max=2880)] = None,
    chosen_seeds: Annotated[bool, typer.Option()] = False,
    forwarded_allow_ips: Annotated[str, typer.Option()] = "127.0.0.1",
    origin: Annotated[list[str] | None, typer.Option()] = None,
    allowed_host: Annotated[list[str] | None, typer.Option()] = None,
    clock_relaxed: Annotated[float, typer.Option()] = 300.0,
    clock_fast: Annotated[float, typer.Option()] = 45.0,
    secure_cookies: Annotated[bool, typer.Option()] = True,
    log_level: Annotated[str, typer.Option()] = "warning",
    head_timeout: Annotated[float, typer.Option()] = 10.0,
    lang: Annotated[str | None, typer.Option()] = None,
) -> None:
    language = _language(lang, ctx)
    try:
        import uvicorn

        from keizai.store import (
            NewerDatabase,
            OlderProcesses,
            default_database_url,
            sqlalchemy_url,
        )
        from keizai.web import create_app
        from keizai.web.accounts import AccountConfig
        from keizai.web.app import Collector, Limits
        from keizai.web.creators import SECRET_CHARS, SECRET_COMMAND, SECRET_VARIABLE
        from keizai.web.frames import FrameBudget
        from keizai.web.heads import STOP_WITHIN, HeadBounds, open_files
        from keizai.web.hosts import EVERY_NAME, host_of, server_names
        from keizai.web.sites import normal_origin
        from keizai.web.social import SocialConfig
    except ImportError as error:
        raise _refuse(language, "cli.serve.err_no_web", error=str(error),
                      command="pip install -e '.[web]'") from None
    import math

    for name, value in (("--bot-delay", bot_delay), ("--handover-after", handover_after)):
        if not math.isfinite(value) or value < 0:
            raise _refuse(language, "cli.serve.err_seconds", option=name, value=value)
    if log_level not in ("error", "warning", "info"):
        raise _refuse(language, "cli.serve.err_log_level", value=repr(log_level))
    for name, value in (("--clock-relaxed", clock_relaxed), ("--clock-fast", clock_fast),
                        ("--head-timeout", head_timeout)):
        if not math.isfinite(value) or value <= 0:
            raise _refuse(language, "cli.serve.err_clock", option=name, value=value)
    # Pages of these origins may POST and open WebSockets besides the request's own (its
    # scheme and Host: keizai.web.sites), for a proxy that cannot forward the browser's Host.
    origins: set[str] = set()
    for typed in origin or ():
        normal = normal_origin(typed)
        if normal is None:
            raise _refuse(language, "cli.serve.err_origin", value=printable(typed, 80))
        origins.add(normal)
    # The hosts a request may name besides the server's own (keizai.web.hosts: a page
    # under another name that reached this address is refused, DNS rebinding).
    hosts = [name for name in (host_of(normal.partition("://")[2]) for normal in origins)
             if name is not None]
    for typed in allowed_host or ():
        if typed != EVERY_NAME and (host_of(typed) is None or ":" in typed):
            raise _refuse(language, "cli.serve.err_allowed_host",
                          value=repr(printable(typed, 80)))
        hosts.append(typed)
    social_config = SocialConfig(
        accounts=AccountConfig(secure_cookies=secure_cookies),
        clock_seconds={"relaxed": clock_relaxed, "fast": clock_fast})
    address = f"http://{f'[{host}]' if ':' in host else host}:{port}/"
    cannot_listen = listen_error(host, port)
    if cannot_listen is not None and _no_such_host(cannot_listen):
        raise _refuse(language, "cli.serve.err_host", host=printable(host, 60))
    if cannot_listen is not None:
        raise _refuse(language, "cli.serve.err_listen", address=address,
                      error=_os_reason(cannot_listen, language))
    url = sqlalchemy_url(database_url or default_database_url())   # postgres:// too
    database = shown_database(url)
    scheme = url.split("://", 1)[0] if "://" in url else None   # else malformed: below
    if scheme is not None and scheme.split("+")[0] not in ("sqlite", "postgresql"):
        # the store runs SQLite's or PostgreSQL's own SQL; another driver's error (or
        # SQLAlchemy's "Can't load plugin" for postgres://) would not say so
        raise _refuse(language, "cli.serve.err_database_kind", scheme=printable(scheme, 40))
    missing = sqlite_directory_missing(url)
    if missing is not None:   # SQLite says only "unable to open database file"
        raise _refuse(language, "cli.err_no_dir", what="--database-url", path=database,
                      dir=str(missing))
    limits = Limits() if rate_limits else Limits.off()
    if rate_limits and registrations_a_day is not None:   # a school or club behind one NAT
        limits = replace(limits, register=(registrations_a_day, registrations_a_day / 86_400))
    # The key of the clients the store counts (keizai.web.creators): the deployment's,
    # from the environment (not an option: the command line is visible to every user).
    client_secret = os.environ.get(SECRET_VARIABLE)
    if client_secret is not None and len(client_secret) < SECRET_CHARS:
        raise _refuse(language, "cli.serve.err_client_secret", name=SECRET_VARIABLE,
                      chars=SECRET_CHARS, count=len(client_secret))
    try:
        web_app = create_app(url, bot_delay=bot_delay, handover_after=handover_after,
                             bot_workers=bot_workers, chosen_seeds=chosen_seeds,
                             limits=limits, client_secret=client_secret,
                             social_config=social_config, collector=Collector(),
                             origins=frozenset(origins), names=server_names(host, hosts))
    except NewerDatabase as newer:   # a rollback: the database was left as it was
        raise _refuse(language, "cli.serve.err_database_newer", database=database,
                      revision=newer.revision, known=newer.known) from None
    except OlderProcesses as older:   # an upgrade beside the old version's processes
        connected = ", ".join(f"{count} × {name}" + (f" @ {address}" if address else "")
                              for name, address, count in older.connected)
        raise _refuse(language, "cli.serve.err_database_in_use", database=database,
                      connected=connected, revision=older.target) from None
    except Exception as error:   # a malformed URL, an unreachable or refusing database
        from keizai.database_refusal import database_reason

        raise _refuse(language, "cli.serve.err_database", database=database,
                      error=database_reason(error, url, language)) from None
    url, everywhere = served_address(host, port)
    if everywhere is None:
        typer.echo(i18n.tr("cli.serve.address", language, url=url, database=database))
    else:
        typer.echo(i18n.tr("cli.serve.address_all", language, url=url, database=database,
                           local=everywhere))
    if client_secret is None and shared_server(host, scheme or ""):
        # safe (no address recoverable), the bounds per process: said where it matters
        typer.echo(i18n.tr("cli.serve.no_client_secret", language, name=SECRET_VARIABLE,
                           chars=SECRET_CHARS, command=SECRET_COMMAND), err=True)
    # Spectators share one encoded message per step; per-connection compression would
    # undo that, so WebSocket messages are not compressed (a reverse proxy may). Each
    # WebSocket's frames are counted below the application (keizai.web.frames).
    websockets = "auto" if limits.frames is None else FrameBudget(*limits.frames).protocol()
    # A request's head must arrive in time, and a client holds a bounded number of
    # connections (keizai.web.heads); a descriptor each, so the process may hold as
    # many as the system lets it.
    http = HeadBounds(seconds=head_timeout, most=limits.connections,
                      proxies=forwarded_allow_ips).protocol()
    open_files()
    uvicorn.run(web_app, host=host, port=port, ws_max_size=64 * 1024, log_level=log_level,
                http=http, ws=websockets, ws_per_message_deflate=False, proxy_headers=True,
                forwarded_allow_ips=forwarded_allow_ips,
                # no `server: uvicorn` on the answers: it names the stack to strangers
                server_header=False,
                # a stop waits this long for the requests under way (keizai.web.heads)
                timeout_graceful_shutdown=STOP_WITHIN)


@app.command(cls=cli_help.Command)
def bench(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Option()] = None,
    players: Annotated[int, typer.Option()] = 2,
    seconds: Annotated[float, typer.Option()] = 1.0,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: Annotated[str | None, typer.Option()] = None,
) -> None:
    from keizai.sim.bench import MAX_SECONDS, format_table, player_count, seconds_ok
    from keizai.sim.bench import bench as run_bench

    language = _language(lang, ctx)
    game = None if game is None else game_named(game)
    if not seconds_ok(seconds):
        raise _refuse(language, "cli.bench.err_seconds", value=seconds,
                      most=f"{MAX_SECONDS:g}")
    most = max(keizai.get_game(g).max_players for g in keizai.games())
    if not 1 <= players <= most:
        raise _refuse(language, "cli.bench.err_players", most=most, players=players)
    try:
        ids = [game] if game else keizai.games()
        rows = []
        for number, game_id in enumerate(ids, 1):
            count = player_count(game_id, players)
            if count != players:
                typer.echo(i18n.tr("cli.bench.other_count", language, game=game_id,
                                   players=players, count=count), err=True)
            # about 3 × seconds per game: random games, clones, two MCTS runs
            typer.echo(i18n.tr("cli.bench.measuring", language, number=number,
                               total=len(ids), game=game_id, seconds=f"{3 * seconds:g}"),
                       err=True)
            rows += run_bench([game_id], players, seconds)
    except (ValueError, KeyError) as error:
        raise _fail(_setup_error_text(error, str(game), language), language) from None
    typer.echo(json.dumps(rows, indent=1) if as_json else format_table(rows))


if __name__ == "__main__":
    app()
