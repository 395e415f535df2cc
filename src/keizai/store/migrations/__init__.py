"""Alembic migrations of the store, run by the server at start (`upgrade`).

A database made before migrations existed (it has `games` but no `alembic_version`) is
stamped with the baseline revision, which is exactly that schema, and then upgraded: its
games stay as they are. The whole upgrade is one transaction (on SQLite too): stopped
partway, it leaves the database as it was. On PostgreSQL an advisory lock makes several
server processes starting at once run the migrations one after the other.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

HERE = Path(__file__).parent
BASELINE = "0001"
LOCK_KEY = 0x6B65697A   # "keiz": the advisory lock all migrating processes take


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    return str(ScriptDirectory.from_config(config()).get_current_head())


def current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision (nothing to do when it is there)."""
    target = head()
    with engine.connect() as conn:
        if current(conn) == target:
            return
    with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            # pysqlite opens a transaction only before INSERT, UPDATE and DELETE: without
            # this one each CREATE, ALTER and DROP was committed at once, and an upgrade
            # that stopped partway (an error, the disk full, the process killed) left
            # tables made while the revision stayed behind, so every later start failed
            # ("table rate_budgets already exists"). IMMEDIATE: a second process starting
            # at once waits for this one's upgrade (PostgreSQL's advisory lock, below).
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        if conn.dialect.name == "postgresql":
            # without the store's limits (`db.SESSION_LIMITS`): a process starting while
            # another migrates waits for it, and a migration for the tables it alters
            conn.execute(text("SET LOCAL lock_timeout = 0"))
            conn.execute(text("SET LOCAL statement_timeout = 0"))
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        cfg = config(conn)
        revision = current(conn)
        if revision == target:
            return
        if revision is None and inspect(conn).has_table("games"):
            command.stamp(cfg, BASELINE)   # made before migrations: the baseline schema
        command.upgrade(cfg, "head")
