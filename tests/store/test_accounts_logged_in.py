"""Migration 0025 (`accounts.logged_in`): whether an account made before it was logged
into again is not known, so the upgrade marks each logged in and the clean-up of unused
accounts (`SocialStore.delete_unused_accounts`) deletes none of them, however old; an
account registered after it and never used goes. Down again, the accounts are kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import create_engine, inspect, text

from keizai.store import Store
from keizai.store.social import SocialStore
from tests.postgres import new_database


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "h226_logged_in")


def test_0025_keeps_the_accounts_made_before_it(url: str) -> None:
    from alembic import command

    from keizai.store.migrations import config

    Store(url).close()
    engine = create_engine(url)
    long_ago = datetime.now(UTC) - timedelta(days=400)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0024")
        conn.execute(text("INSERT INTO accounts (username, username_key, password_hash,"
                          " created) VALUES ('old', 'old', 'h', :at)"), {"at": long_ago})
    store = Store(url)   # the upgrade a server makes at start
    try:
        social = SocialStore(store.engine)
        new_id = social.create_account("new", "new", "new", "new", "h")
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE accounts SET created = :at WHERE username = 'new'"),
                         {"at": long_ago})
        assert new_id is not None
        assert social.delete_unused_accounts(timedelta(days=30)) == 1
        assert social.account_by_key("old") is not None
        assert social.account_by_key("new") is None
    finally:
        store.close()
    with engine.begin() as conn:
        command.downgrade(config(conn), "0024")
        assert "logged_in" not in {c["name"] for c in inspect(conn).get_columns("accounts")}
        assert conn.execute(text("SELECT username FROM accounts")).scalars().all() == ["old"]
    engine.dispose()
