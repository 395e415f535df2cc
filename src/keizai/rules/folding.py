"""Folding a terminal table's list-like line (a supply of houses, a market's generators, a
player's materials) at the terminal's width between its entries, never inside one: a
terminal that folds a long line itself cuts an entry in two (a house's price on one line,
its beds on the next). Widths are terminal columns: an East Asian wide character takes two."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

# Stands for the list in a catalogue line that has words after it ("Bank materials: {bank}")
LIST = "\x00"


def columns(text: str) -> int:
    """The terminal columns `text` takes (CJK characters two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def fold(line: str, entries: Sequence[str], sep: str, width: int, indent: int) -> list[str]:
    """`line` with `entries` joined by `sep` in the place of LIST (or after it, if it has no
    LIST), in lines of at most `width` columns where each entry can fit one: a line breaks
    only between entries (or after `line`'s words before the first), after the separator's
    mark (", " ends a line with ","), and the lines after the first start `indent` columns
    in (a hanging indent), the entry's own leading spaces dropped there."""
    head, _, tail = line.partition(LIST) if LIST in line else (line, "", "")
    mark = sep.rstrip()
    lines = [head]
    for i, entry in enumerate(entries):
        last = i == len(entries) - 1
        piece = entry + (tail if last else "")
        after = "" if last else mark
        joined = lines[-1] + (sep if i else "") + piece
        if columns(joined + after) > width and lines[-1].strip():
            lines[-1] = lines[-1].rstrip() + (mark if i else "")
            lines.append(" " * indent + piece.lstrip())
        else:
            lines[-1] = joined
    if not entries:
        lines[-1] += tail
    return lines


def aside(text: str) -> list[str]:
    """`text` as two entries for `fold` with the separator "": what it says, then its last
    parenthesis ("costs $8", " (printed $6, 2 left)"; 「価格$8」「（印刷$6、残り2）」), or
    `text` alone if it has none."""
    at = max(text.rfind(" ("), text.rfind("（"))
    return [text[:at], text[at:]] if at > 0 else [text]
