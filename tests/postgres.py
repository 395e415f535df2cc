"""A throwaway PostgreSQL server for tests: Debian's binaries, a temp data directory, a
loopback port, started as the `postgres` user when the tests run as root."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def unavailable_reason() -> str | None:
    """Why no PostgreSQL server can be started here, or None."""
    if _bin_dir() is None:
        return "PostgreSQL is not installed (run scripts/system-deps.sh as root)"
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run the server"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    """A running test server: `url`; `stop()` and `start()` make a database outage."""

    def __init__(self, run: Any, bin_dir: Path, data: Path, options: str, log: Path,
                 url: str) -> None:
        self._run, self._bin, self._data, self._options, self._log = (run, bin_dir, data,
                                                                      options, log)
        self.url = url

    def start(self) -> None:
        self._run(str(self._bin / "pg_ctl"), "-D", str(self._data), "-o", self._options,
                  "-l", str(self._log), "-w", "start")

    def stop(self) -> None:
        self._run(str(self._bin / "pg_ctl"), "-D", str(self._data), "-m", "immediate", "-w",
                  "stop")


@contextmanager
def postgres_control() -> Iterator[PostgresServer]:
    """Start a server; yield it; stop it and delete its files."""
    bin_dir = _bin_dir()
    assert bin_dir is not None
    root = os.geteuid() == 0
    workdir = Path(tempfile.mkdtemp(prefix="keizai-pg-"))
    data = workdir / "data"
    if root:
        shutil.chown(workdir, "postgres", "postgres")
    prefix = ["runuser", "-u", "postgres", "--"] if root else []
    user = "postgres" if root else os.environ.get("USER", "postgres")
    port = free_port()

    def run(*args: str) -> None:
        subprocess.run([*prefix, *args], check=True, capture_output=True, cwd=workdir)

    run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", user, "-E", "UTF8")
    options = f"-p {port} -k {workdir} -c listen_addresses=127.0.0.1 -c fsync=off"
    server = PostgresServer(run, bin_dir, data, options, workdir / "log",
                            f"postgresql+psycopg://{user}@127.0.0.1:{port}/keizai")
    server.start()
    try:
        run(str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", user,
            "keizai")
        yield server
    finally:
        with suppress(subprocess.CalledProcessError):
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server; yield its SQLAlchemy URL; stop it and delete its files."""
    with postgres_control() as server:
        yield server.url


# The databases `new_database` made in this process, as (server URL, name), in order:
# tests/conftest.py drops those a test made once its fixtures are done (`drop_made_since`).
made: list[tuple[str, str]] = []


def new_database(server_url: str, prefix: str, settings: tuple[str, ...] = ()) -> str:
    """The URL of a new, empty database named `prefix` and a random suffix on the server of
    `server_url`; `settings` are `ALTER DATABASE … SET` clauses (e.g. "work_mem = '64kB'").
    Made during a test (its own fixtures included), it is dropped once the test ends."""
    import secrets

    from sqlalchemy import create_engine, text

    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
        made.append((server_url, name))
        for setting in settings:
            conn.execute(text(f"ALTER DATABASE {name} SET {setting}"))
    admin.dispose()
    return server_url.rsplit("/", 1)[0] + f"/{name}"


def drop_made_since(count: int) -> None:
    """Drop the databases `new_database` made after its first `count`, newest first,
    whatever is still connected to them (`WITH (FORCE)`: a store a test did not close, a
    server process it left). One that cannot be dropped (its server stopped) is warned
    of, not raised: the test's own result stands."""
    import warnings

    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import SQLAlchemyError

    while len(made) > count:
        server_url, name = made.pop()
        admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as conn:
                conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        except SQLAlchemyError as error:
            warnings.warn(f"test database {name} was not dropped: {error}", stacklevel=2)
        finally:
            admin.dispose()


def rows_read(engine: Any, call: Callable[[], object], table: str,
              containing: str = "", generic: bool = False) -> int:
    """How many rows of `table` the first statement that `call` sends (and that contains
    `containing`) reads: PostgreSQL's EXPLAIN ANALYZE of it, the rows each scan of the
    table gave and those a filter removed, in every loop. `generic`: as a prepared
    statement's generic plan, made without its parameters' values (psycopg prepares a
    statement a connection ran 5 times, and PostgreSQL may then plan it so)."""
    import re

    from psycopg import sql
    from sqlalchemy import event

    sent: list[tuple[str, dict[str, object]]] = []

    def note(_conn: Any, _cursor: Any, statement: str, parameters: dict[str, object],
             _context: Any,
             _many: bool) -> None:
        if containing in statement:
            sent.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", note)
    try:
        call()
    finally:
        event.remove(engine, "before_cursor_execute", note)
    statement, parameters = sent[0]
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        if generic:
            names: list[str] = []

            def numbered_parameter(match: re.Match[str]) -> str:
                names.append(match.group(1))
                return f"${len(names)}"

            numbered = re.sub(r"%\((\w+)\)s", numbered_parameter, statement)
            cursor.execute("SET plan_cache_mode = force_generic_plan")
            cursor.execute(f"PREPARE measured AS {numbered}")
            values = sql.SQL(", ").join(sql.Literal(parameters[name]) for name in names)
            cursor.execute(sql.SQL("EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE measured({})")
                           .format(values))
        else:
            cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + statement, parameters)
        plan = cursor.fetchone()[0][0]["Plan"]
        if generic:
            cursor.execute("DEALLOCATE measured")
            cursor.execute("RESET plan_cache_mode")
    finally:
        raw.close()
    read, todo = 0, [plan]
    while todo:
        node = todo.pop()
        if node.get("Relation Name") == table:
            read += (node["Actual Rows"] + node.get("Rows Removed by Filter", 0)) \
                * node["Actual Loops"]
        todo.extend(node.get("Plans", []))
    return read
