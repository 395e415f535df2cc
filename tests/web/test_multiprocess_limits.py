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
from tests.web.live_server import LiveServer, http
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
    servers = [LiveServer(own_database, tmp_path / f"{n}.log", extra=()).start()
               for n in range(2)]
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
