"""Helpers of the size tests: a store filled with many rows on the test PostgreSQL server,
and how many rows of a table a read takes, however PostgreSQL plans it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy import TextClause, text

from keizai.store import Store
from keizai.store.social import SocialStore
from tests.postgres import new_database, rows_read


@contextmanager
def filled_store(postgres_url: str, name: str, *inserts: TextClause,
                 settings: tuple[str, ...] = ()) -> Iterator[Store]:
    """A new database (`name` and a random suffix, `settings` as `new_database` takes
    them) with `inserts` run in one transaction, then analysed so that the planner knows
    how large its tables are; closed after."""
    store = Store(new_database(postgres_url, name, settings))
    try:
        with store.engine.begin() as conn:
            for insert in inserts:
                conn.execute(insert)
            conn.execute(text("ANALYZE"))
        yield store
    finally:
        store.close()


@contextmanager
def filled(postgres_url: str, name: str, *inserts: TextClause) -> Iterator[SocialStore]:
    """`filled_store`'s social tables."""
    with filled_store(postgres_url, name, *inserts) as store:
        yield SocialStore(store.engine)


def plans_read(social: SocialStore, call: Callable[[], object], table: str) -> list[int]:
    """The rows of `table` that the first statement `call` sends reads, planned with its
    values and as a generic plan (made without them: psycopg prepares a statement a
    connection ran 5 times, and PostgreSQL may then plan it so)."""
    return [rows_read(social.engine, call, table, generic=generic) for generic in (False, True)]


def rated_players(prefix: str, game: str) -> TextClause:
    """20,000 players (`prefix` and 1 to 20,000) rated at `game` and at Futuropia, player
    n's mu 25 + n / 1000."""
    return text(
        "INSERT INTO ratings (game, player, mu, sigma, games, updated) SELECT g, :prefix || n,"
        " 25 + n / 1000.0, 2, 1, now() FROM generate_series(1, 20000) n,"
        " (VALUES (:game), ('futuropia')) v(g)").bindparams(prefix=prefix, game=game)
