"""Who created a game or claimed a seat, as the per-client bounds kept in the store count
them (the lobby's share of one creator, `keizai.store.db.LOBBY_SHARE`; the open seats one
client holds, `Limits.open_seats`): a keyed hash of the client (`client_key`) and of an
IPv6 client's /48, never an address.

The key is the deployment's client secret (`keizai serve` reads `KEIZAI_CLIENT_SECRET`),
the same in every process and across restarts, and kept out of the database: whoever
reads the database alone cannot turn a stored hash back into an address (an IPv4 address
hashed without a secret key, or with one stored beside it, could be found among all
2^32). Without a secret the key is this process's own, random, and goes with it: nothing
is recoverable either, but the bounds are counted per process and per start (a client
spreading its requests over N processes has N shares, and a restart gives another).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from keizai.store import KeyedClient

# The environment variable `keizai serve` reads the client secret from, the fewest
# characters it accepts, and a command that prints a good one (64 characters).
SECRET_VARIABLE = "KEIZAI_CLIENT_SECRET"
SECRET_CHARS = 32
SECRET_COMMAND = "python3 -c 'import secrets; print(secrets.token_hex(32))'"


class Creators:
    """The keyed hashes of clients, under the deployment's secret (None: a random key of
    this process's own)."""

    def __init__(self, secret: str | None = None) -> None:
        self._secret = None if secret is None else secret.encode()
        self._key = self.store_key("clients") or secrets.token_bytes(32)

    def store_key(self, use: str) -> bytes | None:
        """The key, from the deployment's secret, of one kind of name the store keeps
        (`use`: "clients" here; "budgets", the rate budgets, `keizai.store.budgets`;
        "logins", the failed-login counters); None without a secret, where such names
        stay unkeyed as every process must compute them alike."""
        if self._secret is None:
            return None
        return hmac.new(self._secret, f"keizai {use}".encode(), hashlib.sha256).digest()

    def of(self, client: str) -> str:
        """32 hex digits (128 bits): no two clients share one by chance."""
        return hmac.new(self._key, client.encode(), hashlib.sha256).hexdigest()[:32]

    def keyed(self, client: str, network: str | None, share: int) -> KeyedClient:
        """`client`, and `network` (its /48, whose clients share `share` clients' bounds)."""
        return KeyedClient(self.of(client), None if network is None else self.of(network),
                           share)
