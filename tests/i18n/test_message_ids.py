"""The catalogue and the code agree: every message id the code names exists in all three
languages, and every id of the catalogue is used by some face (no dead entries such as
the page's old `action_*` labels)."""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

from keizai.i18n import LANGUAGES, catalogue

SRC = Path(__file__).resolve().parents[2] / "src" / "keizai"
# Calls that take a catalogue id as a literal first (or, for _refuse/refused, second)
# argument, in Python and in the page's JavaScript.
CALLS = re.compile(r"""\b(?:tr|msg|refuse|_t|t|has)\(\s*["']([\w.$:/-]+)["']""")
SECOND = re.compile(r"""\b(?:_refuse|refused)\(\s*[\w.]+\s*,\s*["']([\w.$:/-]+)["']""")
LITERAL = re.compile(r"""["'`]([\w.$:/-]+)["'`]""")
# Ids built from a literal prefix: f"ne.card.{id}", `fu_tile_${tile}`, "ne.log.x" + short.
PREFIX = (re.compile(r"""f["']([\w.$/-]{3,})\{"""), re.compile(r"`([\w.$/-]{3,})\$\{"),
          re.compile(r"""["']([\w.$/-]{3,})["']\s*\+"""))
SUFFIX = re.compile(r"""\+\s*["']([\w.-]+)["']""")


@cache
def sources() -> str:
    files = [*SRC.rglob("*.py"), *(SRC / "web" / "static").rglob("*.js"),
             *(SRC / "web" / "static").glob("*.html")]
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


def test_every_id_the_code_names_is_in_every_language() -> None:
    text = sources()
    named = set(CALLS.findall(text)) | set(SECOND.findall(text))
    # words that are no ids (t("error") is one; "a.b" paths of other calls are not)
    named = {n for n in named if n in catalogue("en")
             or ("." in n and not n.endswith((".", "_")))}  # a prefix ends so
    assert len(named) > 200
    for lang in LANGUAGES:
        missing = sorted(n for n in named if n not in catalogue(lang))
        assert not missing, (lang, missing)


def used(key: str, literals: set[str], prefixes: set[str], suffixes: set[str]) -> bool:
    if key in literals or any(key.startswith(p) for p in prefixes):
        return True
    return any(key.endswith(s) and key[:-len(s)] in literals for s in suffixes)


def test_every_catalogue_id_is_used() -> None:
    text = sources()
    literals = set(LITERAL.findall(text))
    prefixes = {p for pattern in PREFIX for p in pattern.findall(text)}
    prefixes |= {f"{family}.action." for family in ("ne", "fu", "ee")}  # i18n.action_key
    for lang in LANGUAGES:  # {x:t:prefix} fields of the templates themselves
        for template in catalogue(lang).values():
            for _, _, spec, _ in string.Formatter().parse(template):
                if spec and spec.startswith("t:"):
                    prefixes.add(spec[2:] + ".")
    suffixes = set(SUFFIX.findall(text))
    dead = sorted(k for k in catalogue("en") if not used(k, literals, prefixes, suffixes))
    assert not dead, dead


def test_the_old_page_labels_are_gone() -> None:
    """The page's labels before the shared catalogue (action labels now come from
    `<game>.action.*`)."""
    for lang in LANGUAGES:
        old = [k for k in catalogue(lang) if k.startswith(("action_", "ee_play", "ee_corner"))
               or k in ("bot_level", "paying_for", "breakdown", "lost", "training")]
        assert not old, (lang, old)


def test_every_error_code_of_the_server_has_a_text() -> None:
    """The page falls back to the text of `error.<code>` when a refusal has no message of
    its own: every code the server sends needs one, in every language."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in (SRC / "web").glob("*.py"))
    codes = set(re.findall(r"""ApiError(?:\.refused)?\(\s*["'](\w+)["']""", text))
    codes |= set(re.findall(r""""code": ["'](\w+)["']""", text))
    codes |= set(re.findall(r""":\s*["'](\w+)["']\}\.get\(error\.status_code""", text))
    codes |= set(re.findall(r"""get\(error\.status_code,\s*["'](\w+)["']\)""", text))
    assert {"illegal_action", "not_your_turn", "rate_limited", "method_not_allowed",
            "http_error"} <= codes
    for lang in LANGUAGES:
        missing = sorted(c for c in codes if f"error.{c}" not in catalogue(lang))
        assert not missing, (lang, missing)
