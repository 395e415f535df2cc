"""Usernames that read alike (`keizai.store.lookalikes`) are refused by the store itself,
whichever server process registers them, and migration 0020 keeps the accounts whose
names already passed for each other before it.

Found in session 29: usernames were unique case-folded only, so "Аlice" (a Cyrillic А)
registered beside Alice and passed for her on the ladder and at the tables."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from keizai.store import Store
from keizai.store.db import metadata
from keizai.store.lookalikes import letters, skeleton
from keizai.store.migrations import config
from keizai.store.social import SocialStore
from keizai.web.accounts import USERNAME
from tests.postgres import new_database

# One name and its look-alikes: another script's A, a capital I for the l, a Cyrillic і,
# a figure 1 for the l; each passes for each other.
ALIKE = ["Alice", "\u0410lice", "AIice", "al\u0456ce", "A1ice"]


@pytest.fixture
def fresh_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'names.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "names")


def register(social: SocialStore, name: str) -> int | None:
    return social.create_account(name, name.casefold(), letters(name), skeleton(name), "h")


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_look_alike_names_registered_at_once_by_several_processes_make_one_account(
        fresh_url: str) -> None:
    Store(fresh_url).close()
    engines = [create_engine(fresh_url) for _ in ALIKE]   # a server process each
    made: list[int | None] = []
    start = threading.Barrier(len(ALIKE))

    def sign_up(engine, name: str) -> None:
        start.wait()
        made.append(register(SocialStore(engine), name))

    threads = [threading.Thread(target=sign_up, args=pair)
               for pair in zip(engines, ALIKE, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert len([made_id for made_id in made if made_id is not None]) == 1, made
        with engines[0].connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM accounts")).scalar() == 1
    finally:
        for engine in engines:
            engine.dispose()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_0020_keeps_the_accounts_whose_names_already_passed_for_each_other(
        fresh_url: str) -> None:
    """A database at 0019 with Alice, two look-alikes of hers made after her and bob:
    upgraded, all four log in by their names as before; Alice keeps her name's forms,
    the look-alikes none that she has, and a new look-alike of any is refused; 0020
    goes back down with the four accounts."""
    Store(fresh_url).close()
    engine = create_engine(fresh_url)
    names = ["Alice", "\u0410lice", "\u0391LICE", "bob"]
    with engine.begin() as conn:
        command.downgrade(config(conn), "0019")
        for name in names:
            conn.execute(text(
                "INSERT INTO accounts (username, username_key, password_hash, created)"
                " VALUES (:name, :key, 'h', :at)"),
                {"name": name, "key": name.casefold(), "at": datetime(2026, 1, 1, tzinfo=UTC)})
    store = Store(fresh_url)
    try:
        social = SocialStore(store.engine)
        for name in names:   # each logs in by its name
            account = social.account_by_key(name.casefold())
            assert account is not None and account.username == name
        with store.engine.connect() as conn:
            forms = conn.execute(text("SELECT username, username_letters, username_skeleton"
                                      " FROM accounts ORDER BY id")).all()
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        assert [tuple(row) for row in forms] == [
            ("Alice", "alice", "alice"), ("\u0410lice", None, None),
            ("\u0391LICE", None, "allce"), ("bob", "bob", "bob")]
        for name in [*ALIKE[1:], "ALLCE", "BOB"]:   # ALLCE: drawn as the Greek one
            assert register(social, name) is None, name
        assert social.username_like("a1ice", letters("A1ice"), skeleton("A1ice")) == "Alice"
        assert register(social, "Alicia") is not None
    finally:
        store.close()
    with engine.begin() as conn:
        command.downgrade(config(conn), "0019")
        assert "username_skeleton" not in {c["name"] for c in inspect(conn).get_columns(
            "accounts")}
        assert conn.execute(text("SELECT count(*) FROM accounts")).scalar() == 5
    engine.dispose()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_the_longest_names_case_folded_are_stored(fresh_url: str) -> None:
    """A username is 24 letters after NFKC (`keizai.web.accounts.USERNAME`); its key, the
    case-fold, may be three times as long: "ß" * 24 (48) and "ΐ" * 24 (72) were a storage
    error on PostgreSQL, whose key held 32."""
    store = Store(fresh_url)
    try:
        social = SocialStore(store.engine)
        for name in ("\u00df" * 24, "\u0390" * 24):
            assert USERNAME.match(name)   # a name the server accepts
            assert register(social, name) is not None, name
            account = social.account_by_key(name.casefold())   # and logs in by
            assert account is not None and account.username == name
    finally:
        store.close()
