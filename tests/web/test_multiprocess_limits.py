"""The budgets that bound what a client may store or spend in every process together
(games created, seats claimed and logins, chat messages, password hashings) are kept in
the store when it is PostgreSQL: behind N server processes a client spreading its
requests over them gets each budget once, not N times."""

from __future__ import annotations

import math
import time
import warnings
from dataclasses import replace

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.live_server import LiveServer, http, start_all
from tests.web.social_helpers import PASSWORD
from tests.web.test_hardening_bots import from_address

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
GAME = "national-economy/mecenat"


def test_two_processes_share_a_clients_budgets(own_database: str, tmp_path) -> None:
    """One address alternates between two `keizai serve` processes (default limits):
    ten games created in all, then both refuse (before: ten on each, twenty); ten logins
    that cost a password hashing, then both refuse (before: twenty). The refusals of
    the shared budget say when to come back, as the per-process ones do."""
    servers = start_all(*(LiveServer(own_database, tmp_path / f"{n}.log", extra=())
                        for n in range(2)))
    try:
        urls = [server.url for server in servers]
        started = time.monotonic()
        created = [http().post(f"{urls[n % 2]}/api/games",
                               json={"game": GAME, "seats": ["human", "human"]})
                   for n in range(24)]
        refilled = math.ceil((time.monotonic() - started) * 0.2)   # one per 5 s
        codes = [r.status_code for r in created]
        assert codes[:10] == [201] * 10 and codes.count(201) <= 10 + refilled, codes
        assert int(created[-1].headers["retry-after"]) >= 1
        assert created[-1].json()["error"]["code"] == "rate_limited"
        logins = [http().post(f"{urls[n % 2]}/api/account/login",
                              json={"username": f"nobody{n}", "password": PASSWORD})
                  for n in range(14)]
        assert [r.status_code for r in logins] == [401] * 10 + [429] * 4
    finally:
        for server in servers:
            server.stop()


def test_two_apps_on_one_store_share_the_chat_budget(own_database: str) -> None:
    """A client's chat messages counted in every process: here two apps on one
    PostgreSQL (each's memory apart, as two processes'), the client saying one message
    per seat of several tables (each seat's own bound, 5 per 10 s, is not reached) to
    each app in turn; a budget of 6 (refilled too slowly to matter)."""
    limits = replace(Limits.off(), chat=(6, 0.001))
    apps = [create_app(own_database, bot_workers=1, limits=limits) for _ in range(2)]
    with TestClient(from_address(apps[0])) as a, TestClient(from_address(apps[1])) as b:
        tables = [a.post("/api/tables", json={"game": GAME, "seats": ["human", "human"]}
                         ).json() for _ in range(5)]
        codes = []
        for n in range(10):
            table, seat = tables[n // 2], tables[n // 2]["seats"][n % 2]
            said = (a, b)[n % 2].post(f"/api/games/{table['id']}/chat", json={
                "seat": seat["seat"], "token": seat["token"], "text": f"hello {n}"},
                headers={"x-test-client": "10.9.9.9"})
            codes.append(said.status_code)
        assert codes == [201] * 6 + [429] * 4   # before: all ten (five in each)


def test_the_server_deletes_a_floods_budgets_once_full_again(own_database: str,
                                                             monkeypatch) -> None:
    """A flood of new IPv6 clients (a new /64 at each request, each let by its /48's
    share) stores a budget row per client. The server deletes them once they are full
    again, on its own clock, whether or not a request follows (until session 20 a
    request deleted a thousand at most once a minute per process, and made that request
    wait for it: a flood of more than that grew the table for as long as it lasted)."""
    from sqlalchemy import func, select

    from keizai.store import budgets
    from keizai.store.budgets import rate_budgets

    monkeypatch.setattr(budgets, "PRUNE_EVERY", 0.2)
    limits = replace(Limits.off(), claim=(10, 5.0))   # a /64's bucket full in 0.2 s
    app = create_app(own_database, bot_workers=1, limits=limits)
    with TestClient(from_address(app)) as client:
        store = app.state.tables.store
        game = client.post("/api/games", json={"game": GAME, "seats": ["human", "open"]}
                           ).json()

        def stored() -> int:
            with store.engine.connect() as conn:
                return conn.execute(select(func.count()).select_from(rate_budgets)
                                    ).scalar_one()

        for n in range(40):   # claims from 40 new /64s of one /48 (the seat once)
            client.post(f"/api/games/{game['id']}/seats/1/claim",
                        headers={"x-test-client": f"2001:db8:1:{n:x}::1"})
        assert stored() > 0
        deadline = time.monotonic() + 30
        while stored() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert stored() == 0
