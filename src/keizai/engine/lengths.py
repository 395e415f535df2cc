"""Lengths of JSON as frontends send it, for padding a view's hidden part.

TLS hides a message's bytes, not its length: a seat's view that holds its hand in a
length that depends on the cards tells them to anyone on the player's network
(`Game.view_padding`). Frontends encode compact UTF-8 JSON (keizai.web.table.encode,
orjson); `json_length` counts the bytes the same way.
"""

from __future__ import annotations

import json
from typing import Any


def json_length(value: Any) -> int:
    """The bytes of `value` as compact UTF-8 JSON."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def list_room(slots: int, width: int) -> int:
    """The bytes of a JSON list of `slots` entries of at most `width` bytes each."""
    return 2 + slots * width + max(slots - 1, 0)


__all__ = ["json_length", "list_room"]
