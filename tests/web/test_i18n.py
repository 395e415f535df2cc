"""Every string of the page exists in English, 日本語 and 繁體中文: the page reads the
message catalogue the terminal uses (keizai/i18n/<lang>.json, served at /i18n/)."""

from __future__ import annotations

import re
from pathlib import Path

import keizai.web
from keizai.i18n import LANGUAGES, catalogue

STATIC = Path(keizai.web.__file__).parent / "static"


def test_the_page_has_no_strings_of_its_own() -> None:
    """The catalogue is the only source: no string table is left in the page's code."""
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    assert "const STRINGS" not in source
    # fetched beside i18n.js, under the page's version (keizai.web.delivery)
    assert "fetch(new URL(`i18n/${code}.json`, import.meta.url))" in source
    for lang in LANGUAGES:
        assert len(catalogue(lang)) > 600


def test_every_string_the_page_asks_for_exists() -> None:
    asked = set()
    for path in STATIC.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r"\bt\(\"([\w.]+)\"", text))
        asked |= set(re.findall(r"\btr\(\"([\w.]+)\"", text))
    assert asked
    for lang in LANGUAGES:
        assert asked <= set(catalogue(lang)), (lang, sorted(asked - set(catalogue(lang))))
