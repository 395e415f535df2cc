"""Fixtures shared by the store and web tests."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator

import pytest

from tests.postgres import drop_made_since, made, new_database, postgres_server, unavailable_reason

# The run keeps Python's bytecode caches (__pycache__, which git ignores) even where the
# environment says not to (PYTHONDONTWRITEBYTECODE=1, as where .ci/run and the suite's
# timings ran): without them each test process rewrote and compiled every test module it
# collected again, run after run (pytest's assertion rewriting: 11 s of CPU per worker to
# collect the suite, 4.4 s with the caches). Set here, before the test modules are
# imported, and in the environment the workers and the processes the tests start inherit.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    with postgres_server() as url:
        yield url


@pytest.fixture
def own_database(postgres_url: str) -> str:
    """A database of the test's own on the session's PostgreSQL server: a server process
    started on the shared one resumes the games other tests left with a bot to move, which
    keep its bot workers busy."""
    return new_database(postgres_url, "own")


@pytest.fixture(autouse=True)
def _drop_test_databases() -> Iterator[None]:
    """The databases a test made on a PostgreSQL server (`new_database`: `own_database`,
    the migration, size and listing tests' fresh ones) are dropped once it ends, its other
    fixtures first (an autouse fixture is set up before them, so torn down after: their
    servers stopped and stores closed). Until session 33 each stayed until the session's
    server stopped at the end of the run: one worker's run of the store's PostgreSQL
    tests ended with 20 databases, 282 MB. A failed test's database is dropped too: the
    server's files are deleted at the end of the run anyway, so it could be read only
    while the run goes on. Databases a fixture of a wider scope made are kept (made
    before this one's setup, not counted)."""
    count = len(made)
    yield
    drop_made_since(count)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """Each storage test runs on a SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture(autouse=True)
def _no_browsers_event_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """Playwright's synchronous API keeps its event loop marked as running in the test
    process's thread while its browser is open, which is the whole session (tests/web's
    `chromium`): a test that does not use the browser runs without it, so that its own
    asyncio.run() works."""
    if "browser" in request.fixturenames:
        yield
        return
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
