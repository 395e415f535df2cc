"""One client filled the lobby: the listing shows the newest 200 listed games, and one
address created one every 5 s (found by the session-27 attack pass: 17 minutes for the
whole lobby, every other game pushed out), the store not knowing who created a game. The
lobby now lists at most `LOBBY_SHARE` games of one creator, its newest; the creator is
stored as a keyed hash of the client, not its address. Their links still open the games
left out. SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from keizai.store.db import LOBBY_SHARE, games
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.test_hardening_bots import from_address

FLOODER = "203.0.113.7"
PLAYER = "198.51.100.20"


def create(client: TestClient, address: str, visibility: str = "public") -> str:
    response = client.post("/api/tables", headers={"x-test-client": address}, json={
        "game": "national-economy/mecenat", "seats": ["open", "open"],
        "visibility": visibility})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_the_lobby_lists_a_few_games_of_one_creator(database_url: str) -> None:
    app = create_app(database_url, bot_workers=1, limits=Limits.off())
    with TestClient(from_address(app), base_url="https://testserver") as client:
        theirs = create(client, PLAYER)
        flood = [create(client, FLOODER) for _ in range(LOBBY_SHARE + 3)]
        hidden = create(client, FLOODER, "private")   # not listed: takes no share
        listed = [g["id"] for g in client.get("/api/games").json()["games"]]
        assert theirs in listed
        assert [g for g in listed if g in flood] == flood[::-1][:LOBBY_SHARE]
        assert hidden not in listed
        # a game left out of the lobby is still there: its summary, its seats
        answer: Any = client.get(f"/api/games/{flood[0]}")
        assert answer.status_code == 200, answer.text
        with app.state.tables.store.engine.connect() as conn:
            creators = set(conn.execute(select(games.c.creator).where(
                games.c.id.in_([theirs, *flood, hidden]))).scalars())
        # a keyed hash of each client, no address
        assert len(creators) == 2 and all(
            len(c) == 32 and FLOODER not in c and PLAYER not in c for c in creators)


def test_the_creators_of_one_ipv6_48_share_sixteen_creators_shares(database_url: str
                                                                    ) -> None:
    """An IPv6 creator is its /64, and one holder of a /48 has 65,536 of them: the 40
    /64s of one /48 filled the lobby's 200 lines, 5 games each (before: the 85 games of
    17 /64s were all listed). The /64s of a /48 now share `WIDE_SHARE` creators' shares
    (80 lines), the newest; a creator of another /48 keeps its own share."""
    from keizai.web.tables import WIDE_SHARE

    app = create_app(database_url, bot_workers=1, limits=Limits.off())
    with TestClient(from_address(app), base_url="https://testserver") as client:
        flood = [create(client, f"2001:db8:5:{n:x}::1")
                 for n in range(WIDE_SHARE + 1) for _ in range(LOBBY_SHARE)]
        theirs = create(client, "2001:db8:6::1")
        listed = [g["id"] for g in client.get("/api/games").json()["games"]]
        assert theirs in listed
        assert [g for g in listed if g in flood] == flood[::-1][:LOBBY_SHARE * WIDE_SHARE]
