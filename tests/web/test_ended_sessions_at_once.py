"""A WebSocket to an account's seat is closed as soon as the session it was opened with
ends, on every server process. Found in session 30 (h177, reading the code after h168's
note): a connection's session was looked up every `SocialConfig.session_check` seconds
(15), and only the process that took a logout closed that session's connections at
once; so for up to 15 s after a logout through another process the socket went on
receiving the seat's hand and taking its moves. Nor did a login in the same browser,
which ends the session the browser held, close that session's connections on any
process. Now an ended session is told to every process (PostgreSQL NOTIFY) and the
process that ended it closes its connections at once. Here the periodic look is set
to 10 minutes, so that it closes nothing during the test.

h186 (session 30) found two more ways a session ended without a word: a login deletes
the expired sessions and the account's oldest past MAX_SESSIONS (`create_session`), and
a process whose LISTEN connection was lost missed the notices sent meanwhile (it read
the held games' rows again, not the sessions)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from keizai.store.social import MAX_SESSIONS, now, sessions
from keizai.web import create_app
from keizai.web.accounts import COOKIE, session_id
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.postgres import unavailable_reason
from tests.web.conftest import within
from tests.web.social_helpers import PASSWORD, new_table, register, token_of
from tests.web.test_hardening_ended_sessions import first_refusal

HTTPS = "https://testserver"
NEVER = SocialConfig(session_check=600.0)   # no periodic look within the test


def app_on(database: str) -> Any:
    return create_app(database, bot_workers=1, limits=Limits.off(), social_config=NEVER)


@contextmanager
def alice_s_seat_open(client: TestClient, through: TestClient, csrf: str) -> Iterator[Any]:
    """A table alice (`client`'s session, its `csrf`) created with her own seat 0, its
    WebSocket opened with her session through `through`: once it has her hand."""
    game = new_table(client, ["human", "human"], csrf, own_seat=0)
    cookie = {"cookie": f"{COOKIE}={client.cookies[COOKIE]}"}
    with through.websocket_connect(f"/ws/games/{game['id']}", headers=cookie) as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token_of(game, 0), "csrf": csrf})
        assert ws.receive_json()["view"]["players"][0]["hand"]
        yield ws


def closed_as_ended(ws: Any) -> str:
    """The code of the refusal the socket got (within 10 s) before it was closed."""
    refusal = within(10, first_refusal, ws)
    with pytest.raises(WebSocketDisconnect):
        ws.receive_json()
    return str(refusal["error"]["code"])


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_a_logout_through_one_process_closes_the_session_s_socket_on_another(
        own_database: str) -> None:
    with TestClient(app_on(own_database), base_url=HTTPS) as first, \
            TestClient(app_on(own_database), base_url=HTTPS) as second:
        csrf = register(first, "alice")
        with alice_s_seat_open(first, second, csrf) as ws:
            out = first.post("/api/account/logout", headers={"x-csrf-token": csrf})
            assert out.status_code == 200
            assert closed_as_ended(ws) == "seat_owned"


def test_a_login_in_the_same_browser_closes_the_replaced_session_s_socket(
        db_url: str) -> None:
    """Bob logs in where alice was logged in (a shared computer): her session ends, and
    her seat's socket with it."""
    with TestClient(app_on(db_url), base_url=HTTPS) as client:
        bob = register(client, "bob")
        assert client.post("/api/account/logout",
                           headers={"x-csrf-token": bob}).status_code == 200
        csrf = register(client, "alice")
        with alice_s_seat_open(client, client, csrf) as ws:
            logged_in = client.post("/api/account/login",
                                    json={"username": "bob", "password": PASSWORD})
            assert logged_in.status_code == 200, logged_in.text
            assert closed_as_ended(ws) == "seat_owned"


@pytest.mark.parametrize("deleted", ["oldest", "expired"])
def test_a_session_another_login_deletes_closes_its_socket(db_url: str,
                                                            deleted: str) -> None:
    """`oldest`: alice logs in MAX_SESSIONS times elsewhere (each without a cookie), and
    the last login ends her first session; `expired`: her session has expired, and bob's
    login deletes it."""
    app = app_on(db_url)
    with TestClient(app, base_url=HTTPS) as client:
        csrf = register(client, "alice")
        alice = session_id(client.cookies[COOKIE])
        with alice_s_seat_open(client, client, csrf) as ws:
            if deleted == "oldest":
                for _ in range(MAX_SESSIONS):
                    client.cookies.clear()
                    logged_in = client.post("/api/account/login",
                                            json={"username": "alice", "password": PASSWORD})
                    assert logged_in.status_code == 200, logged_in.text
            else:
                app.state.social.db.expire_session(alice, now() - timedelta(1))
                client.cookies.clear()
                register(client, "bob")
            assert closed_as_ended(ws) == "seat_owned"
        assert app.state.social.db.session(alice) is None


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_a_session_ended_while_a_process_did_not_listen_closes_its_socket_as_it_listens(
        own_database: str) -> None:
    """Alice's session is deleted with no notice, as one whose notice was sent while the
    second process's LISTEN connection was lost; as that connection is made again, the
    process catches up (`Tables._catch_up`, which its listener calls)."""
    app = app_on(own_database)
    with TestClient(app_on(own_database), base_url=HTTPS) as first, \
            TestClient(app, base_url=HTTPS) as second:
        csrf = register(first, "alice")
        alice = session_id(first.cookies[COOKIE])
        with alice_s_seat_open(first, second, csrf) as ws:
            with app.state.social.db.engine.begin() as conn:
                conn.execute(sessions.delete().where(sessions.c.id == alice))
            portal: Any = second.portal   # the second process's event loop
            portal.call(app.state.tables._catch_up)
            assert closed_as_ended(ws) == "seat_owned"


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_a_session_a_login_deletes_closes_its_socket_on_another_process(
        own_database: str) -> None:
    """Alice's socket is opened through the second process and her session has expired;
    bob's login through the first deletes it and tells the second (`ended:` notice)."""
    app = app_on(own_database)
    with TestClient(app, base_url=HTTPS) as first, \
            TestClient(app_on(own_database), base_url=HTTPS) as second:
        csrf = register(first, "alice")
        alice = session_id(first.cookies[COOKIE])
        with alice_s_seat_open(first, second, csrf) as ws:
            app.state.social.db.expire_session(alice, now() - timedelta(1))
            first.cookies.clear()
            register(first, "bob")
            assert closed_as_ended(ws) == "seat_owned"
