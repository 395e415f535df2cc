"""What a game record says of what made it: the record format and the keizai version
(docs/records.md). A record of a newer format is refused before it is replayed; a record
that no longer replays names the keizai that wrote it, so that a rules change between
that keizai and this one is told, not met as an unexplained illegal move."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from keizai.engine.errors import IllegalAction, InvalidSetup, shown
from keizai.version import VERSION

# The shape of a record: raised only when a reader of the older shape would misread the
# new one (a key renamed or given another meaning), not for a key added beside the others.
RECORD_FORMAT = 1

_NAMING = ("record.other_keizai", "record.unversioned")


def made_by() -> dict[str, Any]:
    """The keys by which a record written now says what made it."""
    return {"format": RECORD_FORMAT, "keizai": VERSION}


def check_made_by(record: dict[str, Any]) -> None:
    """InvalidSetup for a record of a format this keizai does not read (a newer one), or
    whose "format" or "keizai" is no such value (hand-edited). A record without them was
    written before records carried them (format 1, keizai 0.1.0 or older)."""
    version = record.get("keizai", VERSION)
    # a version is printable text: the refusals below and `naming_its_keizai` name it as
    # written, and a shared save's escape sequences reached the terminal (session 32)
    if not isinstance(version, str) or not version.isprintable():
        raise InvalidSetup.refuse("record.keizai", value=shown(version))
    if "format" not in record:
        return
    number = record["format"]
    if type(number) is not int or number < 1:
        raise InvalidSetup.refuse("record.format", value=shown(number))
    if number > RECORD_FORMAT:
        raise InvalidSetup.refuse("record.format_newer", format=number,
                                  there=version[:60], most=RECORD_FORMAT, here=VERSION)


def other_keizai(record: dict[str, Any]) -> str | None:
    """The keizai version `record` says wrote it, when that is not this one (else None):
    what every reader names when such a record no longer replays."""
    version = record.get("keizai")
    return version if isinstance(version, str) and version != VERSION else None


@contextlib.contextmanager
def naming_its_keizai(record: dict[str, Any]) -> Iterator[None]:
    """Replaying `record`: a refusal (a move no longer legal, an option no longer known)
    of a record another keizai wrote says which keizai that was, the refusal itself
    kept inside it; a move refused in a record that does not say which keizai wrote it
    says that. This keizai's own record is refused as it was, and so is the setup of a
    record without a version (its seed, players or options, as before)."""
    try:
        yield
    except (IllegalAction, InvalidSetup) as error:
        if error.message_id in _NAMING:   # named already (a replay inside a replay)
            raise
        there = other_keizai(record)
        if there is not None:
            raise type(error).refuse("record.other_keizai", why=error.to_json(),
                                     there=there[:60], here=VERSION) from None
        if record.get("keizai") is None and isinstance(error, IllegalAction):
            raise IllegalAction.refuse("record.unversioned", why=error.to_json(),
                                       here=VERSION) from None
        raise
