"""Found by session 33's strangers' pass (h219): registering took a game creation's
budget and a password hashing's, so one client registered 130 accounts an hour and an
IPv6 /48 2,080, and every name taken is gone for good (accounts are never deleted): a
stranger squatted the names others would choose. Now a client registers 5 accounts at
once, then 5 a day (`Limits.register`); the clients of one /48 16 clients' share; on
PostgreSQL counted in the store, once for every process."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits, RateLimiter
from tests.postgres import new_database, unavailable_reason
from tests.web.test_hardening_accounts import CHEAP, post
from tests.web.test_hardening_bots import from_address

PASSWORD = "correct horse battery"


@contextmanager
def serving(db_url: str) -> Iterator[TestClient]:
    """An app with the default limits; a cheap password hashing (fast tests)."""
    app = create_app(db_url, bot_workers=1, limits=Limits())
    app.state.social.accounts.hasher = CHEAP
    with TestClient(from_address(app), base_url="https://testserver") as client:
        yield client


def registered(client: TestClient, address: str, name: str) -> Any:
    return post(client, "/api/account/register", address, username=name,
                password=PASSWORD)


def refused_for(answer: Any, seconds: float) -> bool:
    """A 429 in the usual words, saying to come back at least `seconds` later."""
    return (answer.status_code == 429
            and answer.json()["error"]["code"] == "rate_limited"
            and int(answer.headers["retry-after"]) >= seconds)


def test_one_address_registers_five_accounts_a_day(db_url: str) -> None:
    """Five at once, then 429 until the day's budget refills (before: 130 an hour); the
    name refused stays free for another client; a taken name costs nothing and is
    still said to be taken."""
    with serving(db_url) as client:
        codes = [registered(client, "198.51.100.7", f"squat{n}").status_code
                 for n in range(5)]
        assert codes == [201] * 5
        refused = registered(client, "198.51.100.7", "squat5")
        assert refused_for(refused, 4 * 3600), refused.text   # one per 4.8 h
        assert registered(client, "198.51.100.7", "squat0").status_code == 409
        assert registered(client, "203.0.113.8", "squat5").status_code == 201


def test_the_clients_of_one_ipv6_48_share_sixteen_clients_registrations(
        db_url: str) -> None:
    """Each /64 registers five; all the /64s of one /48 eighty (before: 2,080 an hour);
    another /48 keeps its own."""
    with serving(db_url) as client:
        codes = [registered(client, f"2001:db8:5:{net:x}::1", f"n{net}x{n}").status_code
                 for net in range(16) for n in range(6)]
        assert codes == ([201] * 5 + [429]) * 16
        refused = registered(client, "2001:db8:5:99::1", "late")
        assert refused_for(refused, 1000), refused.text   # one per 18 min
        assert registered(client, "2001:db8:6:1::1", "late").status_code == 201


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_two_processes_share_a_clients_registrations(postgres_url: str) -> None:
    """Two apps on one PostgreSQL (each's memory apart, as two processes'), one address
    registering at each in turn: five in all, then both refuse (before: all ten)."""
    database = new_database(postgres_url, "h226_registrations")
    apps = [create_app(database, bot_workers=1, limits=Limits()) for _ in range(2)]
    for app in apps:
        app.state.social.accounts.hasher = CHEAP
    with TestClient(from_address(apps[0]), base_url="https://testserver") as a, \
            TestClient(from_address(apps[1]), base_url="https://testserver") as b:
        answers = [registered((a, b)[n % 2], "198.51.100.9", f"both{n}") for n in range(10)]
        assert [r.status_code for r in answers] == [201] * 5 + [429] * 5
        assert refused_for(answers[-1], 4 * 3600), answers[-1].text


def test_a_flood_of_other_requests_does_not_give_the_days_registrations_back(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The limiter forgets the bucket asked longest ago past `MAX_CLIENTS` (50,000; here
    8), which a flood of reads from new IPv6 /64s turns over in minutes: a bucket that
    takes a day to refill is kept apart, so the client's spent registrations stay spent
    (in one limiter with the reads, the sixth registration was let through)."""
    monkeypatch.setattr(RateLimiter, "MAX_CLIENTS", 8)
    with serving(db_url) as client:
        for n in range(5):
            assert registered(client, "198.51.100.7", f"kept{n}").status_code == 201
        for net in range(20):
            read = client.get("/api/games", headers={"x-test-client": f"2001:db8:{net:x}::1"})
            assert read.status_code == 200, read.text
        assert refused_for(registered(client, "198.51.100.7", "kept5"), 4 * 3600)
