"""Request budgets in the store (PostgreSQL): takes from several processes at once never
pass a bound together, a request under several keys takes from all or none, and full
buckets are deleted."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import create_engine, func, select

from keizai.store import Store
from keizai.store.budgets import Budgets, budget_key, rate_budgets
from tests.postgres import new_database


def test_takes_at_once_in_two_processes_pass_the_bound_once(postgres_url: str) -> None:
    """Two engines (each a process's pool), 16 threads, 48 takes at once from a bucket of
    10 that refills too slowly to matter: exactly 10 are let."""
    url = new_database(postgres_url, "budgets")
    Store(url).close()   # the schema
    engines = [create_engine(url, pool_size=8) for _ in range(2)]
    shared = [Budgets(engine) for engine in engines]
    key = budget_key("create", "10.0.0.1")
    try:
        with ThreadPoolExecutor(16) as pool:
            answers = list(pool.map(lambda n: shared[n % 2].take([(key, 10, 0.0001)]),
                                    range(48)))
        assert answers.count(None) == 10
        assert all(wait is not None and wait > 1000 for wait in answers if wait is not None)
    finally:
        for engine in engines:
            engine.dispose()


def test_a_take_under_two_keys_is_all_or_none(postgres_url: str) -> None:
    store = Store(new_database(postgres_url, "budgets"))
    shared = Budgets(store.engine)
    narrow, wide = budget_key("chat", "2001:db8:0:1::"), budget_key("chat", "2001:db8::/48")
    try:
        assert shared.take([(narrow, 1, 0.0001), (wide, 3, 0.0001)]) is None
        assert shared.take([(narrow, 1, 0.0001), (wide, 3, 0.0001)]) is not None
        # the refused take left the wide bucket as it was: two more from it alone
        assert [shared.take([(wide, 3, 0.0001)]) is None for _ in range(3)] == [
            True, True, False]
    finally:
        store.close()


def test_full_buckets_are_deleted(postgres_url: str) -> None:
    store = Store(new_database(postgres_url, "budgets"))
    shared = Budgets(store.engine)
    try:
        assert shared.take([(budget_key("read", "a"), 2, 50.0)]) is None   # full in 20 ms
        assert shared.take([(budget_key("read", "b"), 2, 0.0001)]) is None
        time.sleep(0.1)
        assert shared.take([(budget_key("read", "c"), 2, 0.0001)]) is None
        assert shared.prune() == 1
        with store.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(rate_budgets)
                                ).scalar_one() == 2   # "a" is full again: gone
    finally:
        store.close()


def test_a_clean_up_deletes_every_full_bucket_however_many_a_flood_left(
        postgres_url: str) -> None:
    """Each new client's first take stores a bucket (an IPv6 client may come from a new
    /64 at every request, each let by its /48's share), faster than a thousand a minute
    per process. A clean-up deletes every bucket full again, not a thousand of them:
    the table holds only the buckets of the last minutes, not the whole flood."""
    store = Store(new_database(postgres_url, "budgets"))
    shared = Budgets(store.engine)
    try:
        flood = [budget_key("claim", f"2001:db8:0:{n:x}::") for n in range(2500)]
        with ThreadPoolExecutor(4) as pool:
            assert set(pool.map(lambda key: shared.take([(key, 2, 1000.0)]), flood)) == {
                None}
        time.sleep(0.05)   # full again after a thousandth of a second
        assert shared.take([(budget_key("claim", "10.0.0.1"), 2, 0.0001)]) is None
        assert shared.prune() == 2500
        with store.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(rate_budgets)
                                ).scalar_one() == 1   # the one not full again
    finally:
        store.close()
