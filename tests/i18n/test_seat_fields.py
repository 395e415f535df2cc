"""A seat a message names reads the same in every language: "P2" (the `{seat:seat}`
spec), as the page's Seats panel shows it. Found in the browser: handing a seat over too
early said "seat 1's player has been away 1 s" in English for the seat the page calls P2
(the API's seat number), 「P2 のプレイヤー…」 in 日本語."""

from __future__ import annotations

import string

from keizai import i18n


def seat_fields(template: str) -> set[str]:
    return {field for _, field, spec, _ in string.Formatter().parse(template)
            if field is not None and spec == "seat"}


def test_every_language_names_a_seat_as_the_page_does() -> None:
    english = i18n.catalogue("en")
    wrong = []
    for lang in ("ja", "zh-TW"):
        other = i18n.catalogue(lang)
        for key, text in english.items():
            if isinstance(text, str) and isinstance(other.get(key), str) and (
                    seat_fields(text) != seat_fields(other[key])):
                wrong.append((key, lang))
    assert not wrong, wrong
