"""Fixtures shared by the store and web tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import new_database, postgres_server, unavailable_reason


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


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """Each storage test runs on a SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
    return request.getfixturevalue("postgres_url")
