"""Failed logins are counted in the store: every server process on one PostgreSQL shares
the counts. Before, each process counted in its own memory, so behind N processes a
guesser had N times the bounds (10 per (name, client) per 10 minutes, 50 per name an
hour), and a restart gave them back."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.accounts import CLIENT_FAILURES, NAME_FAILURES
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.live_server import LiveServer, http, start_all
from tests.web.social_helpers import PASSWORD
from tests.web.test_hardening_accounts import login, register
from tests.web.test_hardening_bots import from_address

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)   # fast tests


def test_two_processes_share_a_clients_failures_with_a_name(postgres_url: str,
                                                            tmp_path) -> None:
    """One address guesses "ann"'s password on two `keizai serve` processes in turn: ten
    failures in all, then both refuse it (before: ten on each, twenty guesses); a
    server started afterwards (an app, whose memory is as empty as a restarted
    process's: a third process took seconds to start) refuses it too (before: a restart
    forgot them)."""
    servers = start_all(*(LiveServer(postgres_url, tmp_path / f"{n}.log") for n in range(2)))
    try:
        answer = http().post(f"{servers[0].url}/api/account/register",
                             json={"username": "ann", "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        codes = [http().post(f"{servers[n % 2].url}/api/account/login",
                             json={"username": "ann", "password": f"guess-{n:04}"}).status_code
                 for n in range(CLIENT_FAILURES + 4)]
        assert codes == [401] * CLIENT_FAILURES + [429] * 4
    finally:
        for server in servers:
            server.stop()
    started = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    started.state.social.accounts.hasher = CHEAP
    with TestClient(from_address(started), base_url="https://testserver") as later:
        assert login(later, "127.0.0.1", "ann", PASSWORD).status_code == 429   # the guesser's


def test_two_processes_share_a_names_failures(postgres_url: str) -> None:
    """Many addresses, one guess each, spread over two server processes (apps) on one
    store: the name takes NAME_FAILURES in all (before: that many on each), and the
    player's browser with its device cookie still logs in through either."""
    apps = [create_app(postgres_url, bot_workers=1, limits=Limits.off()) for _ in range(2)]
    for app in apps:
        app.state.social.accounts.hasher = CHEAP
    with TestClient(from_address(apps[0]), base_url="https://testserver") as a, \
            TestClient(from_address(apps[1]), base_url="https://testserver") as b:
        device = register(a, "10.0.0.2", "zoe")
        codes = [login((a, b)[n % 2], f"10.2.{n // 250}.{n % 250}", "zoe",
                       f"guess-{n:04}").status_code for n in range(NAME_FAILURES + 4)]
        assert codes == [401] * NAME_FAILURES + [429] * 4
        assert login(b, "10.0.0.9", "zoe", PASSWORD).status_code == 429
        for client in (a, b):
            assert login(client, "10.0.0.2", "zoe", PASSWORD, device).status_code == 200
