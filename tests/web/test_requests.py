"""Issue #12, finding 9: malformed and hostile requests are refused cleanly, every answer
carries the security headers, a database outage is a 503, tokens stay out of addresses."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import postgres_control, unavailable_reason
from tests.web.conftest import create, live, next_state

JSON = {"content-type": "application/json"}
NESTED = b"[" * 5000 + b"]" * 5000          # 10 KB, 5,000 levels
NESTED_OBJECT = b'{"a":' * 5000 + b"1" + b"}" * 5000


def error_of(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code
    return response.json()


def test_deeply_nested_json_is_a_400_not_a_500(client) -> None:
    game = create(client)
    url = f"/api/games/{game['id']}/actions"
    for body in (NESTED, NESTED_OBJECT, b'{"action": ' + b"[" * 40 + b"]" * 40 + b"}"):
        error_of(client.post(url, content=body, headers=JSON), 400, "bad_json")
        error_of(client.post("/api/games", content=body, headers=JSON), 400, "bad_json")
    assert client.get("/api/games").json()["games"][0]["step"] == 0


def test_deeply_nested_json_over_a_websocket_is_an_error_reply(client) -> None:
    game = create(client)
    with live(client, game, 0) as ws:
        next_state(ws)
        ws.send_text(NESTED_OBJECT.decode()[:8000])    # under the size limit, still deep
        assert next_state(ws, lambda m: False)["error"]["code"] == "bad_json"
        ws.send_json({"type": "ping"})                 # the connection is still there
        assert ws.receive_json() == {"type": "pong"}


def test_numbers_are_strict(client) -> None:
    game = create(client)
    token = game["seats"][0]["token"]
    view = client.get(f"/api/games/{game['id']}/view", params={"seat": 0},
                      headers={"x-keizai-token": token}).json()
    name = view["legal"][0]["name"]
    url = f"/api/games/{game['id']}/actions"
    for extra in ({"step": True}, {"step": 0.0}, {"step": "0"}, {"step": -1}):
        error_of(client.post(url, json={"seat": 0, "token": token, "action": name, **extra}),
                 400, "invalid_request")
    for seat in (True, 0.0, "0"):
        error_of(client.post(url, json={"seat": seat, "token": token, "action": name}),
                 400, "invalid_request")
    error_of(client.post("/api/games", json={"game": "futuropia", "seats": ["human", "human"],
                                             "players": True}), 400, "invalid_request")
    assert client.get(f"/api/games/{game['id']}").json()["step"] == 0


def test_replay_refuses_a_seat_the_game_does_not_have(client) -> None:
    game = create(client, seats=["random", "random"])
    table = client.app.state.tables.get(game["id"])
    with live(client, game) as ws:
        next_state(ws, lambda m: m["over"])
    assert table.state.is_over
    url = f"/api/games/{game['id']}/replay"
    error_of(client.get(url, params={"step": 1, "seat": 7}), 400, "invalid_request")
    error_of(client.get(url, params={"step": 1, "seat": 2}), 400, "invalid_request")
    assert client.get(url, params={"step": 1, "seat": 1}).status_code == 200


@pytest.mark.parametrize("path", ["/", "/api/catalog", "/api/nothing", "/static/app.js"])
def test_security_headers_on_every_answer(client, path: str) -> None:
    headers = client.get(path).headers
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    # a page of another site that opened this one (window.open) holds no handle on it
    assert headers["cross-origin-opener-policy"] == "same-origin"


def test_head_of_the_page(client) -> None:
    response = client.head("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")


def test_bodies_must_be_json(client) -> None:
    game = create(client)
    body = b'{"game": "futuropia", "seats": ["human"]}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        error_of(client.post("/api/games", content=body, headers={"content-type": kind}),
                 415, "unsupported_media_type")
    error_of(client.post(f"/api/games/{game['id']}/actions", content=b"{}"),
             415, "unsupported_media_type")
    assert len(client.get("/api/games").json()["games"]) == 1


def test_tokens_never_travel_in_addresses(client) -> None:
    game = create(client)
    token = game["seats"][0]["token"]
    error_of(client.get(f"/api/games/{game['id']}/view", params={"seat": 0, "token": token}),
             400, "invalid_request")
    with client.websocket_connect(f"/ws/games/{game['id']}?seat=0&token={token}") as ws:
        assert ws.receive_json()["error"]["code"] == "invalid_request"
    with live(client, game, 0) as ws:   # the hello message opens the seat
        assert next_state(ws)["seat"] == 0


def test_a_websocket_must_say_hello_first(client) -> None:
    game = create(client)
    with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        ws.send_json({"type": "act", "action": "place:school"})
        assert ws.receive_json()["error"]["code"] == "invalid_request"
    assert client.get(f"/api/games/{game['id']}").json()["step"] == 0


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_a_database_outage_is_a_503_storage_error() -> None:
    with postgres_control() as server, \
            TestClient(create_app(server.url, bot_workers=1, limits=Limits.off())) as client:
        game = create(client)
        token = game["seats"][0]["token"]
        view = client.get(f"/api/games/{game['id']}/view", params={"seat": 0},
                          headers={"x-keizai-token": token}).json()
        server.stop()
        body = {"game": "futuropia", "seats": ["human", "random"]}
        error_of(client.post("/api/games", json=body), 503, "storage_error")
        error_of(client.post(f"/api/games/{game['id']}/actions", json={
            "seat": 0, "token": token, "action": view["legal"][0]["name"]}),
            503, "storage_error")
        error_of(client.get("/api/games"), 503, "storage_error")
        server.start()
        # The pool's old connections fail once (storage_error again), then it reconnects.
        first = client.post("/api/games", json=body).status_code
        assert first in (201, 503)
        if first == 503:
            assert client.post("/api/games", json=body).status_code == 201
        assert client.post(f"/api/games/{game['id']}/actions", json={
            "seat": 0, "token": token, "action": view["legal"][0]["name"]}
            ).json() == {"ok": True, "step": 1}


def test_a_seat_in_other_digits_is_a_400(client) -> None:
    """Found by the session-13 attack pass: "²" is a digit to `str.isdigit`, so the seat
    reached `int` and the answer was a 500 (and "٠", Arabic-Indic zero, was seat 0)."""
    game = create(client, seats=["random", "random"])
    with live(client, game) as ws:
        next_state(ws, lambda m: m["over"])
    for seat in ("²", "¹", "٠", "１"):
        for path, params in (("view", {"seat": seat}), ("replay", {"step": 1, "seat": seat})):
            answer = client.get(f"/api/games/{game['id']}/{path}", params=params)
            assert answer.status_code == 400, (seat, path, answer.text)
            assert answer.json()["error"]["code"] == "invalid_request"
    assert client.get(f"/api/games/{game['id']}/replay",
                      params={"step": 1, "seat": "0"}).status_code == 200


def test_a_body_that_never_finishes_is_a_408(monkeypatch) -> None:
    """Found by the session-13 attack pass: a POST whose body stopped half-way held its
    request open for as long as the client liked (122 s and counting)."""
    import asyncio

    from starlette.requests import Request

    from keizai.web import app as web_app
    from keizai.web.errors import ApiError

    async def receive() -> dict:
        if not sent:
            sent.append(True)
            return {"type": "http.request", "body": b'{"action": "pla', "more_body": True}
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    sent: list[bool] = []
    scope = {"type": "http", "method": "POST", "path": "/api/games/x/actions",
             "headers": [(b"content-type", b"application/json")], "query_string": b""}
    monkeypatch.setattr(web_app, "BODY_SECONDS", 0.2)
    with pytest.raises(ApiError) as refused:
        asyncio.run(web_app.read_json(Request(scope, receive)))
    assert (refused.value.status, refused.value.code) == (408, "request_timeout")
