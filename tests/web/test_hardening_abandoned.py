"""A game played over the HTTP API, without a WebSocket, is not abandoned: until session
20 `Store.delete_abandoned` (which docs/web.md tells an operator to run daily) counted a
game as untouched when no seat's player had been seen *connected*, and so deleted games
that scripts and bots were playing over HTTP at that moment."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update

from keizai.store.db import games
from tests.web.conftest import create, tables_of

MONTH = timedelta(days=30)
LONG_AGO = datetime.now(UTC) - timedelta(days=40)


def created_long_ago(client: TestClient, game_id: str) -> None:
    """The game was created 40 days ago and left so (what it does since is what the
    test does)."""
    with tables_of(client).store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == game_id)
                     .values(created=LONG_AGO, touched=LONG_AGO))


def move(client: TestClient, game: dict[str, Any]) -> None:
    """The current seat's first legal action, over HTTP."""
    summary = client.get(f"/api/games/{game['id']}").json()
    seat = summary["current_player"]
    token = game["seats"][seat]["token"]
    view = client.get(f"/api/games/{game['id']}/view", params={"seat": seat},
                      headers={"X-Keizai-Token": token}).json()
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"seat": seat, "token": token,
                                 "action": view["legal"][0]["name"], "step": view["step"]})
    assert response.status_code == 200, response.text


def test_a_game_played_over_http_for_longer_than_the_cutoff_is_kept(client) -> None:
    game = create(client, seats=["human", "human"])
    created_long_ago(client, game["id"])
    move(client, game)   # today, over HTTP: nobody ever connected a WebSocket

    store = tables_of(client).store
    assert store.delete_abandoned(MONTH) == 0
    assert game["id"] in store.game_ids()
    move(client, game)   # and it goes on


def test_a_seat_read_by_its_player_over_http_keeps_the_game(client) -> None:
    """A script waiting for its turn reads its seat's view with its token: it uses the
    game as a player connected over a WebSocket does."""
    game = create(client, seats=["human", "human"])
    created_long_ago(client, game["id"])
    waiting = 1 - client.get(f"/api/games/{game['id']}").json()["current_player"]
    assert client.get(f"/api/games/{game['id']}/view", params={"seat": waiting},
                      headers={"X-Keizai-Token": game["seats"][waiting]["token"]}
                      ).status_code == 200

    store = tables_of(client).store
    assert store.delete_abandoned(MONTH) == 0


def test_a_spectators_reads_do_not_keep_an_abandoned_game(client) -> None:
    """Anyone may watch a listed game: watching it does not keep it."""
    game = create(client, seats=["human", "human"])
    created_long_ago(client, game["id"])
    assert client.get(f"/api/games/{game['id']}/view").status_code == 200
    assert client.get(f"/api/games/{game['id']}").status_code == 200

    store = tables_of(client).store
    assert store.delete_abandoned(MONTH) == 1
    assert game["id"] not in store.game_ids()
