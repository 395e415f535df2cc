"""Who created a game, as the lobby's share of one creator counts it
(`keizai.store.db.LOBBY_SHARE`): a keyed hash of the client (`client_key`), never its
address.

The key is this process's own, random, and goes with it: a stored creator cannot be
turned back into an address (an IPv4 address hashed without a key could: there are 2^32),
and the share is counted per process and per start (one client spreading its games over
N processes has N shares, and a restart gives another), which still bounds it: one
client filled the lobby's 200 lines alone before, and the processes are few.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


class Creators:
    """The creator of each client's games, in this process."""

    def __init__(self) -> None:
        self._key = secrets.token_bytes(32)

    def of(self, client: str) -> str:
        """32 hex digits (128 bits): no two clients share one by chance."""
        return hmac.new(self._key, client.encode(), hashlib.sha256).hexdigest()[:32]
