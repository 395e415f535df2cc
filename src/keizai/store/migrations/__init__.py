"""Alembic migrations of the store, run by the server at start (`upgrade`).

A database made before migrations existed (it has `games` but no `alembic_version`) is
stamped with the baseline revision, which is exactly that schema, and then upgraded: its
games stay as they are. The whole upgrade is one transaction (on SQLite too): stopped
partway, it leaves the database as it was. On PostgreSQL an advisory lock makes several
server processes starting at once run the migrations one after the other, and an
upgrade is refused while processes of an older keizai are connected (`OlderProcesses`).
A database a newer keizai upgraded is refused untouched (`NewerDatabase`).
"""

from __future__ import annotations

import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError

log = logging.getLogger("keizai.store")

HERE = Path(__file__).parent
BASELINE = "0001"
LOCK_KEY = 0x6B65697A   # "keiz": the advisory lock all migrating processes take
# Seconds a process opening an SQLite database waits for another process's write lock
# before its own upgrade (or its check that none is due) gives up. The driver's own
# wait, 5 s, is shorter than an upgrade of a large database (7.3 s for 1,500,000 games):
# the second of two processes started together stopped with "database is locked" while
# the first upgraded. PostgreSQL's advisory lock waits without a limit.
SQLITE_UPGRADE_WAIT = 900.0


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    return str(ScriptDirectory.from_config(config()).get_current_head())


class NewerDatabase(RuntimeError):
    """The database is at a revision this keizai does not have: a newer keizai upgraded
    it (a host went back to an older version). It is refused as it is: this keizai
    cannot know what the newer one's tables mean, and its own migrations would not
    apply to them."""

    def __init__(self, revision: str, known: str) -> None:
        super().__init__(
            f"the database was upgraded by a newer keizai (it is at revision {revision};"
            f" this keizai knows the revisions up to {known}) and is left as it is: run"
            " that newer keizai, or restore the backup made before the upgrade")
        self.revision = revision
        self.known = known


class OlderProcesses(RuntimeError):
    """An upgrade is due while processes of an older keizai are connected to the
    database: refused before anything changed. Such a process does not look at the
    schema again once started and goes on writing rows as it knew them beside the new
    columns (a keizai from before 0008, for instance, stored its new private tables
    without the flag that keeps them out of the lobby: listed for good)."""

    def __init__(self, connected: list[tuple[str, str, int]], target: str) -> None:
        names = ", ".join(f"{count} of {name} " + (f"from {address}" if address
                                                     else "over a local socket")
                          for name, address, count in connected)
        super().__init__(
            f"processes of an older keizai are connected to the database ({names}) and"
            f" would go on writing as before its upgrade to revision {target}: stop them,"
            " then start this keizai; nothing was changed")
        self.connected = connected
        self.target = target


def application_name(revision: str | None = None) -> str:
    """The name each PostgreSQL connection of the store gives itself: keizai and the
    newest revision it knows, so that a later upgrade sees the processes it would
    leave behind (`pg_stat_activity`)."""
    return f"keizai {revision or head()}"


def _refuse_older_processes(conn: Connection, target: str) -> None:
    """On PostgreSQL, refuse to upgrade while sessions of a keizai knowing another
    revision are open (the processes of this one, waiting for the lock, are not)."""
    rows = conn.execute(text(
        "SELECT application_name, coalesce(host(client_addr), ''), count(*)"
        " FROM pg_stat_activity WHERE datname = current_database()"
        " AND pid <> pg_backend_pid() AND application_name LIKE 'keizai %'"
        " AND application_name <> :mine GROUP BY 1, 2 ORDER BY 1, 2"),
        {"mine": application_name(target)}).all()
    if rows:
        raise OlderProcesses([(str(name), str(address), int(count))
                              for name, address, count in rows], target)


def _refuse_newer(revision: str | None) -> None:
    if revision is None:
        return
    scripts = ScriptDirectory.from_config(config())
    if revision not in {script.revision for script in scripts.walk_revisions()}:
        raise NewerDatabase(revision, str(scripts.get_current_head()))


def current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision (nothing to do when it is there)."""
    target = head()
    # read outside a transaction: PostgreSQL's idle-in-transaction limit (the store's
    # `db.SESSION_LIMITS`) would end a session whose read Alembic spreads over a few
    # statements with its own work between them, as it ended the upgrade (below)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        revision = current(conn)
    if revision == target:
        return
    _refuse_newer(revision)   # before any lock or write
    with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            # pysqlite opens a transaction only before INSERT, UPDATE and DELETE: without
            # this one each CREATE, ALTER and DROP was committed at once, and an upgrade
            # that stopped partway (an error, the disk full, the process killed) left
            # tables made while the revision stayed behind, so every later start failed
            # ("table rate_budgets already exists"). IMMEDIATE: a second process starting
            # at once waits for this one's upgrade (PostgreSQL's advisory lock, below).
            _begin_immediate(conn)
        if conn.dialect.name == "postgresql":
            # without the store's limits (`db.SESSION_LIMITS`): a process starting while
            # another migrates waits for it, a migration for the tables it alters, and
            # PostgreSQL for Alembic's own work between statements (loading and rendering
            # each migration, longer than the idle limit on a loaded machine)
            conn.execute(text("SET LOCAL lock_timeout = 0"))
            conn.execute(text("SET LOCAL statement_timeout = 0"))
            conn.execute(text("SET LOCAL idle_in_transaction_session_timeout = 0"))
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        cfg = config(conn)
        revision = current(conn)
        if revision == target:
            return
        _refuse_newer(revision)
        if conn.dialect.name == "postgresql":
            _refuse_older_processes(conn, target)
        if revision is None and inspect(conn).has_table("games"):
            command.stamp(cfg, BASELINE)   # made before migrations: the baseline schema
        command.upgrade(cfg, "head")


def _begin_immediate(conn: Connection) -> None:
    """BEGIN IMMEDIATE on SQLite: within the connection's own wait for the write lock,
    else, said in the log, within SQLITE_UPGRADE_WAIT (another process is upgrading the
    database, or writing to it). The connection's own wait is given back after."""
    try:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
        return
    except OperationalError as error:
        if "locked" not in str(error.orig):
            raise
    log.warning("another process holds the database's write lock (another keizai "
                "upgrading it, which takes a while on a large database): waiting up to "
                "%g s for it", SQLITE_UPGRADE_WAIT)
    own = conn.exec_driver_sql("PRAGMA busy_timeout").scalar()
    conn.exec_driver_sql(f"PRAGMA busy_timeout = {round(SQLITE_UPGRADE_WAIT * 1000)}")
    try:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    finally:
        conn.exec_driver_sql(f"PRAGMA busy_timeout = {int(own or 0)}")
    log.warning("the database's write lock is free again: going on")
