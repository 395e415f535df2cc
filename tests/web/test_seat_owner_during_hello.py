"""A WebSocket whose hello is being answered when its seat stops being its to open (an
account sits down at it, or the session that opened it ends) is refused, not let in.
Found in session 30 (h177, reading the code): the seat's owner and the session were
checked at the hello's start, and the connections to close were looked for among the
table's (`Social.close_strangers`, `sessions_ended`); a hello still under way (its
session looked up, its whole log rendered in a worker thread: 100s of ms under load)
was among none of them, so it joined after them and received the seat's view, its
hand, all game (an account's sitting down) or until the next look at sessions (15 s).
Here the hello's log is held until the change is made."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.accounts import COOKIE
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from keizai.web.table import Table
from tests.web.conftest import within
from tests.web.social_helpers import new_table, register, token_of

HTTPS = "https://testserver"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url, bot_workers=1, limits=Limits.off(),
                     social_config=SocialConfig(session_check=600.0))
    with TestClient(app, base_url=HTTPS) as test_client:
        yield test_client


class HeldLog:
    """`Table.logged` of the next hello held until `release`; `held` once it waits."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.held, self.released = threading.Event(), threading.Event()
        real = Table.logged

        async def logged(table: Table, conn: Any, by: str) -> Any:
            if not self.held.is_set():
                self.held.set()
                await asyncio.to_thread(self.released.wait, 30)
            return await real(table, conn, by)

        monkeypatch.setattr(Table, "logged", logged)


def answer_to(ws: Any) -> str:
    """The hello's first answer: its refusal's code, or what was let in."""
    first = within(20, ws.receive_json)
    if "error" in first:
        return str(first["error"]["code"])
    hand = first.get("view", {}).get("players", [{}])[0].get("hand")
    return f"let in, hand {bool(hand)}"


def test_an_account_sitting_down_during_a_hello_by_the_link_shuts_it_out(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_table(client, ["human", "human"])   # a guest host's table
    held = HeldLog(monkeypatch)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token_of(created, 0)})
        assert held.held.wait(10)   # the link alone passed the owner check
        csrf = register(client, "alice")
        joined = client.post(f"/api/games/{created['id']}/seats/0/join",
                             json={"token": token_of(created, 0)},
                             headers={"x-csrf-token": csrf})
        assert joined.status_code == 200 and joined.json()["account"] == "alice"
        held.released.set()
        assert answer_to(ws) == "seat_owned"


def test_a_session_ending_during_its_hello_shuts_it_out(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    csrf = register(client, "alice")
    created = new_table(client, ["human", "human"], csrf, own_seat=0)
    held = HeldLog(monkeypatch)
    cookie = {"cookie": f"{COOKIE}={client.cookies[COOKIE]}"}
    with client.websocket_connect(f"/ws/games/{created['id']}", headers=cookie) as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token_of(created, 0),
                      "csrf": csrf})
        assert held.held.wait(10)   # her session passed
        out = client.post("/api/account/logout", headers={"x-csrf-token": csrf})
        assert out.status_code == 200
        held.released.set()
        assert answer_to(ws) == "seat_owned"
