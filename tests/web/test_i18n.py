"""Every string of the page exists in English, 日本語 and 繁體中文."""

from __future__ import annotations

import re
from pathlib import Path

import keizai.web

STATIC = Path(keizai.web.__file__).parent / "static"


def languages() -> dict[str, set[str]]:
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    table = source.split("const STRINGS = {", 1)[1].split("\n};", 1)[0]
    blocks = re.split(r"\n  (en|ja|zh): \{", table)[1:]
    return {code: set(re.findall(r"(\w+): \"", body))
            for code, body in zip(blocks[::2], blocks[1::2], strict=True)}


def test_the_three_languages_have_the_same_strings() -> None:
    found = languages()
    assert set(found) == {"en", "ja", "zh"}
    assert len(found["en"]) > 100
    assert found["ja"] == found["en"]
    assert found["zh"] == found["en"]


def test_every_string_the_page_asks_for_exists() -> None:
    english = languages()["en"]
    asked = set()
    for path in STATIC.rglob("*.js"):
        asked |= set(re.findall(r"\bt\(\"(\w+)\"", path.read_text(encoding="utf-8")))
    assert asked
    assert asked <= english, sorted(asked - english)
