"""Registering looks the name up before it hashes the password.

Found in session 29 reading `Accounts.register`: the argon2 hash (about 0.4 s of the
hashing thread, and one of the client's password budget) ran before the insert found
the name taken or drawn as another's, so a stranger made the server hash for names that
could never be registered. The name is now read first; the store's unique indexes still
decide two registrations of one free name at once."""

from __future__ import annotations

import dataclasses
import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import new_database
from tests.web.social_helpers import PASSWORD, register


class CountingHasher:
    """The app's argon2 hasher, counting the passwords it hashes; with `together`, each
    hashing waits until that many are hashing at once."""

    def __init__(self, real: Any, together: threading.Barrier | None = None) -> None:
        self.real, self.together = real, together
        self.hashed = 0

    def hash(self, password: str) -> str:
        self.hashed += 1
        if self.together is not None:
            self.together.wait(30)
        return self.real.hash(password)

    def verify(self, password_hash: str, password: str) -> bool:
        return self.real.verify(password_hash, password)

    def check_needs_rehash(self, password_hash: str) -> bool:
        return self.real.check_needs_rehash(password_hash)


def counting(client: TestClient, together: threading.Barrier | None = None
             ) -> CountingHasher:
    accounts = client.app.state.social.accounts   # type: ignore[attr-defined]
    hasher = accounts.hasher = CountingHasher(accounts.hasher, together)
    return hasher


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # Session cookies are Secure: the client speaks "https" so that it sends them back.
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off()),
                    base_url="https://testserver") as test_client:
        yield test_client


def register_as(client: TestClient, username: str) -> Any:
    return client.post("/api/account/register",
                       json={"username": username, "password": PASSWORD})


# A name taken in another case, and names drawn as Alice's (another script's A, a
# figure 1 for the l): each with the refusal it had when the hashing came first.
REFUSALS = {
    "ALICE": {"code": "username_taken", "message": "the name 'ALICE' is taken"},
    "\u0410lice": {"code": "username_taken", "id": "web.err.username_alike",
                   "params": {"name": "\u0410lice", "other": "Alice"},
                   "message": "\u201c\u0410lice\u201d would pass for the player"
                              " \u201cAlice\u201d; choose another username"},
    "A1ice": {"code": "username_taken", "id": "web.err.username_alike",
              "params": {"name": "A1ice", "other": "Alice"},
              "message": "\u201cA1ice\u201d would pass for the player \u201cAlice\u201d;"
                         " choose another username"},
}


@pytest.mark.parametrize("name", list(REFUSALS))
def test_a_taken_or_alike_name_is_refused_without_hashing_the_password(
        client: TestClient, name: str) -> None:
    register(client, "Alice")
    hasher = counting(client)
    refused = register_as(client, name)
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"] == REFUSALS[name]
    assert hasher.hashed == 0
    assert register_as(client, "Bob").status_code == 201   # a free name is hashed
    assert hasher.hashed == 1


def test_refused_names_spend_none_of_the_clients_password_budget(db_url: str) -> None:
    """One password hashing an hour: names that are taken, however many, leave it to
    the name that is free."""
    limits = dataclasses.replace(Limits.off(), password=(1, 1 / 3600))
    app = create_app(db_url, bot_workers=1, limits=limits)
    with TestClient(app, base_url="https://testserver") as client:
        app.state.social.accounts.store.create_account(   # Alice, from another client
            "Alice", "alice", "alice", "alice", "h")
        for name in ("alice", "\u0410lice", "A1ice"):
            assert register_as(client, name).status_code == 409, name
        assert register_as(client, "Bob").status_code == 201
        assert register_as(client, "Carol").status_code == 429   # the budget was Bob's


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'race.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "h174race")


@pytest.mark.parametrize("names", [("Alice", "Alice"), ("Alice", "\u0410lice")],
                         ids=["same", "alike"])
def test_two_servers_registering_one_free_name_at_once_make_one_account(
        shared_url: str, names: tuple[str, str]) -> None:
    """Both find the name free and hash at once (each waits for the other's hashing);
    the store's unique indexes let one insert through, the other is refused as taken."""
    together = threading.Barrier(2)
    apps = [create_app(shared_url, bot_workers=1, limits=Limits.off()) for _ in names]
    answers: dict[str, Any] = {}
    with TestClient(apps[0], base_url="https://testserver") as first, \
            TestClient(apps[1], base_url="https://testserver") as second:
        hashers = [counting(client, together) for client in (first, second)]
        threads = [threading.Thread(target=lambda c=client, n=name: answers.__setitem__(
            n + str(id(c)), register_as(c, n))) for client, name in zip(
            (first, second), names, strict=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert [hasher.hashed for hasher in hashers] == [1, 1]   # both found it free
    codes = sorted(answer.status_code for answer in answers.values())
    assert codes == [201, 409], [answer.text for answer in answers.values()]
    refused = next(answer for answer in answers.values() if answer.status_code == 409)
    assert refused.json()["error"]["code"] == "username_taken"
    engine = create_engine(shared_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM accounts")).scalar() == 1
    finally:
        engine.dispose()
