"""A WebSocket's state message carries at most `LOG_PART` entries of its seat's log and
says how many there are (`event_count`); the page asks for each next part ({"type":
"log"}), which counts as a connect; and an IPv6 /48 has 4 clients' connects, not 16.
Until session 30 every hello carried the whole log: 16 /64s of one /48 opening
spectators' sockets to a 1,177-step 企業帝國 game were served 38 hellos a second of 3,176
events each, and an honest player's hello waited a quarter of a second (docs/web.md,
Rate limits)."""

from __future__ import annotations

import dataclasses
import math
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import keizai
from keizai import i18n
from keizai.engine.rng import Rng
from keizai.store.db import SeatRow, Store
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.networks import WIDE_SHARE
from keizai.web.table import LOG_PART
from tests.web.test_hardening_bots import from_address

GAME_ID = "0123456789cd"


def long_finished_game() -> dict[str, Any]:
    """The record of a finished 4-player 企業帝國 game of random moves (about 2,000 log
    entries)."""
    state = keizai.new_game("enterprise-empire", 4, 1)
    state.play_out(Rng(1))
    return state.record()


def stored_with_people(url: str, game_id: str, record: dict[str, Any]) -> None:
    """`record` stored in the database at `url` as `game_id`, four people's seats
    (`token<n>`)."""
    store = Store(url)
    try:
        store.create_game(game_id, record, "host", [
            SeatRow(seat, "human", None, f"token{seat}", True) for seat in range(4)])
    finally:
        store.close()


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return long_finished_game()


@pytest.fixture
def app(db_url: str, record: dict[str, Any]) -> Any:
    """The game stored with four people's seats, on an app without limits."""
    stored_with_people(db_url, GAME_ID, record)
    return create_app(db_url, bot_workers=1, limits=Limits.off())


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def hello(seat: int | None, since: int, lines: bool = False) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "since": since, "log": lines}
    if seat is not None:
        message.update(seat=seat, token=f"token{seat}")
    return message


def in_parts(ws: Any, since: int) -> tuple[list[Any], list[Any], int]:
    """The log a page holding `since` entries gets, asking for every next part: the
    entries from `since` on, their English lines (when asked) and the state messages."""
    events: list[Any] = []
    lines: list[Any] = []
    messages = 0
    while True:
        message = ws.receive_json()
        assert message["type"] == "state", message
        messages += 1
        assert message["log_from"] == since + len(events)
        assert len(message["events"]) <= LOG_PART
        events += message["events"]
        lines += message.get("log", [])
        if since + len(events) >= message["event_count"]:
            assert since + len(events) == message["event_count"]
            return events, lines, messages
        ws.send_json({"type": "log"})


@pytest.mark.parametrize("seat", [None, 0, 3])
@pytest.mark.parametrize("since", [0, 700])
def test_a_hello_s_log_comes_in_parts_of_the_seat_s_whole_log(
        client: TestClient, record: dict[str, Any], seat: int | None, since: int) -> None:
    whole = [i18n.to_json(entry) for entry in keizai.replay(record).events(seat)]
    assert len(whole) > 3 * LOG_PART   # a game long enough to tell
    with client.websocket_connect(f"/ws/games/{GAME_ID}") as ws:
        ws.send_json(hello(seat, since))
        events, _lines, messages = in_parts(ws, since)
        # exactly what the whole hello carried for that seat, no more
        assert events == whole[since:]
        assert messages == math.ceil((len(whole) - since) / LOG_PART)
        ws.send_json({"type": "log"})   # holding it all: nothing more is sent
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_the_english_lines_come_in_the_same_parts(client: TestClient,
                                                   record: dict[str, Any]) -> None:
    state = keizai.replay(record)
    with client.websocket_connect(f"/ws/games/{GAME_ID}") as ws:
        ws.send_json(hello(1, 0, lines=True))
        events, lines, _messages = in_parts(ws, 0)
    assert events == [i18n.to_json(entry) for entry in state.events(1)]
    assert lines == [i18n.render(entry) for entry in state.events(1)]


def test_a_view_still_carries_the_whole_log(client: TestClient) -> None:
    view = client.get(f"/api/games/{GAME_ID}/view", params={"seat": "2"},
                      headers={"x-keizai-token": "token2"}).json()
    assert view["log_from"] == 0 and len(view["events"]) == view["event_count"]
    assert view["event_count"] > LOG_PART


def test_each_part_asked_counts_as_a_connect(db_url: str, app: Any) -> None:
    """Connects 3 at once: the hello and two parts, then a part is refused (the socket
    stays and asks again later)."""
    app = create_app(db_url, bot_workers=1,
                     limits=dataclasses.replace(Limits.off(), connect=(3, 1e-6)))
    with TestClient(app) as client, client.websocket_connect(f"/ws/games/{GAME_ID}") as ws:
        ws.send_json(hello(None, 0))
        assert len(ws.receive_json()["events"]) == LOG_PART
        for _ in range(2):
            ws.send_json({"type": "log"})
            assert ws.receive_json()["log_from"] > 0
        ws.send_json({"type": "log"})
        refusal = ws.receive_json()
        assert refusal["type"] == "error" and refusal["error"]["code"] == "rate_limited"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_the_clients_of_one_ipv6_48_share_four_clients_connects(db_url: str,
                                                                  app: Any) -> None:
    """Two connects per client: 16 /64s of one /48 opening three spectators' sockets
    each are let in 8 times (before: 32); another /48 keeps its own."""
    app = create_app(db_url, bot_workers=1,
                     limits=dataclasses.replace(Limits.off(), connect=(2, 1e-6)))
    one_48 = [f"2001:db8:5:{n:x}::1" for n in range(WIDE_SHARE)]

    def opened(address: str) -> str:
        with asker.websocket_connect(f"/ws/games/{GAME_ID}",
                                      headers={"x-test-client": address}) as ws:
            ws.send_json(hello(None, 0))
            message = ws.receive_json()
            return "state" if message.get("type") == "state" else message["error"]["code"]

    with TestClient(from_address(app)) as asker:
        answers = [opened(address) for address in one_48 * 3]
        assert answers.count("state") == 4 * 2
        assert set(answers[8:]) == {"rate_limited"}
        assert opened("2001:db8:6::1") == "state"
