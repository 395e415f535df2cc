"""Found by the session-27 attack pass: a NUL character in a name looked up was a
database failure on PostgreSQL.

PostgreSQL's text holds no NUL, and psycopg refuses to send one, so `GET
/api/player?name=a%00b`, `?bot=`, the leaderboard's and the rating curve's `game`, and a
login's username holding one each answered 503 `storage_error` ("the database is not
answering; … try again"), to a request that names nothing stored; a login so was not
counted either. Nothing stored holds a NUL, so such a lookup now finds nothing, on
SQLite and PostgreSQL alike: the player is not found, the leaderboard and the curve are
empty, the login is refused as any unknown name's."""

from __future__ import annotations

from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.social_helpers import PASSWORD, register


def test_a_nul_in_a_name_looked_up_finds_nothing(database_url: str) -> None:
    app = create_app(database_url, bot_workers=1, limits=Limits.off())
    with TestClient(app, base_url="https://testserver") as client:
        register(client, "nulcheck")
        client.post("/api/account/logout", headers={
            "x-csrf-token": client.get("/api/account").json()["account"]["csrf"]})
        for params in ({"name": "nulcheck\x00"}, {"bot": "random\x00"}):
            found = client.get("/api/player", params=params)
            assert found.status_code == 404, found.text
            assert found.json()["error"]["code"] == "not_found"
        board = client.get("/api/leaderboard", params={"game": "futuropia\x00"})
        assert board.status_code == 200, board.text
        assert board.json()["players"] == []
        curve = client.get("/api/player/curve.svg",
                           params={"game": "futuropia\x00", "bot": "random"})
        assert curve.status_code == 200, curve.text
        assert curve.headers["content-type"].startswith("image/svg+xml")
        login = client.post("/api/account/login",
                            json={"username": "nulcheck\x00", "password": PASSWORD})
        assert login.status_code == 401, login.text
        assert login.json()["error"]["code"] == "bad_credentials"
        # the account itself still logs in
        assert client.post("/api/account/login", json={
            "username": "nulcheck", "password": PASSWORD}).status_code == 200
