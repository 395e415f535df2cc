"""Characters a browser draws as nothing (the Hangul fillers as a blank): Unicode's
Default_Ignorable_Code_Point.

A name shown to other players must not hold them: Chromium draws "P\\u034f2" exactly as
"P2" and "ho\\u034fst" as "host", so such a name passes for a seat's default name, the
host's or another player's. Most of them are control or format characters (category C),
which names lose anyway; the others are marks and letters (the combining grapheme
joiner, variation selectors, the Hangul fillers), which the name checks kept.
"""

from __future__ import annotations

# Default_Ignorable_Code_Point, from Unicode's DerivedCoreProperties.txt (15.1): the
# ranges, each first and last code point included.
IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def invisible(char: str) -> bool:
    """Whether a browser draws `char` as nothing (a default ignorable code point)."""
    code = ord(char)
    return any(first <= code <= last for first, last in IGNORABLE)


def visible(text: str) -> str:
    """`text` without the characters a browser draws as nothing."""
    return "".join(char for char in text if not invisible(char))


# Characters a browser draws as a blank space that are no space to Python (`str.isspace`)
# nor drawn as nothing: U+2800 BRAILLE PATTERN BLANK, a symbol, drawn without ink (the
# only such character in Chromium's fonts here, found measuring every other one). A name
# took it for a letter: "P1\u2800(you)" was drawn "P1  (you)" and passed the name checks.
BLANKS = frozenset({"\u2800"})


def spaced(text: str) -> str:
    """`text` with the characters drawn as a blank space made spaces."""
    return "".join(" " if char in BLANKS else char for char in text)

