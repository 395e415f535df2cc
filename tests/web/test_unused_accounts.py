"""Found by session 33's strangers' pass (h219): accounts were never deleted, so every
name a stranger registered was gone for good. An account registered more than the given
time ago, never logged into since, with no session left unexpired and that nothing names
(no seat, no table hosted, no rating) now goes with `SocialStore.delete_unused_accounts`
(docs/web.md: daily, as the clean-up of abandoned games), and its name can be
registered again; an account used in any of those ways stays."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select, update

from keizai.store.social import accounts, ratings, sessions
from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import new_database
from tests.web.social_helpers import PASSWORD, new_table, register, token_of

THIRTY_DAYS = timedelta(days=30)


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, db_url: str) -> Iterator[TestClient]:
    if request.param == "postgresql":
        db_url = new_database(request.getfixturevalue("postgres_url"), "h226_unused")
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off()),
                    base_url="https://testserver") as test_client:
        yield test_client


def rated(client: TestClient, name: str) -> None:
    """A rating of the account `name` (as a rated game's end leaves it)."""
    social = client.app.state.social   # type: ignore[attr-defined]
    with social.db.engine.begin() as conn:
        account_id = conn.execute(select(accounts.c.id).where(
            accounts.c.username == name)).scalar_one()
        conn.execute(insert(ratings).values(
            game="national-economy/mecenat", player=f"account:{account_id}", mu=25.0,
            sigma=8.0, games=1, updated=datetime.now(UTC)))


def aged(client: TestClient, days: int) -> None:
    """Every account registered, and every session opened, `days` days ago (their
    sessions of 30 days expired)."""
    social = client.app.state.social   # type: ignore[attr-defined]
    then = datetime.now(UTC) - timedelta(days=days)
    with social.db.engine.begin() as conn:
        conn.execute(update(accounts).values(created=then))
        conn.execute(update(sessions).values(created=then, expires=then + THIRTY_DAYS))


def deleted(client: TestClient) -> int:
    social = client.app.state.social   # type: ignore[attr-defined]
    return int(social.db.delete_unused_accounts(THIRTY_DAYS))


def fresh(client: TestClient, name: str) -> int:
    client.cookies.clear()
    return client.post("/api/account/register",
                       json={"username": name, "password": PASSWORD}).status_code


def test_an_account_never_used_after_registering_frees_its_name(client: TestClient) -> None:
    register(client, "squatter")
    client.cookies.clear()
    register(client, "returner")
    client.cookies.clear()
    assert client.post("/api/account/login", json={"username": "returner",
                                                    "password": PASSWORD}).status_code == 200
    client.cookies.clear()
    host_csrf = register(client, "host")
    new_table(client, ["human", "human"], csrf=host_csrf)
    client.cookies.clear()
    table = new_table(client, ["human", "human"])   # a guest's
    seated_csrf = register(client, "seated")
    joined = client.post(f"/api/games/{table['id']}/seats/1/join",
                         json={"token": token_of(table, 1)},
                         headers={"x-csrf-token": seated_csrf})
    assert joined.status_code == 200, joined.text
    client.cookies.clear()
    register(client, "ranked")
    client.cookies.clear()
    rated(client, "ranked")
    assert deleted(client) == 0   # registered lately: all stay
    assert fresh(client, "squatter") == 409
    aged(client, 40)
    assert deleted(client) == 1
    assert fresh(client, "squatter") == 201   # the name is free again
    assert fresh(client, "returner") == 409   # logged into since: kept
    assert fresh(client, "host") == 409       # hosts a table: kept
    assert fresh(client, "seated") == 409     # sits at a table: kept
    assert fresh(client, "ranked") == 409     # rated: kept
