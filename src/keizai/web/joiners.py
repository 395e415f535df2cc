"""Zero-width joiners kept where they join two characters.

The zero-width joiner (U+200D) makes one emoji of several (👨‍👩‍👧 is a man, a woman and
a girl joined; 🏳️‍🌈 a white flag and a rainbow) and, with the non-joiner (U+200C),
shapes letters of scripts that need it (Persian "می‌خواهم", the half forms of Indic
scripts). Both are format characters, which the chat turned into spaces (a family read
as three people, a rainbow flag as a flag and a rainbow) and names dropped along with
the characters that hide or reorder text. `joining` says where one stands between two
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


def joining(text: str) -> frozenset[int]:
    """The places of the joiners of `text` that stand between two drawn characters: the
    one before (past the marks on it, such as an emoji's variation selector or a virama,
    and the joiners of its run, of which the last is kept) and the one after. Found in one
    pass: until session 32 each joiner walked back over the marks and joiners before it,
    time in the square of their run (64 KiB of them held the event loop 25 s)."""
    found = []
    after_drawn = False   # whether the marks and joiners so far follow a drawn character
    for at, char in enumerate(text):
        if char in JOINERS:
            if after_drawn and at + 1 < len(text) and drawn(text[at + 1]):
                found.append(at)
        elif unicodedata.category(char)[0] != "M":
            after_drawn = drawn(char)
    return frozenset(found)
