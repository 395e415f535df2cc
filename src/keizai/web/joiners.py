"""Zero-width joiners kept where they join two characters.

The zero-width joiner (U+200D) makes one emoji of several (👨‍👩‍👧 is a man, a woman and
a girl joined; 🏳️‍🌈 a white flag and a rainbow) and, with the non-joiner (U+200C),
shapes letters of scripts that need it (Persian "می‌خواهم", the half forms of Indic
scripts). Both are format characters, which the chat turned into spaces (a family read
as three people, a rainbow flag as a flag and a rainbow) and names dropped along with
the characters that hide or reorder text. `joins` says whether one stands between two
characters drawn on the page, the only place it does anything; elsewhere it is an
invisible run of nothing and goes as before.
"""

from __future__ import annotations

import unicodedata

from keizai.store.invisible import invisible

JOINERS = frozenset({"\u200c", "\u200d"})   # zero-width non-joiner, zero-width joiner


def drawn(char: str) -> bool:
    """Whether `char` is drawn as something: no space, control, format character nor one
    a browser draws as nothing."""
    return (not char.isspace() and unicodedata.category(char)[0] not in "CZ"
            and not invisible(char))


def joins(text: str, at: int) -> bool:
    """Whether `text[at]` is a joiner between two drawn characters: the one before it
    (past the marks on it, such as an emoji's variation selector or a virama, and the
    joiners of its run, of which the last is kept) and the one after it."""
    if text[at] not in JOINERS or at + 1 >= len(text) or not drawn(text[at + 1]):
        return False
    before = at - 1
    while before >= 0 and (text[before] in JOINERS
                           or unicodedata.category(text[before])[0] == "M"):
        before -= 1
    return before >= 0 and drawn(text[before])
