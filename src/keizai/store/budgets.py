"""Clients' request budgets kept in the store, shared by every server process on one
PostgreSQL (`keizai.web.app.RateLimiter` asks it for the budgets that bound what a client
stores or spends everywhere together: see docs/web.md, "Several processes").

A budget is a token bucket per key: `level` tokens at `at` (the database's clock, Unix
seconds), refilled at `rate` a second up to `burst`. Taking one is a single
`INSERT … ON CONFLICT DO UPDATE … WHERE` per key: the row is locked while it is read and
written, so takes in any number of processes at once never pass the bound together.
A request counted under several keys takes from all of them or from none (one
transaction, the keys in one order). A row whose bucket is full again is worth nothing
and is deleted later (`expires`).
"""

from __future__ import annotations

import hashlib
import time
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
PRUNE_EVERY = 60.0      # seconds between a process's deletions of full buckets
PRUNED_AT_ONCE = 1000   # full buckets one deletion removes at most

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


def budget_key(kind: str, client: str) -> str:
    """What a (kind, client) bucket is stored under: no address is stored."""
    return hashlib.sha256(f"{kind}\0{client}".encode()).hexdigest()


class Budgets:
    """Token buckets in a PostgreSQL store."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.pruned = time.monotonic()

    def take(self, buckets: Sequence[Bucket]) -> float | None:
        """Take one token from each bucket, all or none: None when taken, else the
        seconds until the emptiest of them has one again."""
        self._prune()
        with self.engine.connect() as conn, conn.begin() as trans:
            for key, burst, rate in sorted(buckets):   # locked in one order
                params = {"key": key, "burst": burst, "rate": rate}
                if conn.execute(TAKE, params).first() is None:
                    level = conn.execute(LEVEL, params).scalar_one()
                    trans.rollback()   # nor from the others
                    return (1 - level) / rate
        return None

    def _prune(self) -> None:
        """Delete the buckets that are full again, a few at a time, now and then; those
        another transaction holds are skipped (it is taking from them)."""
        moment = time.monotonic()
        if moment - self.pruned < PRUNE_EVERY:
            return
        self.pruned = moment
        full = (select(rate_budgets.c.key).where(rate_budgets.c.expires < text(NOW))
                .limit(PRUNED_AT_ONCE).with_for_update(skip_locked=True))
        with transaction(self.engine) as conn:
            conn.execute(delete(rate_budgets).where(rate_budgets.c.key.in_(full)))
