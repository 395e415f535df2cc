"""Accounts: register, log in, wrong password, session expiry, CSRF; names on seats; an
account finds its seats again from another device; guests play as before."""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import keizai.store.social as social_store
from keizai.store.social import accounts, sessions
from keizai.web import create_app
from keizai.web.accounts import COOKIE, AccountConfig
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.web.conftest import create, within
from tests.web.social_helpers import PASSWORD, new_table, register, token_of, view


@pytest.fixture
def app(db_url: str):
    return create_app(db_url, bot_workers=1, limits=Limits.off())


@pytest.fixture
def client(app) -> Iterator[TestClient]:
    # Session cookies are Secure: the client speaks "https" so that it sends them back.
    with TestClient(app, base_url="https://testserver") as test_client:
        yield test_client


def me(client: TestClient) -> dict | None:
    return client.get("/api/account").json()["account"]


def username(client: TestClient) -> str | None:
    """The name of the account `client` is logged in to, or None."""
    account = me(client)
    return None if account is None else account["username"]


def test_register_sets_a_secure_http_only_cookie_and_hashes_the_password(app, client) -> None:
    response = client.post("/api/account/register",
                           json={"username": "Ann", "password": PASSWORD})
    assert response.status_code == 201
    cookie = response.headers["set-cookie"].lower()
    assert f"{COOKIE.lower()}=" in cookie
    for flag in ("httponly", "secure", "samesite=lax", "max-age=2592000"):
        assert flag in cookie
    assert username(client) == "Ann"
    engine = app.state.social.db.engine
    with engine.connect() as conn:
        stored = conn.execute(select(accounts.c.password_hash)).scalar_one()
        session_ids = conn.execute(select(sessions.c.id)).scalars().all()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    secret = client.cookies.get(COOKIE)
    assert secret not in session_ids   # only the secret's hash is stored
    again = client.post("/api/account/register", json={"username": "ann", "password": PASSWORD})
    assert again.status_code == 409 and again.json()["error"]["code"] == "username_taken"


def test_bad_usernames_and_passwords_are_refused(client) -> None:
    for body, code in [({"username": "a", "password": PASSWORD}, "invalid_username"),
                       ({"username": "<b>x</b>", "password": PASSWORD}, "invalid_username"),
                       ({"username": "bob", "password": "short"}, "invalid_password"),
                       ({"username": "bob", "password": 12345678}, "invalid_password")]:
        response = client.post("/api/account/register", json=body)
        assert response.status_code == 400 and response.json()["error"]["code"] == code
    assert me(client) is None


def test_log_in_wrong_password_and_log_out(client) -> None:
    csrf = register(client, "bob")
    assert client.post("/api/account/logout", headers={"x-csrf-token": csrf}).status_code == 200
    assert me(client) is None
    wrong = client.post("/api/account/login", json={"username": "bob", "password": "nope-nope"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_credentials"
    unknown = client.post("/api/account/login", json={"username": "eve", "password": PASSWORD})
    assert unknown.status_code == 401 and unknown.json()["error"] == wrong.json()["error"]
    assert me(client) is None
    right = client.post("/api/account/login", json={"username": "BOB", "password": PASSWORD})
    assert right.status_code == 200 and right.json()["username"] == "bob"
    assert username(client) == "bob"


def test_repeated_wrong_passwords_are_rate_limited(client) -> None:
    register(client, "carol")
    codes = [client.post("/api/account/login", json={"username": "carol",
                                                     "password": "wrong-wrong"}).status_code
             for _ in range(11)]
    assert codes[:10] == [401] * 10 and codes[10] == 429


def test_a_session_expires(client, monkeypatch) -> None:
    register(client, "dave")
    assert username(client) == "dave"
    later = social_store.now() + timedelta(days=30, seconds=1)
    monkeypatch.setattr(social_store, "now", lambda: later)
    assert me(client) is None
    logout = client.post("/api/account/logout", headers={"x-csrf-token": "x"})
    assert logout.status_code == 401   # an expired session authenticates nothing


def test_cookie_posts_need_the_csrf_token(client) -> None:
    csrf = register(client, "erin")
    for headers in ({}, {"x-csrf-token": "forged"}):
        response = client.post("/api/account/logout", headers=headers)
        assert response.status_code == 403 and response.json()["error"]["code"] == "csrf"
        refused = client.post("/api/tables", json={"game": "national-economy/mecenat",
                                                   "seats": ["human", "random"]},
                              headers=headers)
        assert refused.status_code == 403
    assert username(client) == "erin"   # still logged in: nothing happened
    assert client.get("/api/games").json()["games"] == []
    # a form post (what another site can make a browser send) is refused outright
    form = client.post("/api/account/login", data={"username": "erin", "password": PASSWORD})
    assert form.status_code == 415
    created = new_table(client, ["human", "random"], csrf)
    joined = client.post(f"/api/games/{created['id']}/seats/0/join",
                         json={"token": token_of(created, 0)})
    assert joined.status_code == 403
    assert client.post("/api/account/logout", headers={"x-csrf-token": csrf}).status_code == 200


def test_an_account_returns_to_its_seats_from_another_device(app, client) -> None:
    csrf = register(client, "fay")
    created = new_table(client, ["human", "human"], csrf)
    game_id = created["id"]
    joined = client.post(f"/api/games/{game_id}/seats/1/join",
                         json={"token": token_of(created, 1)},
                         headers={"x-csrf-token": csrf})
    assert joined.status_code == 200 and joined.json()["name"] == "fay"
    with TestClient(app, base_url="https://testserver") as phone:
        assert phone.post("/api/account/login", json={"username": "fay",
                                                      "password": PASSWORD}).status_code == 200
        mine = me(phone)
        assert mine is not None
        assert [(s["id"], s["seat"]) for s in mine["seats"]] == [(game_id, 1)]
        token = mine["seats"][0]["token"]
        assert view(phone, game_id, 1, token)["seat"] == 1
        hosted = mine["hosted"][0]
        assert hosted["id"] == game_id and hosted["host_token"] == created["host_token"]
        assert {i["seat"]: i["token"] for i in hosted["invites"]} == {
            0: token_of(created, 0), 1: token_of(created, 1)}


def test_guests_name_their_seats_and_cannot_take_an_account_seat(client) -> None:
    created = new_table(client, ["human", "human"])
    game_id = created["id"]
    url = f"/api/games/{game_id}/seats/0/join"
    assert client.post(url, json={"token": token_of(created, 0)}).status_code == 400
    assert client.post(url, json={"token": "wrong", "name": "Gil"}).status_code == 403
    assert client.post(url, json={"token": token_of(created, 0),
                                  "name": " Gil\u0000 <i>"}).json()["name"] == "Gil <i>"
    seats = client.get(f"/api/games/{game_id}").json()["seats"]
    assert [s["name"] for s in seats] == ["Gil <i>", None]
    csrf = register(client, "hana")
    client.post(f"/api/games/{game_id}/seats/1/join", json={"token": token_of(created, 1)},
                headers={"x-csrf-token": csrf})
    client.post("/api/account/logout", headers={"x-csrf-token": csrf})
    taken = client.post(f"/api/games/{game_id}/seats/1/join",
                        json={"token": token_of(created, 1), "name": "impostor"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_owned"
    assert client.get(f"/api/games/{game_id}").json()["seats"][1]["account"] == "hana"


def test_guests_play_exactly_as_before(client) -> None:
    created = create(client, seats=["human", "random"])   # the old endpoint, no names
    message = view(client, created["id"], 0, token_of(created, 0))
    assert message["seats"][0]["name"] is None and message["legal"]


class StuckHasher:
    """An argon2 hasher whose work waits for `gate`: logins that take as long as we like."""

    def __init__(self, real: Any, gate: threading.Event) -> None:
        self.real, self.gate = real, gate
        self.entered = 0

    def hash(self, password: str) -> str:
        self.entered += 1
        self.gate.wait(60)
        return self.real.hash(password)

    def verify(self, password_hash: str, password: str) -> bool:
        self.entered += 1
        self.gate.wait(60)
        return self.real.verify(password_hash, password)

    def check_needs_rehash(self, password_hash: str) -> bool:
        return self.real.check_needs_rehash(password_hash)


def stuck_logins(app, client: TestClient, count: int, started: int
                 ) -> tuple[threading.Event, list[threading.Thread], list[Any]]:
    """`count` logins sent at once, stuck in password hashing until the gate opens; back
    once `started` of them are hashing (the others wait for a hashing thread)."""
    accounts_ = app.state.social.accounts
    gate = threading.Event()
    hasher = accounts_.hasher = StuckHasher(accounts_.hasher, gate)
    accounts_.hashing.each = count   # the one test client stands for `count` clients
    answers: list[Any] = []
    threads = [threading.Thread(target=lambda i=i: answers.append(client.post(
        "/api/account/login", json={"username": f"nobody{i}", "password": PASSWORD})))
        for i in range(count)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 10
    while hasher.entered < started and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)   # the rest reach the hashing queue
    return gate, threads, answers


def test_a_burst_of_logins_does_not_delay_games(app, client) -> None:
    """Password hashing has threads of its own: twelve logins stuck in argon2 (more than
    the event loop's default pool has threads) leave creating and playing games alone."""
    gate, threads, answers = stuck_logins(app, client, 12, started=1)
    try:
        game = within(10, create, client)
        seat = 0
        mine = within(10, view, client, game["id"], seat, game["seats"][seat]["token"])
        answer = within(10, client.post, f"/api/games/{game['id']}/actions", json={
            "seat": seat, "token": game["seats"][seat]["token"],
            "action": mine["legal"][0]["name"], "step": mine["step"]})
        assert answer.status_code == 200, answer.text
        assert not answers   # the logins are still hashing meanwhile
    finally:
        gate.set()
        for thread in threads:
            thread.join(30)
    assert sorted(a.status_code for a in answers) == [401] * 12


def test_logins_past_the_hashing_queue_are_refused_at_once(db_url: str) -> None:
    config = SocialConfig(accounts=AccountConfig(hash_workers=1, hash_queue=2))
    app = create_app(db_url, bot_workers=1, limits=Limits.off(), social_config=config)
    with TestClient(app, base_url="https://testserver") as client:
        gate, threads, answers = stuck_logins(app, client, 3, started=1)
        try:
            refused = within(10, client.post, "/api/account/login",
                             json={"username": "late", "password": PASSWORD})
            assert refused.status_code == 503
            assert refused.json()["error"]["code"] == "busy"
            assert refused.headers["retry-after"] == "2"
        finally:
            gate.set()
            for thread in threads:
                thread.join(30)
        assert sorted(a.status_code for a in answers) == [401] * 3


def test_logging_in_again_ends_the_session_it_replaces(client) -> None:
    """A browser that logs in (again, or to another account) gets a new session; the one
    its cookie held before stayed valid in the store for its whole 30 days, so a copy of
    that cookie (a shared computer, a cookie planted before the login) still opened the
    account. The replaced session now ends at the login."""
    register(client, "Finn")
    old = client.cookies.get(COOKIE)
    answer = client.post("/api/account/login", json={"username": "Finn", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    assert client.cookies.get(COOKIE) != old
    assert username(client) == "Finn"
    client.cookies.set(COOKIE, old)
    assert me(client) is None   # before: Finn
