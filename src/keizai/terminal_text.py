"""Texts the terminal's faces share (`keizai play` and `keizai replay`): the final
ranking and who plays a seat, in the reader's language."""

from __future__ import annotations

import shutil

from keizai import i18n
from keizai.engine import State
from keizai.rules.folding import fold, words


def _parts(row: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in row.items() if k not in ("total", "target", "won")}


def final_ranking_text(state: State, seats: list[str] | None, lang: str = "en",
                       width: int | None = None) -> str:
    """The final ranking (below), each line folded between its words at the terminal's
    `width` (日本語 and 中文 between characters): 企業帝國's runs past 100 columns. None
    leaves each line whole."""
    text = _ranking_text(state, seats, lang)
    if width is None:
        return text
    return "\n".join(folded for line in text.splitlines()
                     for folded in fold("", words(line), "", width, 2))


def _ranking_text(state: State, seats: list[str] | None, lang: str) -> str:
    """"Final ranking: 1. P1 (…) 30 pts, P2 (…) 30 pts (shared); 3. P3 …" from the
    game's places, in `lang`; a shared first place adds a "Shared victory" line, a single
    winner a "Winner" line. A solo game with a target (National Economy's) has no ranking
    but its won/lost line: the score, the target and whether it was reached, said to
    "you" where a person played the seat, else of the seat and its bot. Where "total"
    only orders the seats (企業帝國: won × W + companies × C + cash) the parts are shown
    instead of it.
    `seats` says who played each seat (human or a bot's spec); None where that is not
    known (a record downloaded from the web), and the seats are named alone."""
    scores = state.scores()
    if state.num_players == 1 and "target" in scores[0]:
        # a place among one player says nothing: the score, the target and whether it
        # was reached
        row = scores[0]
        outcome = "won" if row.get("won") else "lost"
        if seats is not None and seats[0] == "human":
            return i18n.tr(f"cli.solo_{outcome}", lang, total=row["total"],
                           target=row["target"])
        # a bot played the seat, or who played it is not known: name the seat, not "you"
        name = (i18n.tr("cli.seat_alone", lang, seat=0) if seats is None else
                i18n.tr("cli.seat_who", lang, seat=0, who=seat_label(seats[0], lang)))
        return i18n.tr(f"cli.solo_seat_{outcome}", lang, name=name, total=row["total"],
                       target=row["target"])
    keyed = any(sum(_parts(row).values()) != row["total"] for row in scores)
    sep = i18n.tr("cli.ranking_sep", lang)

    def score(seat: int) -> str:
        row = scores[seat]
        if not keyed:
            return i18n.tr("cli.points", lang, n=row["total"])
        parts = sep.join(_score_part(k, _score_value(k, v, lang), lang)
                         for k, v in _parts(row).items())
        return (i18n.tr("cli.won_prefix", lang) if row.get("won") else "") + parts

    def entry(seat: int) -> str:
        if seats is None:
            return i18n.tr("cli.ranking_entry_seat", lang, seat=seat, points=score(seat))
        return i18n.tr("cli.ranking_entry", lang, seat=seat,
                       who=seat_label(seats[seat], lang), points=score(seat))

    places = state.places()
    parts = []
    number = 1
    for place in places:
        names = sep.join(entry(seat) for seat in place)
        shared = i18n.tr("cli.ranking_shared", lang) if len(place) > 1 else ""
        parts.append(i18n.tr("cli.ranking_place", lang, place=number, names=names) + shared)
        number += len(place)
    text = i18n.tr("cli.final_ranking", lang) + i18n.tr("cli.places_sep", lang).join(parts)
    if len(places[0]) > 1:
        return text + "\n" + i18n.tr("cli.shared_victory", lang,
                                     seats=[f"P{seat + 1}" for seat in places[0]])
    return text + "\n" + i18n.tr("cli.winner", lang, seat=places[0][0])


def seat_label(spec: str, lang: str) -> str:
    """Who plays a seat, in `lang`: "human", or a bot by its level's name or its spec,
    said to be a bot as the page's seat lines say it ("P2 (bot: hard)", 「P2（ボット：
    強い）」, i18n.js botSeatStatus): the level alone, 「P2（弱い）」, read as a remark on P2."""
    if spec == "human":
        return i18n.tr("cli.seat_human", lang)
    name = i18n.tr(f"bot.{spec}", lang) if i18n.has(f"bot.{spec}", lang) else spec
    return i18n.tr("seat_bot", lang, level=name)


def _score_value(key: str, value: int, lang: str) -> str:
    """A score part's figure in `lang`: money as money (企業帝國's cash "$4300", as its log
    and table write it; the catalogue's `score_value_<key>`, which the page uses too), a
    count or points as the number."""
    key = f"score_value_{key}"
    return i18n.tr(key, lang, n=value) if i18n.has(key, lang) else str(value)


def _score_part(key: str, figure: object, lang: str) -> str:
    """A score part's name (the page's: "VP cards", not the key "vp_cards") and its figure
    in `lang`: "buildings 16", 「建物16」 (the catalogue's `score_part`: 日本語 and 中文 put
    no space between a word and its figure)."""
    return i18n.tr("score_part", lang, name=i18n.tr(f"score_{key}", lang), figure=figure)


def terminal_width() -> int:
    """The terminal's columns, which a game's table fits its drawing in (企業帝國's board):
    $COLUMNS if set, else the terminal's own, else 80 (output that is not a terminal)."""
    return shutil.get_terminal_size().columns


def log_line(line: str) -> str:
    """A log line as the terminal shows it, "  · " before it, folded between its words at
    the terminal's width (日本語 and 中文 between characters) under its first word: the
    terminal itself would fold it mid-word."""
    return "\n".join(fold("  · ", words(line), "", terminal_width(), 4))


def folded(text: str) -> str:
    """`text` (a message, a heading) with each line folded between its words at the
    terminal's width (日本語 and 中文 between characters), the folds indented 2."""
    width = terminal_width()
    return "\n".join(piece for line in text.splitlines()
                     for piece in fold("", words(line), "", width, 2))


def printable(text: str, most: int) -> str:
    """`text` from a file anyone may have written, to print: the characters a terminal
    would act on (escape sequences, a bell, a line feed) shown escaped ("\\x1b"), and
    cut after `most` characters."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= most else text[:most] + "…"
