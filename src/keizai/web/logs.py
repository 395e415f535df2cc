"""What the server's own logs may say: never a seat's or host's token, even one a client
put in an address.

The server refuses a token in a query string (it takes them from a header, a body or
the WebSocket's first message), but uvicorn logs each request's line, query string
included, before anyone answers it (its access log at `--log-level info`, and its line
for each WebSocket opened): a client that sent one anyway had it written to the log.
"""

from __future__ import annotations

import logging
import re

# A query parameter whose name ends in "token" (token, Token, host_token ...): its value.
TOKEN_VALUE = re.compile(r"(?i)([?&][^=&\s\"]*token=)[^&\s\"]*")
HIDDEN = "(hidden)"
# uvicorn's loggers of request lines: the access log, and the WebSocket's opening line.
REQUEST_LOGGERS = ("uvicorn.access", "uvicorn.error")


def hide_tokens(text: str) -> str:
    """`text` with the value of every token parameter of an address in it hidden."""
    return TOKEN_VALUE.sub(rf"\g<1>{HIDDEN}", text)


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


FILTER = HideTokens()


def hide_tokens_in_request_logs() -> None:
    """Put the filter on uvicorn's request loggers (once however often it is called: a
    test process makes many apps). Called at the app's start, after `keizai serve` has
    set uvicorn's logging up."""
    for name in REQUEST_LOGGERS:
        logger = logging.getLogger(name)
        if FILTER not in logger.filters:
            logger.addFilter(FILTER)
