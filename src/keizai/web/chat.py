"""A table's chat: short messages, a few per seat per interval, stored HTML-escaped.

The text is escaped once on the way in (`&`, `<`, `>`, quotes), so every reader — the
page, the API, a log — shows it as text and never as markup.
"""

from __future__ import annotations

import html
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from keizai.store.invisible import spaced, visible
from keizai.web import clusters, stacks
from keizai.web.errors import ApiError, rate_limited
from keizai.web.joiners import JOINERS, joining

MAX_CHARS = 200              # characters of one message, before escaping
# Characters of a message as sent: what cleaning leaves out (marks past a few on a letter,
# characters drawn as nothing, runs of spaces) makes no message of MAX_CHARS this long.
# Longer is refused before it is cleaned, on the event loop: until session 32 the
# cleaning took time in the square of a run of marks and joiners, and a 64 KiB body of
# them held every game 25 s (`keizai.web.joiners.joining` is one pass now).
MAX_SENT = 4 * MAX_CHARS
RATE_COUNT, RATE_WINDOW = 5, 10.0   # messages per seat per window (seconds)
# A game's chat is bounded: at most MAX_LINES lines stored (a chatty 4-player game of two
# hours says a few hundred; at most about 1.2 MB of escaped text), and it closes
# OPEN_AFTER_END seconds after the game's last move (time for "gg" and a rematch). Until
# session 33 neither was, and a finished game's chat grew for good.
MAX_LINES = 1000
OPEN_AFTER_END = 3600.0
MAX_KEYS = 4096                     # seats remembered before the quiet ones are dropped


def clean(raw: Any) -> str:
    """The message as stored: control and format characters and blanks (`spaced`) made
    spaces (a joiner kept between two characters, left out elsewhere:
    `keizai.web.joiners`), spaces collapsed, at most a few marks on a letter
    (`keizai.web.stacks`) and characters drawn as one (`keizai.web.clusters`), escaped;
    one of nothing but characters a browser draws as nothing (`keizai.store.invisible`)
    is empty."""
    if not isinstance(raw, str):
        raise ApiError("invalid_request", "text must be a string")
    if len(raw) > MAX_SENT:
        raise ApiError.refused("too_long", "web.err.chat_long", most=MAX_CHARS)
    raw = spaced(raw)   # a braille blank is a space: collapsed, and no line alone
    joined = joining(raw)
    text = "".join(kept(char, at in joined) for at, char in enumerate(raw))
    text = stacks.bounded(" ".join(text.split()))   # no tower of marks over other lines
    text = clusters.bounded(text)   # nor a character wider than the page
    if not visible(text).strip():   # (a browser draws the Hangul fillers as nothing)
        raise ApiError.refused("invalid_request", "web.err.chat_empty")
    if len(text) > MAX_CHARS:
        raise ApiError.refused("too_long", "web.err.chat_long", most=MAX_CHARS)
    return html.escape(text, quote=True)


def kept(char: str, joins: bool) -> str:
    """What `char` of the message sent is in the stored message; `joins`: it is a joiner
    between two drawn characters (`joining`)."""
    if unicodedata.category(char)[0] != "C":
        return char
    if char in JOINERS:
        return char if joins else ""
    return " "


@dataclass
class RateLimit:
    """At most `count` events per `window` seconds for each key."""

    count: int = RATE_COUNT
    window: float = RATE_WINDOW
    events: dict[Any, deque[float]] = field(default_factory=dict)

    def take(self, key: Any) -> None:
        moment = time.monotonic()
        recent = self.events.setdefault(key, deque())
        while recent and recent[0] <= moment - self.window:
            recent.popleft()
        if len(self.events) > MAX_KEYS:   # forget the quiet ones
            self.events = {k: v for k, v in self.events.items()
                           if v and v[-1] > moment - self.window}
            recent = self.events.setdefault(key, recent)
        if len(recent) >= self.count:   # room again once the count-th newest is past
            raise self.refusal(recent[-self.count] + self.window - moment)
        recent.append(moment)

    def refusal(self, wait: float) -> ApiError:
        """The refusal of a message `wait` seconds before the seat may say another: the
        bound and the wait ("at most 5 messages per 10 seconds; try again in 4 s")."""
        return rate_limited(wait, "web.err.chat_often", n=self.count,
                            window=f"{self.window:g}")
