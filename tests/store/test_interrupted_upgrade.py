"""An upgrade that stops partway on SQLite (a migration's statement refused, the disk
full, the process killed) leaves the database as it was before the upgrade, so that the
next start runs the whole upgrade again. pysqlite opens a transaction only before
INSERT, UPDATE and DELETE: the migrations' CREATE TABLE and CREATE INDEX were each
committed at once, while the revision stayed behind, and the next start failed for good
on 'table rate_budgets already exists'."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, event, inspect

from keizai.store import Store
from keizai.store.db import metadata
from keizai.store.migrations import config, current, head, upgrade
from tests.store.rows import loaded
from tests.store.test_stopped_holder import new_game


def refuse_chat_indexes(dbapi_connection: Any, _record: Any) -> None:
    """The upgrade's failure, at migration 0010: its indexes of chat_messages refused."""
    def authorize(action: int, _a: str | None, table: str | None, *_rest: Any) -> int:
        if action == sqlite3.SQLITE_CREATE_INDEX and table == "chat_messages":
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK
    dbapi_connection.set_authorizer(authorize)


def test_an_sqlite_upgrade_that_fails_partway_changes_nothing_and_runs_again(
        tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
    store = Store(url)
    game_id, move = new_game(store)
    store.append_action(game_id, 0, move)
    store.close()
    engine = create_engine(url)
    with engine.begin() as conn:   # the database of a keizai at 0008
        command.downgrade(config(conn), "0008")
    engine.dispose()

    failing = create_engine(url)
    event.listen(failing, "connect", refuse_chat_indexes)
    with pytest.raises(Exception, match="not authorized"):
        upgrade(failing)   # 0009 creates rate_budgets, 0010 fails
    failing.dispose()
    with create_engine(url).connect() as conn:   # as it was: 0009 undone too
        assert current(conn) == "0008"
        assert "rate_budgets" not in inspect(conn).get_table_names()

    again = Store(url)   # the next start upgrades it (before: rate_budgets exists)
    try:
        with again.engine.connect() as conn:
            assert current(conn) == head()
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        assert loaded(again, game_id).actions == [move]
    finally:
        again.close()
