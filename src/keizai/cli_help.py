"""The command line's help (`keizai --help`, `keizai play --help` …) and Click's usage
errors in the language of the rest of the command line: `--lang` as given on it, else the
locale's. The descriptions of the commands and of their options and arguments are catalogue
entries (`help_key` names them; they are written nowhere else); Typer's and Click's own
words are set from the catalogue too, where they can be without changing the libraries
(docs/i18n.md lists what stays English). `keizai.cli` builds its commands with `Group` and
`Command`."""

from __future__ import annotations

import difflib
import functools
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import typer.core

from keizai import i18n
from keizai.rules.folding import may_break, words

# typer.rich_utils's constants -> catalogue id and the fields that stay for Typer to fill
_RICH_WORDS: dict[str, tuple[str, dict[str, str]]] = {
    "ARGUMENTS_PANEL_TITLE": ("cli.usage.arguments", {}),
    "OPTIONS_PANEL_TITLE": ("cli.usage.options", {}),
    "COMMANDS_PANEL_TITLE": ("cli.usage.commands", {}),
    "ERRORS_PANEL_TITLE": ("cli.usage.error", {}),
    "ABORTED_TEXT": ("cli.usage.aborted", {}),
    "REQUIRED_LONG_STRING": ("cli.usage.required", {}),
    "DEFAULT_STRING": ("cli.usage.default", {"value": "{}"}),
    "RICH_HELP": ("cli.usage.try_help", {"command": "[blue]'{command_path} {help_option}'[/]"}),
}
# their English, as the installed Typer writes it (kept the first time they are replaced)
_RICH_ENGLISH: dict[str, str] = {}


def help_language(args: Sequence[str]) -> str:
    """The language of the help and of the usage errors. Help is shown before --lang is
    read, so the command line is read here: the last `--lang X` or `--lang=X` before a
    lone "--", else the locale's language (`i18n.locale_language`)."""
    chosen = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            chosen = args[i + 1]
        elif arg.startswith("--lang="):
            chosen = arg.partition("=")[2]
    spoken = i18n.language_named(chosen) if chosen is not None else None
    return spoken or i18n.locale_language()


def help_key(command: str, param: Any = None) -> str:
    """The catalogue id of a command's description (`cli.help.<command>`; the program's is
    `cli.help.keizai`) or of the help of one of its options or arguments
    (`cli.help.<command>.<name>`, the name without its dashes), else of the help that
    several commands share (`cli.help.option.<name>`)."""
    if param is None:
        return f"cli.help.{command}"
    name = param.opts[0].lstrip("-")
    key = f"cli.help.{command}.{name}"
    return key if i18n.has(key) else f"cli.help.option.{name}"


def help_texts(group: Any) -> Iterator[tuple[Any, str]]:
    """Every command and parameter of the program with the catalogue id of its help."""
    for name, command in [("keizai", group), *group.commands.items()]:
        yield command, help_key(name)
        for param in command.params:
            yield param, help_key(name, param)


def localize_help(group: Any, lang: str) -> None:
    """Give the program's help and Typer's words in `lang`."""
    _Localized.lang = lang
    for item, key in help_texts(group):
        item.help = i18n.tr(key, lang)
    if lang == "en" and not _RICH_ENGLISH:
        return   # nothing was replaced: Typer's English stands (and rich is not loaded)
    try:
        from typer import rich_utils
    except ImportError:   # no rich: Typer prints Click's plain help, in English
        return
    for name, (key, fields) in _RICH_WORDS.items():
        if hasattr(rich_utils, name):
            english = _RICH_ENGLISH.setdefault(name, getattr(rich_utils, name))
            setattr(rich_utils, name, english if lang == "en" else i18n.tr(key, lang, **fields))


def flags_without_type(group: Any) -> None:
    """A flag (`--version`, `--auto-single`) takes no value: its row of the help shows no
    type, where Typer showed `<bool>` as if one were typed after it."""
    for item, _ in help_texts(group):
        if getattr(item, "is_flag", False):
            item.metavar = ""


# What a player types after an option or as an argument, by the parameter's name: the
# help shows `--seats <seats>` where Typer showed Python's type (`<str>`, `<int>`,
# `<float>`, `<path>`), which says nothing to a player. The placeholders stay ASCII in
# every language, as the option names and the values typed do (game ids, JSON, paths).
VALUE_NAMES: dict[str, str] = {
    "game": "game", "lang": "lang", "players": "n", "games": "n", "seed": "n",
    "workers": "n", "bot_workers": "n", "game_index": "n", "seat": "n", "to": "n",
    "registrations_a_day": "n",
    "seats": "seats", "agents": "bots", "options": "json", "save": "file",
    "resume": "file", "file": "file", "out": "dir", "backend": "backend",
    "address": "address", "host": "host", "port": "port", "database_url": "url",
    "forwarded_allow_ips": "ips", "log_level": "level", "seconds": "seconds",
    "bot_delay": "seconds", "handover_after": "seconds", "clock_relaxed": "seconds",
    "clock_fast": "seconds", "head_timeout": "seconds", "origin": "url",
    "allowed_host": "host",
}


def named_values(group: Any) -> None:
    """Every option and argument that takes a value shows its `VALUE_NAMES` placeholder
    in the help's type column (an option's in Click's plain help too); a flag shows none
    (`flags_without_type`)."""
    for item, _ in help_texts(group):
        name = VALUE_NAMES.get(getattr(item, "name", None) or "")
        if name is None or getattr(item, "is_flag", False):
            continue
        if getattr(item, "param_type_name", "") == "argument":
            # an argument's metavar is its name in the usage line: its type column only
            item.display_type_rich = lambda ctx, shown=f"<{name}>": shown
        else:
            item.metavar = f"<{name}>"


def _fold_long_lines(rich_utils: Any) -> None:
    """Rich breaks a line at spaces only: a 日本語 or 中文 help text, which has few, was cut
    with "…" at the width of its column, and so were an option's default and, where the
    help column left them too little room (`keizai serve` in 80 columns), its names; in
    English a word longer than its column ("comma-separated", "--no-auto-single" in 60
    columns). Folding at any character then split the Latin words inside 日本語 and 中文
    ('hu' / 'man', '--no-auto-sin' / 'gle', 'auto-s' / 'ingle' in `keizai play --help` at
    60 columns). Typer makes the help with private functions and names of `rich_utils`
    (without them the texts are cut as before): its help texts, the parts of an option's
    help and the cells of its tables break where the terminal's messages do
    (`_word_breaks`), an option's names stand under each other in a column of their own
    that never breaks, and only a word no line of its column can hold (a long URL) is
    split."""
    make = getattr(rich_utils, "_make_rich_text", None)
    parameter_help = getattr(rich_utils, "_get_parameter_help", None)
    table = getattr(rich_utils, "Table", None)
    if make is None or getattr(make, "keizai_folds", False):
        return

    @functools.wraps(make)
    def folding(*args: Any, **kwargs: Any) -> Any:
        return _folded(make(*args, **kwargs))

    folding.keizai_folds = True  # type: ignore[attr-defined]
    rich_utils._make_rich_text = folding
    if parameter_help is not None:
        @functools.wraps(parameter_help)
        def folding_parts(*args: Any, **kwargs: Any) -> Any:
            columns = parameter_help(*args, **kwargs)   # the help, its default, "required"
            for part in getattr(columns, "renderables", ()):
                _folded(part)
            return columns

        rich_utils._get_parameter_help = folding_parts
    if table is not None:
        class FoldingTable(table):  # type: ignore[misc, valid-type]
            def add_row(self, *cells: Any, **options: Any) -> None:
                cells = _stacked_names(cells)
                super().add_row(*[_folded(cell) for cell in cells], **options)
                for column in self.columns:
                    column.overflow = "fold"
                if len(self.columns) > 2:   # an options table: names, type, help
                    names, kind = self.columns[-3], self.columns[-2]
                    names.no_wrap = True
                    # the type as narrow as its widest word ('<int range>' over
                    # '[1<=x<=65535]'): rich would share the room between it and the help
                    kind.max_width = max(kind.max_width or 1, _widest_word(cells[-2]))

        rich_utils.Table = FoldingTable


# An options table's row from Typer: ["*",] long names, short names, negative long names,
# negative short names, type, help
_NAME_CELLS = 4


def _stacked_names(cells: tuple[Any, ...]) -> tuple[Any, ...]:
    """An options table's row with the option's names in one cell, one name a line
    ('--auto-single' over '--no-auto-single'), so that a narrow terminal gives its
    columns to the help rather than to a second column of names; other rows as they
    are."""
    if len(cells) not in (_NAME_CELLS + 2, _NAME_CELLS + 3):
        return cells
    names_at = len(cells) - _NAME_CELLS - 2
    names = [cell for cell in cells[names_at:names_at + _NAME_CELLS] if str(cell)]
    if not names or not all(hasattr(cell, "append_text") for cell in names):
        return cells
    stacked = names[0].copy()
    for name in names[1:]:
        stacked.append("\n")
        stacked.append_text(name)
    return (*cells[:names_at], stacked, *cells[names_at + _NAME_CELLS:])


def _folded(text: Any) -> Any:
    """`text` (a rich Text) breaking at the width of its column between words, not
    inside one (`_word_breaks`); other renderables as they are."""
    if hasattr(text, "overflow"):
        text.overflow = "fold"
        text.__class__ = _word_text()
    return text


def _widest_word(text: Any) -> int:
    """The cells of the widest piece of `text` that `_word_breaks` keeps whole."""
    from rich.cells import cell_len

    return max((cell_len(piece.rstrip()) for piece in words(str(text))), default=0)


def _word_breaks(text: str, width: int) -> list[int]:
    """Where a line of `text` breaks to fit `width` cells: between the pieces of
    keizai.rules.folding.words (a Latin word, an option's name, a value in quotes stays
    whole; 日本語 and 中文 break between characters, punctuation kept with its
    neighbour), and inside a piece only where no line can hold it."""
    from rich.cells import cell_len

    breaks: list[int] = []
    used = at = 0
    for piece in words(text):
        if used and used + cell_len(piece.rstrip()) > width:
            breaks.append(at)
            used = 0
        for char in piece:
            size = cell_len(char)
            if used and used + size > width and not char.isspace():
                # a piece wider than the column: folded in it, a character earlier where
                # the next line would begin with a closing mark ('national-economy/mecena'
                # / 't］', not '］' alone)
                start = breaks[-1] if breaks else 0
                cut = at
                while cut > start + 1 and not may_break(text[cut - 1], text[cut]):
                    cut -= 1
                cut = cut if may_break(text[cut - 1], text[cut]) else at
                breaks.append(cut)
                used = cell_len(text[cut:at])
            used += size
            at += 1
    return breaks


@functools.cache
def _word_text() -> type:
    """rich's Text that wraps at `_word_breaks` and tells a table the widest piece it
    must keep whole (made once, on the first help shown: rich is loaded then)."""
    from rich.cells import cell_len
    from rich.containers import Lines
    from rich.measure import Measurement
    from rich.text import Text

    class WordText(Text):
        __slots__ = ()

        def wrap(self, console: Any, width: int, *, justify: Any = None,
                 overflow: Any = None, tab_size: int = 8, no_wrap: Any = None) -> Any:
            if no_wrap or self.no_wrap or overflow == "ignore":
                return super().wrap(console, width, justify=justify, overflow=overflow,
                                    tab_size=tab_size, no_wrap=no_wrap)
            lines = Lines()
            for line in self.split(allow_blank=True):
                line.expand_tabs(tab_size)
                pieces = line.divide(_word_breaks(line.plain, width))
                for piece in pieces:
                    piece.rstrip_end(width)
                pieces.justify(console, width, justify=justify or self.justify or "default",
                               overflow="fold")
                lines.extend(pieces)
            return lines

        def __rich_measure__(self, console: Any, options: Any) -> Any:
            widest = max((cell_len(line) for line in self.plain.splitlines()), default=0)
            return Measurement(_widest_word(self.plain) or widest, widest)

    return WordText


def _param_hint(error: Any) -> str:
    """How a usage error names its parameter: '--seats', 'file'."""
    hint = getattr(error, "param_hint", None)
    param = getattr(error, "param", None)
    if hint is None and param is not None:
        hint = param.opts if param.param_type_name == "option" else [param.name]
    if hint is None or isinstance(hint, str):
        return hint or ""
    return " / ".join(repr(name) for name in hint)


# The start of Click's words for arguments no parameter takes, which follow in brackets
_EXTRA = "Got unexpected extra argument(s) ("
# Typer reads numbers with pydantic: the kinds of its refusals, to their catalogue texts
_VALUE_ERRORS = {"int_parsing": "cli.usage.not_whole", "int_from_float": "cli.usage.not_whole",
                 "float_parsing": "cli.usage.not_number",
                 "greater_than_equal": "cli.usage.below", "less_than_equal": "cli.usage.above"}


def _number_reading(error: Any) -> dict[str, Any] | None:
    """Typer's (pydantic's) refusal of a number behind the usage error `error`, if it is
    one the catalogue tells (no number, no whole number, out of range), else None."""
    reading = error.__cause__
    found = reading.errors() if hasattr(reading, "errors") else None
    if not found or found[0].get("type") not in _VALUE_ERRORS:
        return None
    first: dict[str, Any] = found[0]
    return first


def _value_error(error: Any, lang: str) -> str:
    """Why a value was refused, in `lang` where the refusal is one of Typer's readings of
    a number (its English reason otherwise): the value typed and, out of range, the
    bound."""
    first = _number_reading(error)
    if first is None:
        return str(error.message)
    bound = first.get("ctx") or {}
    return i18n.tr(_VALUE_ERRORS[first["type"]], lang, value=str(first.get("input")),
                   limit=bound.get("ge", bound.get("le")))


def _usage_error(error: Any, lang: str) -> Exception | None:
    """Click's usage error `error` told in `lang`: a UsageError of the same Click (Typer's
    copy or click itself), so Typer shows it as before; None where it stays as it is: in
    English (but a number typed wrong, which Typer refuses in pydantic's words, "Input
    should be a valid integer, unable to parse string as an integer"), and for the errors
    whose words are not known here."""
    base = next((c for c in type(error).__mro__ if c.__name__ == "UsageError"), None)
    if base is None or (lang == "en" and _number_reading(error) is None):
        return None
    kind = type(error).__name__
    if kind == "NoSuchOption":
        possible = sorted(error.possibilities or ())
        key = "cli.usage.no_such_option_close" if possible else "cli.usage.no_such_option"
        text = i18n.tr(key, lang, name=error.option_name, names=possible)
    elif kind == "MissingParameter":
        what = error.param_type or getattr(error.param, "param_type_name", "")
        key = "cli.usage.missing_argument" if what == "argument" else "cli.usage.missing_option"
        named = f"cli.usage.argument.{getattr(error.param, 'name', '')}"
        if what == "argument" and i18n.has(named, lang):
            # what the argument is, in the player's words, before its English name
            # (the usage line's `{file}`)
            key = "cli.usage.missing_argument_named"
        text = i18n.tr(key, lang, name=_param_hint(error), what=i18n.tr(named, lang))
    elif kind == "BadParameter":
        hint = _param_hint(error)
        key = "cli.usage.invalid_value_for" if hint else "cli.usage.invalid_value"
        text = i18n.tr(key, lang, name=hint, error=_value_error(error, lang))
    elif kind == "UsageError" and error.message.startswith(_EXTRA) \
            and error.message.endswith(")"):   # `keizai play futuropia 3`
        text = i18n.tr("cli.usage.extra_arguments", lang,
                       args=error.message[len(_EXTRA):-1])
    else:
        return None
    told: Exception = base(text, getattr(error, "ctx", None))
    return told


class _Localized:
    """A command whose usage line, --help option and usage errors speak the help's
    language (`localize_help` sets it)."""

    lang = "en"

    def format_help(self, ctx: Any, formatter: Any) -> None:
        try:
            from typer import rich_utils
        except ImportError:   # no rich: Click's plain help, which folds by itself
            pass
        else:
            _fold_long_lines(rich_utils)
        super().format_help(ctx, formatter)  # type: ignore[misc]

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        prefix = None if self.lang == "en" else i18n.tr("cli.usage.prefix", self.lang)
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=prefix)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.metavar = ""   # a flag: no `<bool>` after --help
            if self.lang != "en":
                option.help = i18n.tr("cli.usage.help_option", self.lang)
        return option

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)  # type: ignore[misc]
        except Exception as error:
            told = _usage_error(error, self.lang)
            if told is None:
                raise
            raise told from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)  # type: ignore[misc]
        except Exception as error:   # a BadParameter of a command's own checks
            told = _usage_error(error, self.lang)
            if told is None:
                raise
            raise told from None


class Command(_Localized, typer.core.TyperCommand):
    pass


def tolerant_output() -> None:
    """A terminal whose encoding cannot show 企業帝國 (latin-1, ascii) shows '?' for it
    instead of ending the command in a UnicodeEncodeError: from the start, the program's
    help (shown before any command runs) included."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


class Group(_Localized, typer.core.TyperGroup):
    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        tolerant_output()
        localize_help(self, help_language(sys.argv[1:] if args is None else list(args)))
        flags_without_type(self)
        named_values(self)
        return super().main(args, *rest, **extra)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """`keizai --lang ja` without a command shows the help in that language, as
        `keizai` alone shows it (Click refused it: 'Missing command'); a --lang keizai
        does not speak is refused first, by the program's callback."""
        given = bool(args)   # parsing takes the options out of `args`
        rest: list[str] = super().parse_args(ctx, args)
        command = getattr(ctx, "_protected_args", None)   # where Typer's Click keeps it
        if given and not command and not ctx.args and not ctx.resilient_parsing:
            if self.callback is not None:
                ctx.invoke(self.callback, **ctx.params)
            super().parse_args(ctx, [])   # Click's own way of showing the help
        return rest

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except Exception as error:
            kind = type(error).__name__
            if (self.lang == "en" or kind != "UsageError" or not args
                    or self.get_command(ctx, args[0]) is not None):
                raise
            close = [repr(name) for name in difflib.get_close_matches(args[0], self.commands)]
            key = "cli.usage.no_such_command_close" if close else "cli.usage.no_such_command"
            raise type(error)(i18n.tr(key, self.lang, name=repr(args[0]), names=close),
                              ctx) from None
