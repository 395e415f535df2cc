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
    if text.isascii():  # no wide character: a column each (most of an English table)
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def fold(line: str, entries: Sequence[str], sep: str, width: int, indent: int) -> list[str]:
    """`line` with `entries` joined by `sep` in the place of LIST (or after it, if it has no
    LIST), in lines of at most `width` columns: a line breaks between entries (or after
    `line`'s words before the first), after the separator's mark (", " ends a line with
    ","), and the lines after the first start `indent` columns in (a hanging indent), the
    entry's own leading spaces dropped there. An entry (or `line`'s words) wider than a
    line by itself (a long card on a narrow terminal) is cut between its words (`_cut`),
    an entry after starting a line of its own."""
    head, _, tail = line.partition(LIST) if LIST in line else (line, "", "")
    mark = sep.rstrip()
    lines = _cut(head, "", width, indent) if columns(head) > width else [head]
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
        if columns(lines[-1] + after) > width:  # the entry alone is wider than the line
            lines[-1:] = _cut(lines[-1], after, width, indent)
    if not entries:
        lines[-1] += tail
    return lines


def _cut(line: str, after: str, width: int, indent: int) -> list[str]:
    """`line` (its leading spaces, then one entry too wide for `width` columns) in lines
    of at most `width` columns, broken between the entry's `words`, a word wider than a
    line itself between two characters (where `may_break` lets it), the lines after the
    first `indent` columns in; room kept on the last line for `after` (the list's mark,
    which the next entry's line break adds), which stays with the entry's last word."""
    text = line.lstrip(" ")
    lead = len(line) - len(text)
    room = width - max(lead, indent)
    pieces = words(text) or [""]
    pieces[-1] += after
    lines = [line[:lead]]
    for piece in pieces:
        for part in _split(piece, room):
            if columns(lines[-1] + part.rstrip()) > width and lines[-1].strip():
                lines[-1] = lines[-1].rstrip()
                lines.append(" " * indent + part.lstrip())
            else:
                lines[-1] += part
    lines[-1] = lines[-1].removesuffix(after)
    if columns(lines[-1]) > width:  # the spaces after its last word
        lines[-1] = lines[-1].rstrip()
    return lines


def _split(word: str, room: int) -> list[str]:
    """`word` in parts of at most `room` columns (its trailing spaces aside), cut between
    two characters (a wide one is never halved): the last place in the part where
    `may_break` lets a line break, else where the part is full."""
    parts = []
    while len(word) > 1 and columns(word.rstrip()) > room:
        end = 1
        while columns(word[:end + 1]) <= room:
            end += 1
        at = next((k for k in range(end, 0, -1) if may_break(word[k - 1], word[k])), end)
        parts.append(word[:at])
        word = word[at:]
    return [*parts, word]


def aside(text: str) -> list[str]:
    """`text` as two entries for `fold` with the separator "": what it says, then its last
    parenthesis ("costs $8", " (printed $6, 2 left)"; 「価格$8」「（印刷$6、残り2）」), or
    `text` alone if it has none."""
    at = max(text.rfind(" ("), text.rfind("（"))
    return [text[:at], text[at:]] if at > 0 else [text]


# What a line does not begin with (_CLOSING) or end with (_OPENING): Japanese and Chinese
# typesetting keeps these with their neighbour (kinsoku shori; JIS X 4051's classes, which
# Chinese follows for its punctuation). Not first: closing brackets (cl-02), hyphens
# (cl-03), dividing punctuation (cl-04), middle dots (cl-05), full stops (cl-06), commas
# (cl-07), iteration marks (cl-09), the prolonged sound mark ー (cl-10), small kana (cl-11),
# and ASCII's closing marks; not last: opening brackets (cl-01). The wave dash counts as
# written 「〜」 or 「～」 (the fullwidth tilde the catalogues write a range with: 1～4人).
# Rich has no such rule: it breaks a line of 日本語 or 中文 at any character.
_CLOSING = set(
    "’”）〕］｝〉》」』】〙〗»〟" "‐〜～゠–" "！？‼⁇⁈⁉" "・：；" "。．" "、，" "ヽヾゝゞ々〻" "ー"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ",.;:!?)]}")
_OPENING = set("‘“（〔［｛〈《「『【〘〖«〝" "([{")
# Inseparable marks (cl-08): a run of them ("……", "——") is not broken
_INSEPARABLE = set("—…‥〳〴〵")


def may_break(before: str, after: str) -> bool:
    """Whether a line may end with the character `before` and the next begin with `after`
    (kinsoku shori: never before a closing mark, 「ー」 or a small kana, never after an
    opening bracket, never inside "……")."""
    return not (after in _CLOSING or before in _OPENING
                or (before in _INSEPARABLE and after in _INSEPARABLE))


def words(text: str) -> list[str]:
    """`text` (a sentence of prose) as the pieces `fold` may break between, with the
    separator "": a word and the space after it, or a single wide character (日本語 and
    中文 break between characters), closing marks kept with what they close, "k = x"
    (a key and its first word), what 「」 quote in ASCII (「1 3 3」), numbers with a space
    between them ("1 3 3") and a number with its counter (「2マス」, `counts`) kept as one."""
    pieces: list[str] = []
    for c in text:
        wide = unicodedata.east_asian_width(c) in "WF"
        last = pieces[-1] if pieces else ""
        quoted = last.rpartition("「")[2]   # after an open corner bracket, if any
        joins = bool(last) and (
            not may_break(last[-1], c)  # a mark stays with its neighbour
            # what 「」 quote in Latin letters and digits, an answer to type, is one word:
            # 「1 3 3」 was cut after its 1
            or ("「" in last and "」" not in quoted and quoted.isascii() and c.isascii())
            or c.isspace()  # a space with the word before it
            or counts(last, c)  # 「2マス」「3人」: a number and its counter together
            # numbers with a space between them, an answer to type ("e.g. 1 3 3"): one
            # word, as 「1 3 3」 is (it was cut after its 1)
            or (c in DIGITS and last.endswith(" ") and last.replace(" ", "").isdigit()
                and last.isascii())
            # a key, its "=" and what it does ("u = undo"), as the prompts list them
            or c == "=" or last.endswith("= ")
            or (not wide and not last[-1].isspace()  # a narrow word's letters together
                and unicodedata.east_asian_width(last[-1]) not in "WF"))
        if joins:
            pieces[-1] += c
        else:
            pieces.append(c)
    return pieces


KATAKANA = "".join(map(chr, range(0x30A1, 0x3100)))   # ァ … ヿ, the prolonged mark ー too
DIGITS = "0123456789"


def _katakana(c: str) -> bool:
    return c in KATAKANA


def _ideograph(c: str) -> bool:
    return "\u4e00" <= c <= "\u9fff" or "\u3400" <= c <= "\u4dbf"


def counts(piece: str, c: str) -> bool:
    """Whether `c` is part of the counter after the number `piece` ends with: the wide
    character after its digits (「2マス」, 「3人」, 「2格」) and the katakana after a katakana
    one (the ス of マス). Kinsoku lets a line break inside 「2マス」, where a reader takes
    the 2 for a figure of the line before (a menu's 「…：2」 / 「マス進む」). A sum of money
    ($3) has none: 「$3價格卡」 breaks as before."""
    if _katakana(c):
        number = piece.rstrip(KATAKANA)   # 「2マ」 before its ス: the 2
    elif _ideograph(c):
        number = piece
    else:
        return False
    figures = number[len(number.rstrip(DIGITS)):]
    return bool(figures) and not number[:-len(figures)].endswith("$")
