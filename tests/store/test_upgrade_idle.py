"""An upgrade of a PostgreSQL database is one transaction, and between its statements
keizai does work of its own: Alembic loads each migration script and renders its DDL. On
a loaded machine (the CI rehearsal of session 32, at a load of 14 on two cores) that took
longer than the store's `idle_in_transaction_session_timeout` (10 s,
`db.SESSION_LIMITS`): PostgreSQL ended the session and the server did not start
("terminating connection due to idle-in-transaction timeout"). The upgrade now runs
without that limit, as it already ran without the lock and statement limits; the store's
own sessions keep it. Here the database's limit is 0.3 s and the upgrade pauses 0.6 s
between two of its steps."""

from __future__ import annotations

import time
from typing import Any

import pytest
from alembic import command
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from keizai.store import Store
from keizai.store.migrations import current, head
from tests.postgres import new_database, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")

IDLE_LIMIT = "300ms"   # the database's limit, standing in for the store's 10 s
PAUSE = 0.6            # seconds the upgrade spends between two statements


def test_an_upgrade_slower_than_the_idle_limit_finishes(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_database(postgres_url, "upgrade_idle",
                       (f"idle_in_transaction_session_timeout = '{IDLE_LIMIT}'",))
    real = command.upgrade

    def slow_upgrade(*args: Any, **kwargs: Any) -> None:
        time.sleep(PAUSE)   # inside the upgrade's transaction, after its lock
        real(*args, **kwargs)

    monkeypatch.setattr(command, "upgrade", slow_upgrade)
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            assert current(conn) == head()
            # the store's own sessions keep the database's limit
            assert conn.execute(text("SHOW idle_in_transaction_session_timeout")
                                ).scalar() == IDLE_LIMIT
    finally:
        store.close()


def test_a_slow_first_read_of_the_revision_finishes(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The upgrade first reads the database's revision, before its own transaction. That
    read is a few statements (does `alembic_version` exist, then its row) with Alembic's
    work between them; on a loaded machine the session was ended there (found by the
    session-33 helper h217: test_an_upgrade_slower_than_the_idle_limit_finishes failed
    at that read under load). Here each read pauses 0.6 s after a first statement."""
    url = new_database(postgres_url, "upgrade_idle_read",
                       (f"idle_in_transaction_session_timeout = '{IDLE_LIMIT}'",))
    real = MigrationContext.get_current_revision

    def slow_read(context: MigrationContext) -> str | None:
        assert context.connection is not None
        context.connection.execute(text("SELECT 1"))
        time.sleep(PAUSE)
        return real(context)

    monkeypatch.setattr(MigrationContext, "get_current_revision", slow_read)
    store = Store(url)
    store.close()
    monkeypatch.setattr(MigrationContext, "get_current_revision", real)
    with Store(url).engine.connect() as conn:
        assert current(conn) == head()
