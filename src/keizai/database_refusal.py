"""Why `keizai serve` could not open its database, in the reader's language.

The drivers say it in English (psycopg's 'connection failed: … Connection refused',
PostgreSQL's 'FATAL: database "x" does not exist', SQLAlchemy's 'Could not parse
SQLAlchemy URL'), and may repeat part of the URL's password: psycopg reads a password
holding '@' as the end of the user and names the rest as the host it could not find.
Each common cause has a sentence of its own; any other keeps the driver's first line,
the password taken out.
"""

from __future__ import annotations

import re

from keizai import i18n

# The driver's or the server's words (PostgreSQL's in English, its default lc_messages)
# -> the catalogue's reason; the first that matches says it.
_CAUSES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("cli.serve.db.no_host", re.compile(
        r"failed to resolve host|could not translate host name", re.I)),
    ("cli.serve.db.no_server", re.compile(
        r"connection refused|no route to host|timeout expired|timed out"
        r"|network is unreachable|on socket .* no such file or directory", re.I)),
    ("cli.serve.db.login", re.compile(
        r"password authentication failed|no password supplied|role \".*\" does not exist"
        r"|no pg_hba\.conf entry", re.I)),
    ("cli.serve.db.no_database", re.compile(r"database \".*\" does not exist", re.I)),
    ("cli.serve.db.not_sqlite", re.compile(r"file is not a database", re.I)),
)


def database_reason(error: BaseException, url: str, lang: str) -> str:
    """Why opening the database of `url` raised `error`, in `lang`, without the URL's
    password: the `{error}` of `cli.serve.err_database`."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        return i18n.tr("cli.serve.db.bad_url", lang)
    if "@" in (parsed.host or ""):   # read up to the first '@': the rest became the host
        return i18n.tr("cli.serve.db.at_in_password", lang)
    text = str(error)
    for key, cause in _CAUSES:
        if cause.search(text):
            return i18n.tr(key, lang, host=parsed.host or "localhost",
                           port=parsed.port or 5432, user=parsed.username or "",
                           name=parsed.database or "")
    first = text.splitlines()[0] if text.strip() else type(error).__name__
    return without_password(first, parsed.password)


def without_password(text: str, password: object) -> str:
    """`text` with the URL's password, and each piece of it after an '@' (what a driver
    may have read as the host), replaced by '***'."""
    secret = str(password) if password else ""
    for piece in [secret, *secret.split("@")[1:]]:
        if piece:
            text = text.replace(piece, "***")
    return text
