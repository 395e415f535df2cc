"""Whether two names read alike: letters of other scripts drawn as Latin ones.

The name checks compared names case-insensitively after NFKC, which folds full-width
"Ｐ1" into "P1" but leaves the Cyrillic "Р1" (U+0420) and the Greek "Ρ1" (U+03A1) alone:
each is drawn exactly as "P1", the default name of the first seat, and "Аlice" (a
Cyrillic А) as "Alice", so a player passed for another in the Seats panel and the chat.
`alike` says whether two names read alike: they are of one skeleton, which takes each
letter of Cyrillic, Greek or Armenian drawn as a Latin letter, and the figures and
capitals drawn as letters (0, 1, I), for that letter (after Unicode's confusables, UTS
#39, kept to the letters fonts draw alike), or of the same letters case-insensitively
(`letters`: a capital I is an i there, and the Greek "ΑLICE" reads as "ALICE", Alice's
name in capitals, though its skeleton, "allce", is not hers). Names of those scripts
stay free; only their look-alikes of another name are refused.

Accounts keep both of their name's forms (`keizai.store.social.accounts`, migration
0020): a change to the letters taken alike needs a migration that computes them again.
"""

from __future__ import annotations

import unicodedata

from keizai.store.invisible import visible

# Capitals drawn as a lower-case l, taken before case is folded (folded, I is i).
CAPITALS = str.maketrans({"I": "l", "\u0399": "l", "\u0406": "l", "\u04c0": "l"})
# casefolded look-alike -> the Latin letter it is drawn as
LOOKALIKES = str.maketrans({
    # Cyrillic (upper case folds to these: Р -> р, Н -> н, ...)
    "а": "a", "в": "b", "е": "e", "з": "3", "і": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y", "ь": "b",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m",
    "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Armenian
    "օ": "o", "ս": "u", "հ": "h",
    # Latin letters of other alphabets
    "ı": "i", "ɑ": "a", "ɡ": "g", "ɩ": "i",
    # figures drawn as letters
    "0": "o", "1": "l",
})


def letters(name: str) -> str:
    """The letters `name` is drawn with, case-insensitively (NFKC: full-width "Ｐ1" is
    "pl"; a joiner kept in a name, `keizai.web.joiners`, is drawn as nothing)."""
    return visible(unicodedata.normalize("NFKC", name)).casefold().translate(LOOKALIKES)


def skeleton(name: str) -> str:
    """What `name` is drawn as, whatever its script."""
    return visible(unicodedata.normalize("NFKC", name)).translate(CAPITALS).casefold(
        ).translate(LOOKALIKES)


def alike(name: str, other: str) -> bool:
    """Whether `name` passes for `other`."""
    return letters(name) == letters(other) or skeleton(name) == skeleton(other)


def begins_as(name: str, other: str) -> bool:
    """Whether `name` passes for `other`, or is `other` and words set apart from it by a
    space or a mark ("P1 (you)", "host: game paused"), which a line that writes names
    before what they did or said reads as `other`'s. A name that goes on as one word
    ("P1a", "host_fan", "hostess") is another name."""
    for fold in (letters, skeleton):
        mine, theirs = fold(name), fold(other)
        if mine == theirs or (mine.startswith(theirs) and apart(mine[len(theirs)])):
            return True
    return False


def holds_word(name: str, word: str) -> bool:
    """Whether `name` holds `word` (or a look-alike of it) as a word of its own: not
    run into the letters, figures or marks around it ("P2 (bot: hard)", "Bot", "bot_2"
    hold "bot"; "Robot", "Abbott" and the Japanese "ロボット" do not hold "bot" or
    "ボット"). Japanese and Chinese write no spaces between words: katakana run into
    katakana alone ("強いボット", a strong bot, holds "ボット"), and a word of Chinese
    characters is held wherever it is ("我是電腦玩家")."""
    for fold in (letters, skeleton):
        mine, theirs = fold(name), fold(word)
        at = mine.find(theirs)
        while theirs and at >= 0:
            end = at + len(theirs)
            if (at == 0 or not joined(mine[at - 1], theirs[0])) and (
                    end == len(mine) or not joined(mine[end], theirs[-1])):
                return True
            at = mine.find(theirs, at + 1)
    return False


def joined(char: str, edge: str) -> bool:
    """Whether `char` beside a word whose letter there is `edge` makes it part of a
    longer word: a letter, a figure or a mark of the same kind of writing (katakana
    beside katakana; none beside a Chinese character)."""
    return unicodedata.category(char)[0] in "LNM" and writing(char) == writing(edge) \
        != "han"


def writing(char: str) -> str:
    """The kind of writing `char` is of, as far as words run together: "kana"
    (katakana), "hiragana", "han" (Chinese characters) or "spaced" (the rest)."""
    point = ord(char)
    if 0x30A0 <= point <= 0x30FF or 0x31F0 <= point <= 0x31FF:
        return "kana"
    if 0x3040 <= point <= 0x309F:
        return "hiragana"
    if 0x3400 <= point <= 0x4DBF or 0x4E00 <= point <= 0x9FFF or 0xF900 <= point <= 0xFAFF \
            or 0x20000 <= point <= 0x3FFFF:
        return "han"
    return "spaced"


def apart(char: str) -> bool:
    """Whether `char`, after a name, sets what follows apart from it: a space, or a
    punctuation mark other than those inside usernames and names (_ - . ')."""
    return char.isspace() or (unicodedata.category(char)[0] == "P" and char not in "_-.'’")
