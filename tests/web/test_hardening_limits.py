"""Found by the session-16 attack pass: requests and WebSockets that cost the server
without a limit (measured on PostgreSQL, one process, a finished 企業帝國 game of 606
steps): `/view` 9 ms of server CPU a request (the seat's whole log, 178 KB), a
spectator's WebSocket hello the same, the listing, a summary, the chat, a record and
the ratings 0.4-3 ms each (the database); and 200 WebSockets opened on one's own seat
made every step of that game build and encode 200 views on the event loop."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from keizai.web import create_app
from keizai.web import table as table_module
from keizai.web.app import Limits
from tests.web.conftest import create, hello, live, next_state, tables_of

NO_LIMITS = Limits.off()


@pytest.fixture
def tight(db_url: str) -> Iterator[TestClient]:
    """Every read, view and WebSocket opening: 3 at once, then hardly any more."""
    limits = Limits(create=None, claim=None, act=None, replay=None, read=(3, 0.01),
                    view=(3, 0.01), connect=(3, 0.01), sockets=None)
    with TestClient(create_app(db_url, bot_workers=1, limits=limits)) as client:
        yield client


def refused(response: Any) -> dict[str, Any]:
    assert response.status_code == 429, response.text
    assert int(response.headers["retry-after"]) >= 1
    error = response.json()["error"]
    assert error["code"] == "rate_limited" and error["id"] == "web.err.requests"
    return error


@pytest.mark.parametrize("path", [
    "/api/games", "/api/games/{id}", "/api/games/{id}/record", "/api/games/{id}/chat",
    "/api/games/{id}/view", "/api/leaderboard?game=futuropia", "/api/player?bot=random",
    "/api/player/curve.svg?game=futuropia&bot=random", "/api/account"])
def test_reads_that_cost_the_server_are_rate_limited_per_client(tight, path: str) -> None:
    game = create(tight)
    path = path.format(id=game["id"])
    for _ in range(3):
        assert tight.get(path).status_code != 429
    refused(tight.get(path))


def test_opening_websockets_is_rate_limited_per_client(tight) -> None:
    game = create(tight)
    for _ in range(3):
        with live(tight, game) as ws:
            assert next_state(ws)["type"] == "state"
    with tight.websocket_connect(f"/ws/games/{game['id']}") as ws:
        error = ws.receive_json()["error"]
        assert error["code"] == "rate_limited" and error["id"] == "web.err.requests"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4429


def test_a_client_has_a_bounded_number_of_websockets_open(db_url) -> None:
    limits = Limits(create=None, claim=None, act=None, replay=None, read=None,
                    view=None, connect=None, sockets=4)
    with TestClient(create_app(db_url, bot_workers=1, limits=limits)) as client:
        game = create(client)
        with ExitStack() as stack:
            tabs = [stack.enter_context(live(client, game, 0)) for _ in range(4)]
            for ws in tabs:
                next_state(ws)
            with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
                error = ws.receive_json()["error"]
                assert error["code"] == "too_many_connections"
                assert error["id"] == "web.err.sockets" and error["params"] == {"most": 4}
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
            assert closed.value.code == 4429
            tabs[0].close()
            stack.pop_all().close()
        with live(client, game, 1) as ws:   # closed ones are counted out
            assert next_state(ws)["seat"] == 1


def test_a_players_many_tabs_cost_one_view_per_step(db_url, monkeypatch) -> None:
    """Twenty WebSockets on one seat and ten spectators: a step encodes the seat's view
    once and the public view once, and every tab gets its seat's view."""
    with TestClient(create_app(db_url, bot_workers=1, limits=NO_LIMITS)) as client:
        game = create(client)
        encoded: list[int | None] = []
        real = table_module.encode

        def counting(message: dict[str, Any]) -> str:
            encoded.append(message.get("seat"))
            return real(message)

        with ExitStack() as stack:
            tabs = [stack.enter_context(live(client, game, 0)) for _ in range(20)]
            first, *_ = [next_state(ws) for ws in tabs]   # each tab's first view
            watchers = [stack.enter_context(live(client, game)) for _ in range(10)]
            for ws in watchers:
                next_state(ws)
            monkeypatch.setattr(table_module, "encode", counting)
            tabs[0].send_json({"type": "act", "action": first["legal"][0]["name"],
                               "step": 0})
            moved = [next_state(ws, lambda m: m["step"] == 1) for ws in tabs]
            seen = [next_state(ws, lambda m: m["step"] == 1) for ws in watchers]
            assert sorted(encoded, key=str) == [0, None]
        table = tables_of(client).get(game["id"])
        assert all(m["view"] == table.state.view(0) and m["seat"] == 0 for m in moved)
        assert all(m == moved[0] for m in moved)
        assert all(m["view"] == table.state.view(None) for m in seen)


def test_refusals_do_not_hold_a_place(db_url) -> None:
    """A WebSocket refused for its game (4404) or its hello leaves the count."""
    limits = Limits(create=None, claim=None, act=None, replay=None, read=None,
                    view=None, connect=None, sockets=2)
    with TestClient(create_app(db_url, bot_workers=1, limits=limits)) as client:
        game = create(client)
        for _ in range(5):
            with client.websocket_connect("/ws/games/0123456789ab") as ws:
                assert ws.receive_json()["error"]["code"] == "not_found"
            with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
                ws.send_json(hello(0, "not the token"))
                assert ws.receive_json()["error"]["code"] == "forbidden"
        with ExitStack() as stack:
            for seat in (0, 1):
                ws = stack.enter_context(live(client, game, seat))
                assert next_state(ws)["seat"] == seat


def test_a_client_stores_a_bounded_number_of_chat_messages(db_url) -> None:
    """Every chat message is a row kept for good. Each seat may say 5 per 10 s, so a
    client holding a game's four seats and its host token stored 25 at once, and with
    more games the actions' 15 a second (1.3 million rows a day); a client now says 20
    at once, then one a second."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits())) as client:
        answers = []
        started = time.monotonic()
        for _ in range(2):
            game = create(client, seats=["human"] * 4)
            speakers = [(seat["seat"], seat["token"]) for seat in game["seats"]]
            speakers.append((None, game["host_token"]))
            for seat, token in speakers:
                for number in range(5):
                    answers.append(client.post(
                        f"/api/games/{game['id']}/chat", headers={"x-keizai-token": token},
                        json={"text": f"message {number}", **(
                            {"seat": seat} if seat is not None else {})}).status_code)
        refilled = int(time.monotonic() - started)   # one a second (a loaded machine)
        assert answers[:20] == [201] * 20 and answers.count(201) <= 20 + refilled, answers
        assert set(answers) == {201, 429}
