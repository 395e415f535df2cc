"""Accounts against strangers: failed logins must not lock a player out, nor password
hashing be held by a few addresses, nor old games opened by strangers fill the memory.

Found by an attack pass on the web platform: ten failed logins to a name from anyone
locked it for everyone for ten minutes; a handful of addresses trying random names kept
the one argon2 thread's queue full, so real logins were refused 503 `busy`; and every
game a spectator opened was held for five minutes, with no bound on how many."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from keizai.store.social import MAX_SESSIONS, sessions
from keizai.web import create_app
from keizai.web.accounts import COOKIE, DEVICE_COOKIE, NAME_FAILURES, AccountConfig
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.web.conftest import hello, within
from tests.web.social_helpers import PASSWORD
from tests.web.test_hardening_bots import ThreadPool, create, from_address

CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)   # fast tests
VICTIM, ATTACKER = "10.0.0.2", "10.0.0.1"


@contextmanager
def server(db_url: str, limits: Limits | None = None, config: AccountConfig | None = None,
           cheap: bool = True, **options: Any) -> Iterator[tuple[TestClient, Any]]:
    app = create_app(db_url, bot_workers=1, limits=limits or Limits.off(),
                     social_config=SocialConfig(accounts=config or AccountConfig()),
                     **options)
    if cheap:
        app.state.social.accounts.hasher = CHEAP
    with TestClient(from_address(app), base_url="https://testserver") as client:
        yield client, app


def post(client: TestClient, path: str, address: str, device: str | None = None,
         **body: Any) -> Any:
    """A POST from `address` carrying only the given device cookie (the test client's
    one cookie jar stands for many browsers)."""
    client.cookies.clear()
    headers = {"x-test-client": address}
    if device is not None:
        headers["cookie"] = f"{DEVICE_COOKIE}={device}"
    return client.post(path, json=body, headers=headers)


def login(client: TestClient, address: str, name: str, password: str,
          device: str | None = None) -> Any:
    return post(client, "/api/account/login", address, device, username=name,
                password=password)


def register(client: TestClient, address: str, name: str) -> str:
    """A new account; the device cookie its browser got ("" if none)."""
    answer = post(client, "/api/account/register", address, username=name,
                  password=PASSWORD)
    assert answer.status_code == 201, answer.text
    return answer.cookies.get(DEVICE_COOKIE) or ""


# ----- 1. failed logins are the guesser's problem ---------------------------------------
def test_a_strangers_failed_logins_do_not_lock_the_player_out(db_url) -> None:
    """Before: the eleventh login to "ann" was refused (429) to everyone for ten minutes
    after a stranger's ten wrong passwords. Now the stranger's client is refused, and
    the player logs in from elsewhere, even on a browser that never logged in."""
    with server(db_url) as (client, _app):
        register(client, "10.0.0.3", "ann")
        codes = [login(client, ATTACKER, "ann", f"guess-{n:04}").status_code
                 for n in range(12)]
        assert codes == [401] * 10 + [429] * 2
        assert login(client, VICTIM, "ann", PASSWORD).status_code == 200


def test_many_addresses_guess_a_name_at_most_the_names_bound_and_spare_its_devices(
        db_url) -> None:
    """Many addresses, one wrong guess each: the name takes NAME_FAILURES (50) failures
    an hour from browsers without its device cookie, then refuses such logins (the
    guesses an attacker with any number of addresses gets at one password: 50 an
    hour). The player's own browser, which holds the device cookie, still logs in, also
    from an attacker's address (one NAT)."""
    with server(db_url) as (client, _app):
        device = register(client, VICTIM, "ann")
        codes = [login(client, f"10.1.{n // 250}.{n % 250}", "ann", f"guess-{n:04}")
                 .status_code for n in range(NAME_FAILURES + 5)]
        assert codes == [401] * NAME_FAILURES + [429] * 5
        assert login(client, "10.0.0.9", "ann", PASSWORD).status_code == 429
        for address in (VICTIM, "10.1.0.7"):
            answer = login(client, address, "ann", PASSWORD, device)
            assert answer.status_code == 200, answer.text


def test_a_device_cookie_counts_only_for_its_account_and_password(db_url) -> None:
    """The device cookie is the account's (keyed by its password hash): another
    account's, or a forged one, is a stranger's."""
    with server(db_url) as (client, _app):
        ann = register(client, VICTIM, "ann")
        register(client, VICTIM, "bob")
        owner, nonce, _mac = ann.split(".")
        forged = f"{owner}.{nonce}.{'0' * 32}"
        for n in range(10):
            assert login(client, ATTACKER, "bob", f"guess-{n:04}", ann).status_code == 401
        assert login(client, ATTACKER, "bob", "guess", ann).status_code == 429
        for n in range(10):
            assert login(client, ATTACKER, "ann", f"guess-{n:04}", forged).status_code == 401
        assert login(client, ATTACKER, "ann", PASSWORD, forged).status_code == 429
        assert login(client, ATTACKER, "ann", PASSWORD, ann).status_code == 200


# ----- 2. password hashing: each client waits its turn ----------------------------------
class GatedHasher:
    """Each hashing waits for the gate, then notes whose password it was (one hashing
    thread: the order noted is the order served)."""

    def __init__(self, real: Any) -> None:
        self.real, self.gate = real, threading.Event()
        self.entered = 0
        self.order: list[str] = []

    def hash(self, password: str) -> str:
        self.entered += 1
        self.gate.wait(60)
        self.order.append(password)
        return self.real.hash(password)

    def verify(self, password_hash: str, password: str) -> bool:
        self.entered += 1
        self.gate.wait(60)
        self.order.append(password)
        return self.real.verify(password_hash, password)

    def check_needs_rehash(self, password_hash: str) -> bool:
        return self.real.check_needs_rehash(password_hash)


def in_thread(answers: dict[str, Any], label: str, call: Any, *args: Any) -> threading.Thread:
    thread = threading.Thread(target=lambda: answers.__setitem__(label, call(*args)))
    thread.start()
    return thread


def settle(hasher: GatedHasher, app: Any, running: int, waiting: int) -> None:
    hashing = app.state.social.accounts.hashing
    deadline = time.monotonic() + 10
    while (hasher.entered < running or hashing.waiting() < waiting) \
            and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hasher.entered == running and hashing.waiting() == waiting


def test_one_client_cannot_fill_the_hashing_queue(db_url) -> None:
    """One hashing thread, room for 4 waiting. An attacker's six logins at random names
    from one address: one hashes, two wait, three are refused at once. Before, the five
    filled the thread and the queue and the player's login was refused 503 `busy`; now
    it waits its client's turn: after the attacker's running one and one turn of the
    attacker's client, before the attacker's last (done within three hashings, 1.2 s at
    argon2's 0.4 s each)."""
    config = AccountConfig(hash_workers=1, hash_queue=4)
    with server(db_url, config=config) as (client, app):
        register(client, VICTIM, "ann")
        hasher = app.state.social.accounts.hasher = GatedHasher(CHEAP)
        answers: dict[str, Any] = {}
        threads = [in_thread(answers, f"a{n}", login, client, ATTACKER, f"nobody{n}",
                             f"attacker-{n}") for n in range(6)]
        try:
            deadline = time.monotonic() + 10
            while len(answers) < 3 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert sorted(a.status_code for a in answers.values()) == [503] * 3
            settle(hasher, app, running=1, waiting=2)
            threads.append(in_thread(answers, "ann", login, client, VICTIM, "ann", PASSWORD))
            settle(hasher, app, running=1, waiting=3)
        finally:
            hasher.gate.set()
            for thread in threads:
                thread.join(30)
        assert answers["ann"].status_code == 200, answers["ann"].text
        assert len(hasher.order) == 4 and hasher.order.index(PASSWORD) == 2


def test_a_full_queue_makes_room_for_a_client_not_yet_in_it(db_url) -> None:
    """Two attacking addresses fill the queue (two waiting each, one hashing). The
    player's login takes the place of the last of one of them (refused 503 `busy`):
    before, it was refused itself; now it is served after one turn of each (within four
    hashings)."""
    config = AccountConfig(hash_workers=1, hash_queue=4)
    with server(db_url, config=config) as (client, app):
        register(client, VICTIM, "ann")
        hasher = app.state.social.accounts.hasher = GatedHasher(CHEAP)
        answers: dict[str, Any] = {}
        threads = [in_thread(answers, "a0", login, client, ATTACKER, "nobody", "attacker")]
        try:
            settle(hasher, app, running=1, waiting=0)
            threads += [in_thread(answers, f"{address}-{n}", login, client, address,
                                  f"nobody{n}", "attacker") for n in range(2)
                        for address in ("10.3.0.1", "10.3.0.2")]
            settle(hasher, app, running=1, waiting=4)
            threads.append(in_thread(answers, "ann", login, client, VICTIM, "ann", PASSWORD))
            deadline = time.monotonic() + 10
            while not answers and time.monotonic() < deadline:
                time.sleep(0.01)
            assert [a.status_code for a in answers.values()] == [503]
            settle(hasher, app, running=1, waiting=4)
        finally:
            hasher.gate.set()
            for thread in threads:
                thread.join(30)
        assert answers["ann"].status_code == 200, answers["ann"].text
        assert len(hasher.order) == 5 and hasher.order.index(PASSWORD) <= 3


def test_a_returning_browser_is_served_first_also_behind_its_own_address(db_url) -> None:
    """The attacker shares the player's address (one NAT) and fills that client's share
    of the queue; the player's browser has the device cookie: its login waits apart and
    is served right after the hashing running."""
    config = AccountConfig(hash_workers=1, hash_queue=4)
    with server(db_url, config=config) as (client, app):
        device = register(client, VICTIM, "ann")
        hasher = app.state.social.accounts.hasher = GatedHasher(CHEAP)
        answers: dict[str, Any] = {}
        threads = [in_thread(answers, f"a{n}", login, client, VICTIM, f"nobody{n}",
                             f"attacker-{n}") for n in range(3)]
        try:
            settle(hasher, app, running=1, waiting=2)
            threads.append(in_thread(answers, "ann", login, client, VICTIM, "ann", PASSWORD,
                                     device))
            settle(hasher, app, running=1, waiting=3)
        finally:
            hasher.gate.set()
            for thread in threads:
                thread.join(30)
        assert answers["ann"].status_code == 200, answers["ann"].text
        assert hasher.order[1] == PASSWORD


def test_a_clients_password_hashings_are_budgeted_before_hashing(db_url) -> None:
    """`Limits.password`: a client's logins without the device cookie and its
    registrations share one budget, spent before any hashing (here 3, hardly refilled);
    then 429 at once. Another client has its own; the player's browser with its device
    cookie is not held to it."""
    limits = Limits(create=None, claim=None, act=None, replay=None, read=None, view=None,
                    connect=None, sockets=None, chat=None, password=(3, 0.001))
    with server(db_url, limits) as (client, app):
        device = register(client, ATTACKER, "ann")   # the attacker's address: one NAT
        hasher = app.state.social.accounts.hasher = GatedHasher(CHEAP)
        hasher.gate.set()
        codes = [login(client, ATTACKER, f"nobody{n}", "guess-guess").status_code
                 for n in range(2)]
        refused = post(client, "/api/account/register", ATTACKER, username="zed",
                       password=PASSWORD)
        assert codes == [401, 401] and refused.status_code == 429
        assert login(client, ATTACKER, "ann", PASSWORD).status_code == 429
        assert hasher.entered == 2
        assert login(client, ATTACKER, "ann", PASSWORD, device).status_code == 200
        assert login(client, VICTIM, "ann", PASSWORD).status_code == 200


def test_the_default_password_budget_is_small_beside_the_hashing_thread() -> None:
    """One client's sustained share: at most one hashing every 30 s, so keeping the
    thread busy (2.5 hashings a second) takes 75 clients, not a handful."""
    burst, rate = Limits().password or (0, 0)
    assert burst <= 10 and rate <= 1 / 30


# ----- 3. games held in memory ----------------------------------------------------------
def test_games_held_in_memory_are_bounded_least_recently_used_first(db_url) -> None:
    """A stranger opening old games one after another (their ids are listed): before,
    each was held five minutes, 20 here; now at most `held` (5), the least recently
    opened idle one dropped first. A game with a spectator connected stays, however
    long ago it was opened."""
    with server(db_url) as (client, app):
        tables = app.state.tables
        games = [create(client, f"10.2.0.{n}", ["human", "human"]).json()["id"]
                 for n in range(20)]
        tables.tables.clear()   # as after a restart: all in the store only
        tables.held = 5
        watched = games[0]
        with client.websocket_connect(f"/ws/games/{watched}") as ws:
            ws.send_json(hello())
            assert ws.receive_json()["type"] == "state"
            for game_id in games[1:]:
                answer = client.get(f"/api/games/{game_id}")
                assert answer.status_code == 200
                assert len(tables.tables) <= 5
            assert watched in tables.tables
            assert list(tables.tables) == [watched, *games[-4:]]
            client.get(f"/api/games/{games[-4]}")   # used again: now the newest
            client.get(f"/api/games/{games[1]}")
            assert list(tables.tables) == [watched, games[-2], games[-1], games[-4],
                                           games[1]]
        social = app.state.social
        assert set(social.players) <= set(tables.tables)   # dropped games' rows too
        assert within(10, client.get, f"/api/games/{games[3]}").status_code == 200


def test_a_game_whose_bot_is_thinking_is_not_dropped(db_url) -> None:
    """A bot's decision takes 3 s here; meanwhile a stranger opens more games than are
    held: the thinking game stays (dropping it would lose its move's place), the others
    go."""
    pool = ThreadPool(3.0)
    try:
        with server(db_url, pool=pool) as (client, app):
            tables = app.state.tables
            games = [create(client, f"10.2.0.{n}", ["human", "human"]).json()["id"]
                     for n in range(6)]
            thinking = create(client, "10.2.1.1", ["random", "human"], seed=3).json()["id"]
            deadline = time.monotonic() + 10
            while pool.thinking == 0 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert pool.thinking == 1
            for game_id in games:   # in the store only, as after a restart
                del tables.tables[game_id]
            tables.held = 3
            for game_id in games:
                assert client.get(f"/api/games/{game_id}").status_code == 200
            assert pool.thinking == 1
            assert list(tables.tables) == [thinking, *games[-2:]]
    finally:
        pool.close()


def test_an_unknown_name_is_checked_against_a_hash_of_the_servers_own_cost(tmp_path) -> None:
    """A login naming no account verifies against the dummy hash, so it costs what a wrong
    password costs: the dummy hash has the hasher's parameters (none to rehash). It is made
    once per process and parameters, not once per app (an argon2 hash each)."""
    from keizai.store import Store
    from keizai.store.social import SocialStore
    from keizai.web.accounts import Accounts

    store = Store(f"sqlite:///{tmp_path / 'social.sqlite3'}")
    accounts = [Accounts(SocialStore(store.engine), hasher=hasher)
                for hasher in (PasswordHasher(), PasswordHasher(), CHEAP, CHEAP)]
    try:
        for one in accounts:
            assert not one.hasher.check_needs_rehash(one.dummy_hash)
        assert accounts[0].dummy_hash == accounts[1].dummy_hash
        assert accounts[2].dummy_hash == accounts[3].dummy_hash != accounts[0].dummy_hash
    finally:
        for one in accounts:
            one.close()
        store.close()


def test_secure_session_cookies_are_host_prefixed_and_no_plain_one_opens_a_session(
        db_url) -> None:
    """With secure cookies the session cookie is `__Host-keizai_session` (the browser
    keeps it only if it came over https with `Secure`, `Path=/` and no `Domain`), and
    the device cookie `__Secure-keizai_device`. Before they were plain names, which a
    man in the middle of any http:// page of the host, or a sibling subdomain, may set
    or overwrite: one that planted its own session cookie had the player play (and
    chat, and rate) as the attacker's account. A plain-named cookie is not read."""
    with server(db_url) as (client, _app):
        answer = post(client, "/api/account/register", VICTIM, username="ivy",
                      password=PASSWORD)
        assert answer.status_code == 201, answer.text
        cookies = {c.split("=", 1)[0]: c.lower() for c in
                   answer.headers.get_list("set-cookie")}
        assert set(cookies) == {"__Host-keizai_session", "__Secure-keizai_device"}
        session = cookies["__Host-keizai_session"]
        assert "secure" in session and "path=/;" in session + ";" \
            and "domain" not in session
        assert "secure" in cookies["__Secure-keizai_device"]
        secret = client.cookies.get("__Host-keizai_session")
        assert client.get("/api/account").json()["account"]["username"] == "ivy"
        client.cookies.clear()
        client.cookies.set("keizai_session", secret)   # tossed in by plain http
        assert client.get("/api/account").json()["account"] is None


def test_without_secure_cookies_accounts_work_over_plain_http(tmp_path) -> None:
    """`keizai serve --no-secure-cookies` (a LAN over plain http): a browser keeps no
    prefixed cookie without `Secure`, so the names are the plain ones there, and
    registering, the session, a login with the device cookie and logging out work."""
    app = create_app(f"sqlite:///{tmp_path / 'plain.sqlite3'}", bot_workers=1,
                     limits=Limits.off(), social_config=SocialConfig(
                         accounts=AccountConfig(secure_cookies=False)))
    app.state.social.accounts.hasher = CHEAP
    with TestClient(app, base_url="http://testserver") as client:
        answer = client.post("/api/account/register",
                             json={"username": "lan", "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        cookies = {c.split("=", 1)[0]: c.lower() for c in
                   answer.headers.get_list("set-cookie")}
        assert set(cookies) == {"keizai_session", "keizai_device"}
        assert all("secure" not in c for c in cookies.values())
        me = client.get("/api/account").json()["account"]
        assert me["username"] == "lan"
        again = client.post("/api/account/login",
                            json={"username": "lan", "password": PASSWORD})
        assert again.status_code == 200, again.text
        out = client.post("/api/account/logout",
                          headers={"x-csrf-token": again.json()["csrf"]})
        assert out.status_code == 200, out.text
        assert client.get("/api/account").json()["account"] is None


def test_an_accounts_sessions_are_bounded_and_the_oldest_end_first(db_url) -> None:
    """Each login stores a session for 30 days, and one that sends no cookie replaces
    none: before, a script logging in to its own account again and again (a right
    password, its device cookie: no failure, no budget of hashings) stored a row each
    time, without bound (and every login's clean-up of expired sessions read them all).
    Now an account keeps its newest MAX_SESSIONS; the oldest end first."""
    with server(db_url) as (client, app):
        device = register(client, VICTIM, "kim")
        first = None
        for n in range(MAX_SESSIONS + 5):
            answer = login(client, VICTIM, "kim", PASSWORD, device)
            assert answer.status_code == 200, answer.text
            if n == 0:
                first = answer.cookies.get(COOKIE)
        newest = answer.cookies.get(COOKIE)
        with app.state.social.db.engine.connect() as conn:
            stored = conn.execute(select(func.count()).select_from(sessions)).scalar_one()
        assert stored == MAX_SESSIONS   # before: MAX_SESSIONS + 6
        for secret, open_ in ((newest, True), (first, False)):
            client.cookies.clear()
            client.cookies.set(COOKIE, secret)
            assert (client.get("/api/account").json()["account"] is not None) is open_
