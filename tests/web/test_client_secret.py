"""The bounds the store counts per client (the lobby's share of one creator, the open
seats one client holds) hold across the processes of one deployment and across restarts.
They were counted under a key of each process's own, random, so that no address could be
recovered from the database: a client whose requests a proxy spread over N processes had
N shares, and a restart gave another (found reading the code in session 27). The key is
now the deployment's secret, `KEIZAI_CLIENT_SECRET`, the same in every process and kept
out of the database; `keizai serve` says what it does without one (the key of each
process's own, as before) and refuses one short enough to guess."""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select
from typer.testing import CliRunner

from keizai.cli import app as cli
from keizai.i18n import tr
from keizai.store.db import LOBBY_SHARE, games
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.creators import SECRET_CHARS, SECRET_COMMAND, SECRET_VARIABLE
from tests.postgres import free_port, unavailable_reason
from tests.web.live_server import LiveServer, http, start_all
from tests.web.test_hardening_bots import from_address

GAME = "national-economy/mecenat"
GRABBER = "203.0.113.7"


def lobby_games(server: LiveServer) -> list[str]:
    return [g["id"] for g in http().get(f"{server.url}/api/games").json()["games"]]


def create(server: LiveServer) -> str:
    made = http().post(f"{server.url}/api/tables", json={"game": GAME,
                                                          "seats": ["open", "open"]})
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_two_processes_and_a_restart_count_one_share_of_a_creator(
        own_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One address creates its games on two `keizai serve` processes in turn, then on
    one of them restarted: the lobby lists its LOBBY_SHARE newest (before: 4 on each
    process, all 8 listed, and the restart's another share). Nothing stored is the
    secret or the address."""
    secret = secrets.token_hex(32)
    monkeypatch.setenv(SECRET_VARIABLE, secret)
    servers = start_all(*(LiveServer(own_database, tmp_path / f"{n}.log")
                          for n in range(2)))
    try:
        made = [create(servers[n % 2]) for n in range(2 * (LOBBY_SHARE - 1))]
        for server in servers:
            assert [g for g in lobby_games(server) if g in made] == made[::-1][:LOBBY_SHARE]
        servers[0].stop()
        servers[0] = LiveServer(own_database, tmp_path / "again.log").start()
        made.append(create(servers[0]))
        assert [g for g in lobby_games(servers[1]) if g in made] == made[::-1][:LOBBY_SHARE]
    finally:
        for server in servers:
            server.stop()
    engine = create_engine(own_database)
    with engine.connect() as conn:
        creators = set(conn.execute(select(games.c.creator).where(
            games.c.id.in_(made))).scalars())
    engine.dispose()
    assert len(creators) == 1 and all(
        len(c) == 32 and secret[:32] != c and "127.0.0.1" not in c for c in creators)


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_two_processes_count_one_clients_open_seats(own_database: str) -> None:
    """One client claims open seats on two processes in turn (here two apps on one
    PostgreSQL, each with its own memory as two processes have, and the deployment's
    secret): it holds `Limits.open_seats` in all (before: that many on each)."""
    most = 4
    secret = secrets.token_hex(32)
    limits = dataclasses.replace(Limits.off(), open_seats=most)
    apps = [create_app(own_database, bot_workers=1, limits=limits, client_secret=secret)
            for _ in range(2)]
    with TestClient(from_address(apps[0])) as a, TestClient(from_address(apps[1])) as b:
        tables = [a.post("/api/tables", json={"game": GAME, "seats": ["open"] * 4}
                         ).json()["id"] for _ in range(3)]
        every = [(game_id, seat) for game_id in tables for seat in range(4)]
        codes = [(a, b)[n % 2].post(f"/api/games/{game_id}/seats/{seat}/claim",
                                    headers={"x-test-client": GRABBER}).status_code
                 for n, (game_id, seat) in enumerate(every[:2 * most])]
        assert codes == [200] * most + [429] * most


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_serve_says_what_it_does_without_a_secret_and_refuses_a_short_one(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the variable the server starts (a key of each process's own: nothing
    recoverable, the bounds per process and start) and says so, and what to set, when it
    listens beyond the machine or on PostgreSQL (a loopback SQLite server is quiet); a
    secret shorter than SECRET_CHARS is refused before anything is opened (it would be
    guessed, and every client hashed under it with it)."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    monkeypatch.delenv(SECRET_VARIABLE, raising=False)
    runner = CliRunner()

    def serve(database: Path, host: str = "0.0.0.0") -> list[str]:
        return ["serve", "--host", host, "--port", str(free_port()), "--database-url",
                f"sqlite:///{database}", "--lang", lang]

    result = runner.invoke(cli, serve(tmp_path / "first.sqlite3"))
    assert result.exit_code == 0 and started, result.output
    said = tr("cli.serve.no_client_secret", lang, name=SECRET_VARIABLE,
              chars=SECRET_CHARS, command=SECRET_COMMAND)
    assert "".join(said.split()) in "".join(result.output.split()), result.output

    # one person's server (the README's: loopback, SQLite) has no strangers to count
    started.clear()
    result = runner.invoke(cli, serve(tmp_path / "own.sqlite3", host="127.0.0.1"))
    assert result.exit_code == 0 and started, result.output
    assert "".join(said.split()) not in "".join(result.output.split()), result.output

    started.clear()
    short = "x" * (SECRET_CHARS - 1)
    monkeypatch.setenv(SECRET_VARIABLE, short)
    database = tmp_path / "refused.sqlite3"
    result = runner.invoke(cli, serve(database))
    assert result.exit_code == 2 and not started, result.output
    refusal = tr("cli.serve.err_client_secret", lang, name=SECRET_VARIABLE,
                 chars=SECRET_CHARS, count=len(short))
    assert "".join(refusal.split()) in "".join(result.output.split()), result.output
    assert short not in result.output and not database.exists()

    monkeypatch.setenv(SECRET_VARIABLE, "y" * SECRET_CHARS)
    result = runner.invoke(cli, serve(tmp_path / "last.sqlite3"))
    assert result.exit_code == 0 and started, result.output
    assert "".join(said.split()) not in "".join(result.output.split())


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_the_rate_budgets_in_the_store_are_named_under_the_secret(own_database: str) -> None:
    """The budgets shared by the processes (`rate_budgets`) were named by an unkeyed
    SHA-256 of the kind and the client: whoever read the database found an IPv4
    client's address by hashing every address (found with the secret's design). Under
    the secret their names are keyed; two processes with it still share one budget
    (10 games created in all). Without a secret they stay as they were: the processes
    must name a client's bucket alike, and a bucket lives until it is full again."""
    from keizai.store.budgets import budget_key, rate_budgets

    secret = secrets.token_hex(32)
    apps = [create_app(own_database, bot_workers=1, client_secret=secret) for _ in range(2)]
    with TestClient(from_address(apps[0])) as a, TestClient(from_address(apps[1])) as b:
        codes = [(a, b)[n % 2].post("/api/games", json={"game": GAME, "seats": ["human"]},
                                    headers={"x-test-client": GRABBER}).status_code
                 for n in range(12)]
        assert codes == [201] * 10 + [429] * 2
        with apps[0].state.tables.store.engine.connect() as conn:
            names = set(conn.execute(select(rate_budgets.c.key)).scalars())
    assert names and budget_key("create", GRABBER) not in names


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_the_failed_login_counters_are_named_under_the_secret(own_database: str) -> None:
    """The failed-login counters (`login_failures`) were named by an unkeyed SHA-256 of
    the account's name and the client: whoever read the database found which address
    guessed which account's password by hashing every IPv4 address with each name
    (found with the secret's design). Under the secret their names are keyed; two
    processes with it still share the counts (CLIENT_FAILURES in all, then refused)."""
    from argon2 import PasswordHasher

    from keizai.store.social import login_failures
    from keizai.web.accounts import CLIENT_FAILURES
    from tests.web.test_hardening_accounts import login, register

    secret = secrets.token_hex(32)
    apps = [create_app(own_database, bot_workers=1, limits=Limits.off(),
                       client_secret=secret) for _ in range(2)]
    for app in apps:   # fast hashing for the test
        app.state.social.accounts.hasher = PasswordHasher(time_cost=1, memory_cost=1024,
                                                          parallelism=1)
    with TestClient(from_address(apps[0]), base_url="https://testserver") as a, \
            TestClient(from_address(apps[1]), base_url="https://testserver") as b:
        register(a, "10.0.0.2", "ann")
        codes = [login((a, b)[n % 2], GRABBER, "ann", f"guess-{n:04}").status_code
                 for n in range(CLIENT_FAILURES + 2)]
        assert codes == [401] * CLIENT_FAILURES + [429] * 2
        with apps[0].state.tables.store.engine.connect() as conn:
            names = set(conn.execute(select(login_failures.c.counter)).scalars())
    unkeyed = {hashlib.sha256(counter.encode()).hexdigest()
               for counter in (f"client\0ann\0{GRABBER}", "name\0ann")}
    assert names and not names & unkeyed
