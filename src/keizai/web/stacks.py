"""Combining marks stacked on one letter, kept to a few.

A name or chat line of one letter under dozens of combining marks ("Z" and 23 of U+030D,
"Zalgo" text) is drawn as a tower far above and below its line: in the Seats panel it
crossed the lines of the other seats and the panel's heading. Writing stacks a few marks
on a letter at most (Vietnamese and Thai two, pointed Hebrew three, a Tibetan stack three
or four), so the marks past `MOST_MARKS` on one letter are left out, as the characters a
browser draws as nothing are (`keizai.store.invisible`). A joiner kept among the marks
(`keizai.web.joiners`) is drawn as nothing and ends no stack: Chromium draws the marks
after a zero-width non-joiner on the same letter (until session 32 each joiner began a
new count, and "Z" under ten runs of four accents, each ended by one, was a tower).
"""

from __future__ import annotations

import unicodedata

from keizai.web.joiners import JOINERS

MOST_MARKS = 4   # combining marks (Mn, Me: drawn over or under the letter) per letter
STACKED = frozenset({"Mn", "Me"})


def bounded(text: str) -> str:
    """`text` with at most `MOST_MARKS` combining marks on each letter."""
    kept: list[str] = []
    run = 0
    for char in text:
        if unicodedata.category(char) in STACKED:
            run += 1
            if run > MOST_MARKS:
                continue
        elif char not in JOINERS:
            run = 0
        kept.append(char)
    return "".join(kept)
