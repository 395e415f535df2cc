"""Clients' request budgets kept in the store, shared by every server process on one
PostgreSQL (`keizai.web.app.RateLimiter` asks it for the budgets that bound what a client
stores or spends everywhere together: see docs/web.md, "Several processes").

A budget is a token bucket per key: `level` tokens at `at` (the database's clock, Unix
seconds), refilled at `rate` a second up to `burst`. Taking one is a single
`INSERT … ON CONFLICT DO UPDATE … WHERE` per key: the row is locked while it is read and
written, so takes in any number of processes at once never pass the bound together.
A request counted under several keys takes from all of them or from none (one
transaction, the keys in one order). A row whose bucket is full again is worth nothing
and is deleted by the server's clean-up (`Budgets.prune`, every PRUNE_EVERY seconds in
each process, apart from the requests).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

from sqlalchemy import Column, Float, String, Table, delete, select, text
from sqlalchemy.engine import Engine

from keizai.store.db import metadata, transaction

rate_budgets = Table(
    "rate_budgets", metadata,
    Column("key", String(64), primary_key=True),   # SHA-256 of kind and client
    Column("level", Float, nullable=False),         # tokens left at `at`
    Column("at", Float, nullable=False),            # Unix seconds, the database's clock
    Column("expires", Float, nullable=False, index=True),   # full again from then on
)
PRUNE_EVERY = 60.0      # seconds between a process's clean-ups of full buckets
PRUNED_AT_ONCE = 1000   # full buckets one transaction of a clean-up deletes at most

# (key, burst, tokens per second)
Bucket = tuple[str, float, float]

NOW = "EXTRACT(EPOCH FROM now())"
REFILLED = f"LEAST(:burst, b.level + GREATEST(0, {NOW} - b.at) * :rate)"
TAKE = text(f"""
    INSERT INTO rate_budgets AS b (key, level, at, expires)
    VALUES (:key, :burst - 1, {NOW}, {NOW} + 1 / :rate)
    ON CONFLICT (key) DO UPDATE SET
        level = {REFILLED} - 1,
        at = {NOW},
        expires = {NOW} + (:burst - ({REFILLED} - 1)) / :rate
    WHERE {REFILLED} >= 1
    RETURNING b.level""")
LEVEL = text(f"SELECT {REFILLED} FROM rate_budgets AS b WHERE b.key = :key")


def budget_key(kind: str, client: str, secret: bytes | None = None) -> str:
    """What a (kind, client) bucket is stored under: no address is stored. Keyed with
    the deployment's `secret` (kept out of the database), nobody reading the database
    finds the address again; without one, an IPv4 client's is found by trying every
    address while its bucket lives (until full again: minutes)."""
    named = f"{kind}\0{client}".encode()
    if secret is None:
        return hashlib.sha256(named).hexdigest()
    return hmac.new(secret, named, hashlib.sha256).hexdigest()


class Budgets:
    """Token buckets in a PostgreSQL store."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def take(self, buckets: Sequence[Bucket]) -> float | None:
        """Take one token from each bucket, all or none: None when taken, else the
        seconds until the emptiest of them has one again."""
        with self.engine.connect() as conn, conn.begin() as trans:
            for key, burst, rate in sorted(buckets):   # locked in one order
                params = {"key": key, "burst": burst, "rate": rate}
                if conn.execute(TAKE, params).first() is None:
                    level: float = conn.execute(LEVEL, params).scalar_one()
                    trans.rollback()   # nor from the others
                    return (1 - level) / rate
        return None

    def prune(self) -> int:
        """Delete every bucket that is full again, PRUNED_AT_ONCE in a transaction; those
        another transaction holds are skipped (it is taking from them). How many were
        deleted. Every one, not a batch a minute: each new client's first take stores a
        row, and a flood of new IPv6 clients (a new /64 at each request, let by its /48's
        share) stores them faster than a thousand a minute."""
        full = (select(rate_budgets.c.key).where(rate_budgets.c.expires < text(NOW))
                .limit(PRUNED_AT_ONCE).with_for_update(skip_locked=True))
        deleted = 0
        while True:
            with transaction(self.engine) as conn:
                batch = conn.execute(delete(rate_budgets)
                                     .where(rate_budgets.c.key.in_(full))).rowcount
            deleted += batch
            if batch < PRUNED_AT_ONCE:
                return deleted
