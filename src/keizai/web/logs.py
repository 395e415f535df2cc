"""What the server's own logs may say: never a seat's or host's token, even one a client
put in an address, nor the words of an error, which may quote a hand's card.

The server refuses a token in a query string (it takes them from a header, a body or
the WebSocket's first message), but uvicorn logs each request's line, query string
included, before anyone answers it (its access log at `--log-level info`, and its line
for each WebSocket opened): a client that sent one anyway had it written to the log.

An error logged with its traceback (a failing bot, rating, store write, or any request
that fails: uvicorn logs its traceback) is written with its kind and where it happened,
each frame, but not its words: the engine's errors quote actions ("'pay:…' is not a
legal action now", a card of the seat's hand), a bot's the position it was given, and an
asyncio task's repr its exception's words.
"""

from __future__ import annotations

import logging
import re
import time
import traceback
from collections.abc import Callable
from urllib.parse import unquote_plus

# A query parameter of an address: its name (as sent) and its value.
PARAMETER = re.compile(r"([?&][^=&\s\"]*=)([^&\s\"]*)")
HIDDEN = "(hidden)"
# uvicorn's loggers of request lines: the access log, and the WebSocket's opening line.
REQUEST_LOGGERS = ("uvicorn.access", "uvicorn.error")
# The loggers that write errors with their tracebacks: keizai's web and store modules',
# uvicorn's (a request that failed), asyncio's (a task's error nobody retrieved).
ERROR_LOGGERS = ("keizai.web", "keizai.web.social", "keizai.store", "uvicorn.error",
                 "asyncio")
WORDS_LEFT_OUT = "(its words are left out of the log: they may quote hidden cards)"
# The lines uvicorn writes for what a client sent wrong, not for a fault of the server:
# a request asking for another protocol than WebSocket (answered all the same), one it
# cannot parse, a WebSocket text frame that is no UTF-8 (at ERROR, with a traceback).
# A client repeating one wrote the log at will (500 lines in 0.28 s, on and on).
CLIENT_NOISE = ("Unsupported upgrade request.", "Invalid HTTP request received.",
                "Invalid UTF-8 sequence received from client.")
NOISE_EVERY = 60.0   # seconds between two of one such line in the log
NOISE_LOGGERS = ("uvicorn.error",)
# A frame's line in a traceback's text (a bot worker's, sent back as the text of the
# error's cause): where it happened, without the error's words that follow the frames.
FRAME_LINE = re.compile(r'  File "[^"\n]*", line \d+, in [\w<>.]+')


def hide_tokens(text: str) -> str:
    """`text` with the value of every token parameter of an address in it hidden: one
    whose name, decoded as the server reads it, holds "token" (token, Token, host_token,
    %74oken ...; until session 27 the name was read as sent, and a token sent under a
    percent-encoded name, which the server refused as a token, was logged)."""

    def hide(parameter: re.Match[str]) -> str:
        name = unquote_plus(parameter.group(1))
        return parameter.group(1) + HIDDEN if "token" in name.casefold() \
            else parameter.group(0)

    return PARAMETER.sub(hide, text)


class HideTokens(logging.Filter):
    """Hides the tokens in a record's arguments (uvicorn passes the request's path and
    query string as one of them) and in its message."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(hide_tokens(arg) if isinstance(arg, str) else arg
                                for arg in record.args)
        if isinstance(record.msg, str):
            record.msg = hide_tokens(record.msg)
        return True


def traceback_without_words(error: BaseException) -> str:
    """`error`'s traceback as Python prints it, each error of its chain (the causes and
    contexts) by its kind alone, without its words. A bot worker's error comes with the
    worker's traceback as the text of its cause (concurrent.futures' _RemoteTraceback):
    of that text only the frames' lines are kept."""
    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and all(current is not seen for seen in chain):
        chain.append(current)
        current = current.__cause__ or (None if current.__suppress_context__
                                         else current.__context__)
    parts: list[str] = []
    for number, each in enumerate(reversed(chain)):
        if number:
            parts.append("\nThen, handling it or caused by it:\n\n")
        parts.append("Traceback (most recent call last):\n")
        parts.extend(traceback.format_tb(each.__traceback__))
        kind = type(each)
        if kind.__name__ == "_RemoteTraceback":
            parts.extend(f"{line}\n" for line in FRAME_LINE.findall(str(each)))
            parts.append(f"(in a worker process) {WORDS_LEFT_OUT}\n")
        else:
            parts.append(f"{kind.__module__}.{kind.__qualname__} {WORDS_LEFT_OUT}\n")
    return "".join(parts).rstrip("\n")


class NoErrorWords(logging.Filter):
    """A record with an error's traceback keeps the traceback without the errors' words
    (`traceback_without_words`, as the record's `exc_text`, which formatters print as
    they would the traceback), and the first line of its message only (asyncio's
    second says the task or future, whose repr quotes its error)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = traceback_without_words(record.exc_info[1])
            record.exc_info = None
            record.msg, record.args = record.getMessage().split("\n")[0], None
        return True


class QuietClientNoise(logging.Filter):
    """Each of the `CLIENT_NOISE` lines at most once per `every` seconds; the next one
    let through says how many were left out meanwhile. Other lines pass."""

    def __init__(self, every: float = NOISE_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self.last: dict[str, float] = {}
        self.left_out: dict[str, int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        line = record.getMessage()
        if line not in CLIENT_NOISE:
            return True
        now = self.clock()
        last = self.last.get(line)
        if last is not None and now - last < self.every:
            self.left_out[line] = self.left_out.get(line, 0) + 1
            return False
        self.last[line] = now
        left_out = self.left_out.pop(line, 0)
        if left_out:
            record.msg, record.args = (f"{line} ({left_out} more left out of the log "
                                       f"since the last)"), None
        return True


FILTER = HideTokens()
WORDLESS = NoErrorWords()
QUIET = QuietClientNoise()


def guard_server_logs() -> None:
    """Put the filters on their loggers (once however often it is called: a test process
    makes many apps): tokens hidden in uvicorn's request lines, errors' words left out
    of tracebacks, the lines of what clients send wrong once a minute. Called at the
    app's start, after `keizai serve` has set uvicorn's logging up."""
    for names, added in ((REQUEST_LOGGERS, FILTER), (ERROR_LOGGERS, WORDLESS),
                         (NOISE_LOGGERS, QUIET)):
        for name in names:
            logger = logging.getLogger(name)
            if added not in logger.filters:
                logger.addFilter(added)
