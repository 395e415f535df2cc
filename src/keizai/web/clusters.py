"""Characters drawn as one, kept to a few.

A browser breaks a line between the characters a reader takes as one (extended grapheme
clusters, Unicode's UAX #29), never inside one, so a name or a chat line that is one
such cluster cannot break: "👍" under 100 skin-tone modifiers, a letter under 100
spacing marks (the Devanagari visarga), a hundred emoji or consonants each joined to the
next (a zero-width joiner, a virama), a hundred Hangul jamo, each is drawn as one
unbreakable run 500 to 1,900 px wide in Chromium, past a phone's page and every panel
(found in session 32; style.css breaks a long word, not this). Writing needs few: the
longest emoji sequences (a kiss of two people with skin tones) hold ten code points, an
Indic conjunct four or five consonants, an old Hangul syllable a few jamo. Past
`MOST_JOINED` characters in one cluster the characters that would extend it are left
out, as the marks past a few on a letter are (`keizai.web.stacks`).

The clusters are found as Chromium finds them, closely enough to bound them: marks,
joiners and emoji modifiers extend the character before; an emoji after a zero-width
joiner, a letter after a virama (with joiners or marks between) and Hangul jamo that
follow one another (leading, vowel, trailing) join it.
"""

from __future__ import annotations

import unicodedata

from keizai.web.joiners import JOINERS

MOST_JOINED = 12   # code points of one cluster
ZWJ = "\u200d"
VIRAMA = 9         # the canonical combining class of a virama (Indic scripts)


def bounded(text: str) -> str:
    """`text` with at most `MOST_JOINED` code points in each cluster."""
    kept: list[str] = []
    size = 0
    linked = False   # a virama since the cluster's last letter: a letter joins it
    for char in text:
        previous = kept[-1] if kept else None
        if previous is not None and _extends(previous, char, linked):
            if size >= MOST_JOINED:
                continue
            size += 1
        else:
            size = 1
        if unicodedata.combining(char) == VIRAMA:
            linked = True
        elif not (char in JOINERS or unicodedata.category(char)[0] == "M"):
            linked = False
        kept.append(char)
    return "".join(kept)


def _extends(previous: str, char: str, linked: bool) -> bool:
    """Whether `char` after `previous` is drawn in the same cluster."""
    if unicodedata.category(char)[0] == "M" or char in JOINERS or _modifier(char):
        return True
    if previous == ZWJ and unicodedata.category(char) == "So":   # an emoji sequence
        return True
    if linked and unicodedata.category(char) == "Lo":   # an Indic conjunct
        return True
    return _jamo_follows(_jamo(previous), _jamo(char))


def _modifier(char: str) -> bool:
    """An emoji skin-tone modifier (U+1F3FB-U+1F3FF)."""
    return 0x1F3FB <= ord(char) <= 0x1F3FF


def _jamo(char: str) -> str | None:
    """A Hangul character's part in a syllable: "L" (a leading consonant), "V" (a
    vowel), "T" (a trailing consonant), "LV" or "LVT" (a whole syllable), else None."""
    code = ord(char)
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return None


def _jamo_follows(previous: str | None, part: str | None) -> bool:
    """Whether Hangul `part` continues the syllable `previous` ends (UAX #29 GB6-GB8)."""
    if previous is None or part is None:
        return False
    if previous == "L":
        return part in ("L", "V", "LV", "LVT")
    if previous in ("V", "LV"):
        return part in ("V", "T")
    return part == "T"   # after T or LVT
