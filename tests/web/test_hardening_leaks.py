"""What the server says must not reach anyone it was not meant for, through a cache either.

Found by the session-21 attack pass: no answer of the API said how it may be cached, so
a cache between the players and the server (a reverse proxy or CDN set up to cache, a
shared computer's browser cache) was free to keep a seat's view (its hand), the tokens
of a new game, a claimed seat or a rematch's seat, and an account's invite links and
CSRF token, and a URL-keyed cache to hand `/view?seat=0` to the next person asking for
it without the seat's token."""

from __future__ import annotations

import logging
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from keizai.web import create_app
from keizai.web.accounts import COOKIE
from keizai.web.app import Limits
from tests.web.conftest import within
from tests.web.social_helpers import new_table, play_out, register, token_of


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off()),
                    base_url="https://testserver") as test_client:
        yield test_client


def never_stored(response) -> None:
    assert "no-store" in response.headers.get("cache-control", ""), (
        response.request.url, response.headers.get("cache-control"))


def test_answers_with_tokens_views_or_sessions_are_never_stored_by_a_cache(client) -> None:
    registered = client.post("/api/account/register",
                             json={"username": "cached", "password": "not in any cache"})
    never_stored(registered)
    csrf = registered.json()["csrf"]
    created = client.post("/api/tables", headers={"x-csrf-token": csrf}, json={
        "game": "national-economy/mecenat", "seats": ["human", "open"]})
    never_stored(created)
    game = created.json()
    seat_view = client.get(f"/api/games/{game['id']}/view", params={"seat": 0},
                           headers={"x-keizai-token": token_of(game, 0)})
    assert seat_view.json()["view"]["players"][0]["hand"]   # the seat's own hand
    never_stored(seat_view)
    never_stored(client.get(f"/api/games/{game['id']}/view"))
    claimed = client.post(f"/api/games/{game['id']}/seats/1/claim")
    assert claimed.json()["token"]
    never_stored(claimed)
    account = client.get("/api/account")
    assert account.json()["account"]["csrf"] == csrf
    never_stored(account)
    never_stored(client.post("/api/account/login",
                             json={"username": "cached", "password": "not in any cache"}))
    never_stored(client.get(f"/api/games/{game['id']}/view", params={"seat": 0},
                            headers={"x-keizai-token": "wrong"}))   # a refusal too


def test_a_rematchs_seat_token_is_never_stored_by_a_cache(client) -> None:
    game = new_table(client, ["human", "random"], register(client, "rematcher"))
    tokens = {0: token_of(game, 0)}
    assert play_out(client, game["id"], tokens)["over"]
    assert client.post(f"/api/games/{game['id']}/rematch",
                       json={"token": tokens[0]}).status_code == 200
    seat = client.post(f"/api/games/{game['id']}/rematch/seat",
                       json={"seat": 0, "token": tokens[0]})
    assert seat.json()["token"]
    never_stored(seat)


def test_the_creator_of_a_game_holds_no_token_of_its_open_seats(client) -> None:
    """Found by the session-21 attack pass: creating a game answered every person's seat
    with its token, an open seat's too, which the lobby then gives to the first stranger
    who joins: the creator read that player's hand all game (`/view`, the WebSocket) and
    could move for them, and so could the host account on its account page (its hosted
    tables listed every person's seat), in the rematch as well. The page never used an
    open seat's token (it shows invite links of the invited seats only)."""
    csrf = register(client, "opener")
    created = new_table(client, ["human", "open"], csrf)
    assert "token" not in created["seats"][1]
    game_id = created["id"]
    theirs = client.post(f"/api/games/{game_id}/seats/1/claim").json()["token"]

    def host_holds(token: str) -> bool:
        answer = client.get("/api/account").json()["account"]
        return token in str(answer["hosted"]) or token in str(created)

    assert not host_holds(theirs)
    for token in (created["host_token"], token_of(created, 0)):
        refused = client.get(f"/api/games/{game_id}/view", params={"seat": 1},
                             headers={"x-keizai-token": token})
        assert refused.status_code == 403
    assert play_out(client, game_id, {0: token_of(created, 0), 1: theirs})["over"]
    rematch = client.post(f"/api/games/{game_id}/rematch",
                          json={"token": created["host_token"]}).json()["id"]
    again = client.post(f"/api/games/{game_id}/rematch/seat", json={"seat": 1, "token": theirs})
    assert again.json()["id"] == rematch
    assert not host_holds(again.json()["token"])
    assert client.post(f"/api/games/{game_id}/rematch/seat", json={
        "seat": 1, "token": token_of(created, 0)}).status_code == 403
    mine = client.post(f"/api/games/{game_id}/rematch/seat",
                       json={"seat": 0, "token": token_of(created, 0)}).json()["token"]
    assert host_holds(mine)   # the host's own seat is still on its account page


def test_a_token_a_client_puts_in_an_address_is_not_logged(tmp_path) -> None:
    """Found by the session-21 attack pass, playing every game with bots, hand-overs,
    chat, undo, rematch and refusals against `keizai serve --log-level info` and reading
    its log: no hand, seed, password or cookie, but the request line of each request
    that sent a seat's token in its query string, which the server refuses for that very
    reason (it would land in logs), was logged with the token (uvicorn's access log, and
    its line for a WebSocket opened so)."""
    from websockets.sync.client import connect

    from tests.web.live_server import LiveServer, http

    live = LiveServer(f"sqlite:///{tmp_path / 'logs.sqlite3'}", tmp_path / "server.log",
                      extra=("--no-rate-limits", "--log-level", "info")).start()
    try:
        game = http().post(f"{live.url}/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
        token = token_of(game, 0)
        refused = http().get(f"{live.url}/api/games/{game['id']}/view",
                             params={"seat": 0, "token": token})
        assert refused.status_code == 400
        address = f"ws://127.0.0.1:{live.port}/ws/games/{game['id']}?seat=1&Token="
        with connect(address + token_of(game, 1)) as ws:
            assert "invalid_request" in ws.recv(timeout=10)
    finally:
        live.stop()
    logged = (tmp_path / "server.log").read_text()
    assert f"/api/games/{game['id']}/view?seat=0&token=" in logged   # the line is there
    assert f"/ws/games/{game['id']}?seat=1&Token=" in logged
    for secret in (token, token_of(game, 1), game["host_token"]):
        assert secret not in logged


def test_a_seat_an_account_sat_down_at_opens_for_that_account_alone(db_url: str) -> None:
    """Found by the session-21 attack pass: an invited seat is its link, and the host
    keeps every invited seat's link (its account page lists them). At a rated table of
    two accounts, the host account opened the seat its opponent had sat down at and
    read the opponent's hand all game, and could move, undo, chat and hand the seat to a
    bot for them. A seat an account sat down at now opens only with that account's
    session: its link alone is refused, `seat_owned` ("log in to it")."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app, base_url="https://testserver") as host, \
            TestClient(app, base_url="https://testserver") as guest:
        csrf = register(host, "hosting")
        game = new_table(host, ["human", "human"], csrf)
        game_id, theirs = game["id"], token_of(game, 1)
        for seat, client, name in ((0, host, None), (1, guest, "invited")):
            headers = {"x-keizai-token": token_of(game, seat)}
            if name is not None:
                headers["x-csrf-token"] = register(client, name)
            else:
                headers["x-csrf-token"] = csrf
            assert client.post(f"/api/games/{game_id}/seats/{seat}/join", json={},
                               headers=headers).status_code == 200
        listed = host.get("/api/account").json()["account"]["hosted"][0]["invites"]
        assert {i["seat"]: i["token"] for i in listed}[1] == theirs   # still the host's
        url = f"/api/games/{game_id}"
        hand = guest.get(f"{url}/view", params={"seat": 1}, headers={"x-keizai-token": theirs})
        assert hand.status_code == 200
        refused = [
            host.get(f"{url}/view", params={"seat": 1}, headers={"x-keizai-token": theirs}),
            host.post(f"{url}/actions", json={"seat": 1, "token": theirs, "action": "x"}),
            host.post(f"{url}/undo", json={"seat": 1, "token": theirs}),
            host.post(f"{url}/seats/1/bot", json={"token": theirs}),
            host.post(f"{url}/chat", json={"seat": 1, "token": theirs, "text": "I resign"}),
            host.post(f"{url}/rematch/seat", json={"seat": 1, "token": theirs})]
        for answer in refused:
            assert answer.status_code == 409, (answer.request.url, answer.text)
            assert answer.json()["error"]["code"] == "seat_owned"
        for client, opens in ((host, False), (guest, True)):
            # the test client opens WebSockets as ws://, where no Secure cookie goes; a
            # browser on https sends the session's cookie with the handshake, and the
            # page its CSRF token in the hello (tests/web/test_cross_site.py)
            cookie = {"cookie": f"{COOKIE}={client.cookies[COOKIE]}"}
            own_csrf = client.get("/api/account").json()["account"]["csrf"]
            with client.websocket_connect(f"/ws/games/{game_id}", headers=cookie) as ws:
                ws.send_json({"type": "hello", "seat": 1, "token": theirs,
                              "csrf": own_csrf})
                answer = ws.receive_json()
                if opens:
                    assert answer["view"]["players"][1]["hand"]
                else:
                    assert answer["error"]["code"] == "seat_owned"
        guest.cookies.clear()   # the player's own link in a browser not logged in
        assert guest.get(f"{url}/view", params={"seat": 1},
                         headers={"x-keizai-token": theirs}).status_code == 409


def first_other_than_news(ws) -> dict:
    """The first message that is not a state or presence message."""
    while (message := ws.receive_json()).get("type") in ("state", "presence"):
        pass
    return message


def test_a_connection_opened_before_an_account_sat_down_is_closed(db_url: str) -> None:
    """The host opens the invited seat's WebSocket with its link before the invited
    account sits down, and keeps it open: it would go on receiving that seat's view (its
    hand) all game. When an account sits down at a seat, the connections opened on it
    without that account's session get the refusal and are closed."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app, base_url="https://testserver") as host, \
            TestClient(app, base_url="https://testserver") as guest:
        game = new_table(host, ["human", "human"], register(host, "early"))
        game_id, theirs = game["id"], token_of(game, 1)
        with host.websocket_connect(f"/ws/games/{game_id}") as early:
            early.send_json({"type": "hello", "seat": 1, "token": theirs})
            assert early.receive_json()["view"]["players"][1]["hand"]
            csrf = register(guest, "latecomer")
            cookie = {"cookie": f"{COOKIE}={guest.cookies[COOKIE]}"}
            with guest.websocket_connect(f"/ws/games/{game_id}", headers=cookie) as own:
                own.send_json({"type": "hello", "seat": 1, "token": theirs, "csrf": csrf})
                assert own.receive_json()["type"] == "state"
                assert guest.post(f"/api/games/{game_id}/seats/1/join", json={},
                                  headers={"x-keizai-token": theirs,
                                           "x-csrf-token": csrf}).status_code == 200
                message = within(10, first_other_than_news, early)
                assert message["error"]["code"] == "seat_owned"
                with pytest.raises(WebSocketDisconnect):
                    early.receive_json()
                assert own.receive_json()["seats"][1]["account"] == "latecomer"


def test_a_bots_move_the_store_refused_is_not_logged(db_url: str, caplog) -> None:
    """A bot's decision is a card from its hand as often as not ("build:…"): when the
    database refused to store it, the server logged "bot move build:… refused", handing
    the hidden card to whoever reads the log. Found by the session-21 attack pass
    reading every log call of the web package."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    tables = app.state.tables
    decided: list[str] = []
    choose, append = tables.settings.pool.choose, tables.store.append

    async def remembered(*args: Any, **kwargs: Any) -> str:
        decided.append(await choose(*args, **kwargs))
        return decided[-1]

    async def failing_once(*args: Any, **kwargs: Any) -> int:
        if len(decided) == 1:
            raise OSError("disk full")
        return await append(*args, **kwargs)

    tables.settings.pool.choose, tables.store.append = remembered, failing_once
    with caplog.at_level(logging.INFO, logger="keizai"), TestClient(app) as client:
        game = client.post("/api/games", json={"game": "national-economy/mecenat",
                                               "seats": ["random", "human"]}).json()
        deadline = time.monotonic() + 20
        while client.get(f"/api/games/{game['id']}").json()["step"] < 1:
            assert time.monotonic() < deadline, "the bot never moved"
            time.sleep(0.05)
    assert "refused" in caplog.text and decided
    for name in decided:
        assert name not in caplog.text
