"""Every word a player reads, in English, 日本語 and 繁體中文: one message catalogue.

The catalogue is one flat JSON file per language in this package (`en.json`, `ja.json`,
`zh-TW.json`): message id -> template. The web page fetches the very same files
(`/i18n/<lang>.json`, served by the web app) and renders them with its JavaScript twin
(web/static/i18n.js), so the terminal and the page can never disagree. This package uses
the standard library only and imports nothing of keizai: the engine may use it to render
its English log, and every face above may use it too.

Templates are Python `str.format` fields with a small format-spec vocabulary (the JS twin
implements the same one):

    {n}                      the value (a list is joined with the language's "list.sep";
                             an empty list is "list.empty")
    {seat:seat}              a seat index shown as P1, P2, ...
    {card:t:ne.card}         the catalogue entry "ne.card.<value>" (a list: each, joined)
    {card:t}                 the catalogue entry named by the value itself
    {n:plural:card:cards}    English plural: the first word when n == 1 (or "1"), else the
                             second
    {n:ordinal}              English ordinal (1st, 2nd, 3rd, 11th …); the number itself in
                             the other languages (their templates say 番目 / 第 … 個)
    {why:m}                  a nested message, as JSON: {"id", "params"} rendered in the
                             language, {"text"} shown as it is (when both are given,
                             English shows the text and other languages the id); a list
                             of them is joined with "list.sep", or with the literal after
                             "m:" ({sets:m:; })
    {act:action}             the label of the action named by the value, in the game
                             whose id is the parameter "game"

A message is `(id, params)` with JSON-ready params (ints, strings, lists of them). Keys
beginning with "@" are notes about the file, never messages. Babel was not used: the
three languages need no plural rules beyond English's one/other, and a standard-library
`string.Formatter` keeps the engine free of third-party imports.
"""

from __future__ import annotations

import json
import os
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "ja", "zh-TW")
DEFAULT = "en"

Message = tuple[str, dict[str, Any]]


def msg(key: str, **params: Any) -> Message:
    """A message: its id and its parameters (rendered later, in the reader's language)."""
    return (key, params)


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language a program translated with GNU gettext speaks in this environment.
    The messages' locale is the first of LC_ALL, LC_MESSAGES and LANG that is set and
    not empty. In the C (or POSIX) locale, or with none set, that is English whatever
    LANGUAGE says (as glibc, which does heed it in C.UTF-8). Otherwise LANGUAGE, a list
    of languages separated by ":", comes first: its first language keizai speaks, else
    English (gettext does not fall back to the locale then); without it, the locale's
    language, else English."""
    env = os.environ if environ is None else environ
    messages = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG")
                     if env.get(name)), "C")
    if messages in ("C", "POSIX"):   # as glibc: not C.UTF-8, where LANGUAGE counts
        return DEFAULT
    wanted = env.get("LANGUAGE", "").split(":") if env.get("LANGUAGE") else [messages]
    return next((lang for code in wanted if (lang := _catalogue_of(code))), DEFAULT)


def language_named(code: str) -> str | None:
    """The language keizai speaks that `code` names, however a locale or a person spells
    it (`ja`, `JA`, `zh-tw`, `zh_TW`, `ja_JP.UTF-8`, `zh-Hant`): what a command's --lang
    reads. None for any other (`zh_CN`, `fr`)."""
    return _catalogue_of(code)


# the regions and the script of Chinese written in Traditional characters
_TRADITIONAL = {"tw", "hk", "mo", "hant"}


def _catalogue_of(code: str) -> str | None:
    """The catalogue for a locale or language name (`ja_JP.UTF-8`, `zh_TW`, `zh-Hant-HK`,
    `en`), or None: keizai has no Simplified Chinese (`zh_CN`, `zh_SG`, `zh-Hans`, a bare
    `zh`), nor any other language."""
    parts = code.partition(".")[0].partition("@")[0].replace("-", "_").lower().split("_")
    if parts[0] in ("en", "ja"):
        return parts[0]
    if parts[0] == "zh" and "hans" not in parts and _TRADITIONAL & set(parts):
        return "zh-TW"
    return None


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The messages of one language (loaded once)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    text = resources.files(__package__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("@")}


# A template parsed once: literal text and (field name, format spec) pairs.
_Part = tuple[str, str | None, str]


@cache
def _parsed(template: str) -> tuple[_Part, ...]:
    return tuple((literal, name, spec or "")
                 for literal, name, spec, _ in string.Formatter().parse(template))


class _Renderer:
    """Fills parsed templates of one language with the catalogue's format specs (see the
    module docstring). Logs are rendered whole and often, so templates are parsed once."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.messages = catalogue(lang)
        self.english = catalogue(DEFAULT)
        self.sep = self.messages.get("list.sep", ", ")
        self.empty = self.messages.get("list.empty", "")

    def template(self, key: str) -> str:
        found = self.messages.get(key)
        if found is None:
            found = self.english.get(key, key)
        return found

    def fill(self, template: str, args: tuple[Any, ...], params: dict[str, Any]) -> str:
        out = []
        for literal, name, spec in _parsed(template):
            out.append(literal)
            if name is None:
                continue
            value = args[int(name)] if name.isdigit() else params[name]
            if spec == "action":
                out.append(action_label(str(params.get("game", "")), str(value), self.lang))
            elif spec == "m" or spec.startswith("m:"):
                items = value if isinstance(value, list) else [value]
                parts = [self.nested(item) for item in items]
                out.append(spec[2:].join(parts) if spec.startswith("m:") else self.join(parts))
            else:
                out.append(self.field(value, spec))
        return "".join(out)

    def nested(self, value: Any) -> str:
        """A message given as JSON ({"id", "params"} or {"text"}) in this language."""
        if not isinstance(value, dict):
            return str(value)
        key, text = value.get("id"), value.get("text")
        if key is None or (text is not None and self.lang == DEFAULT):
            return str(text if text is not None else "")
        return self.fill(self.template(str(key)), (), dict(value.get("params") or {}))

    def field(self, value: Any, spec: str) -> str:
        if not spec:
            return self.join([str(v) for v in value]) if isinstance(value, list) else str(value)
        kind, _, arg = spec.partition(":")
        if kind == "seat":
            return f"P{int(value) + 1}"
        if kind == "t":
            items = value if isinstance(value, list) else [value]
            return self.join([self.template(f"{arg}.{v}" if arg else str(v)) for v in items])
        if kind == "plural":
            one, _, other = arg.partition(":")
            return one if _is_one(value) else other
        if kind == "ordinal":
            return ordinal(int(value)) if self.lang == DEFAULT else str(value)
        return format(value, spec)

    def join(self, parts: list[str]) -> str:
        return self.sep.join(parts) if parts else self.empty


def _is_one(value: Any) -> bool:
    """Whether a count reads as one: 1, or "1" (an action's argument comes as text), as
    the page's Number(value) === 1."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return value == 1
    return str(value).strip() == "1"


def ordinal(n: int) -> str:
    """An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 102nd …"""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


@cache
def _renderer(lang: str) -> _Renderer:
    return _Renderer(lang)


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalogue(lang)


def tr(key: str, lang: str = DEFAULT, /, *args: Any, **params: Any) -> str:
    """The message `key` in `lang` (English, then the id itself, when missing); `args`
    fill the positional fields ({0}, {1} …) of the page's own entries."""
    renderer = _renderer(lang)
    return renderer.fill(renderer.template(key), args, params)


def render(message: Message | str | None, lang: str = DEFAULT) -> str:
    """A log entry in `lang`. Plain strings (events of older code) are shown as they are."""
    if message is None:
        return ""
    if isinstance(message, str):
        return message
    key, params = message
    return tr(key, lang, **params)


def to_json(message: Message | str) -> dict[str, Any]:
    """A log entry as JSON for the page: {"id", "params"} or {"text"} for a plain string."""
    if isinstance(message, str):
        return {"text": message}
    return {"id": message[0], "params": message[1]}


# The catalogue prefix of each game family (the part of a game id before any "/").
FAMILIES = {"national-economy": "ne", "futuropia": "fu", "enterprise-empire": "ee"}


def family(game_id: str) -> str:
    """The catalogue prefix of a game's own entries (cards, log, actions)."""
    base = game_id.split("/", 1)[0]
    return FAMILIES.get(base, base)


def action_key(game_id: str, name: str, lang: str = DEFAULT) -> tuple[str, list[str]] | None:
    """The catalogue entry of an action name and its arguments: the longest prefix of the
    name's ":"-separated parts that has an entry; the remaining parts are {0}, {1}, ..."""
    parts = name.split(":")
    messages = catalogue(lang)
    base = f"{family(game_id)}.action."
    for cut in range(len(parts), 0, -1):
        key = base + ":".join(parts[:cut])
        if key in messages:
            return key, parts[cut:]
    return None


def action_label(game_id: str, name: str, lang: str = DEFAULT, fallback: str = "") -> str:
    """What a person reads for the action `name` of `game_id` in `lang`."""
    found = action_key(game_id, name, lang) or action_key(game_id, name, DEFAULT)
    if found is None:
        return fallback or name
    key, args = found
    renderer = _renderer(lang)
    return renderer.fill(renderer.template(key), tuple(args), {})
