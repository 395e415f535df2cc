"""What the server answers for a stored game it cannot open (the "unreadable" games of
tests/web/test_unreadable_games.py and the hardening tests of rows it does not know)."""

from __future__ import annotations

from fastapi.testclient import TestClient


def refused_every_way_in(client: TestClient, game_id: str, token: str) -> None:
    """The game's summary, a seat's view and a move are each refused as unreadable."""
    for reply in (client.get(f"/api/games/{game_id}"),
                  client.get(f"/api/games/{game_id}/view", params={"seat": 0},
                             headers={"x-keizai-token": token}),
                  client.post(f"/api/games/{game_id}/actions",
                              json={"seat": 0, "token": token, "action": "pass"})):
        assert reply.status_code == 500, reply.text
        assert reply.json()["error"]["id"] == "web.err.unreadable"
