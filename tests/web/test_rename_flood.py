"""A seat's name said again and again tells the table's other connections only the seats.

Found by the session-31 attack pass on the WebSocket layer (h195): naming a seat
(`POST /api/games/{id}/seats/{seat}/join`, an action's budget: 60 at once, then 15 a
second) and the host's mute sent every connection of the game a whole state message (its
view, its legal moves, the table), built and encoded per seat, though only the seat lines
changed; on PostgreSQL the process that stored the name sent it twice (once more when its
own notice came back) and every other process holding the game once. A player holding any
seat (an open one taken from the lobby) renaming it in a loop sent each spectator and
player of a 4-player 企業帝國 game 30 state messages a second (3.4 KB each at its start,
measured with two processes): a page that takes them slower than they come falls the 64
messages of its outbox behind and is closed (4429). The
page reads a name from a presence message (`onPresence`), which is all a name or a mute
changes now: one small message of the seat lines."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.web.conftest import create, live, next_state

GAME = "enterprise-empire"


def until_named(ws, seat: int, name: str | None, muted: bool = False) -> list[dict]:
    """The messages up to the first whose seat lines give `seat` `name` (and `muted`)."""
    messages = []
    while True:
        message = ws.receive_json()
        assert "error" not in message, message
        messages.append(message)
        line = message.get("seats", [{}] * (seat + 1))[seat]
        if line.get("name") == name and line.get("muted", False) == muted:
            return messages


def test_renaming_a_seat_sends_the_others_the_seat_lines_not_views(
        client: TestClient) -> None:
    game = create(client, GAME, ["human", "human", "human", "human"])
    base = f"/api/games/{game['id']}"
    with live(client, game) as spectator, live(client, game, 1) as player:
        first = next_state(spectator)
        next_state(player)
        sizes = []
        for number in range(10):
            name = f"Ann {number}"
            joined = client.post(f"{base}/seats/0/join", json={
                "token": game["seats"][0]["token"], "name": name})
            assert joined.status_code == 200, joined.text
            for ws in (spectator, player):
                # the name reaches every page, in the seat lines alone
                for message in until_named(ws, 0, name):
                    assert message["type"] == "presence", message["type"]
                    sizes.append(len(json.dumps(message)))
        # a view is many times a presence message; the seats are all that was sent
        assert max(sizes) < len(json.dumps(first)) / 4, (max(sizes), len(json.dumps(first)))
        # nothing else was waiting: the next move's state comes next
        spectator.send_json({"type": "ping"})
        assert spectator.receive_json()["type"] == "pong"


def test_a_mute_sends_the_others_the_seat_lines_not_views(client: TestClient) -> None:
    game = create(client, GAME, ["human", "human", "human", "human"])
    base = f"/api/games/{game['id']}"
    with live(client, game) as spectator:
        next_state(spectator)
        muted = client.post(f"{base}/chat/mute", json={
            "token": game["host_token"], "seat": 2, "muted": True})
        assert muted.status_code == 200, muted.text
        for message in until_named(spectator, 2, None, muted=True):
            assert message["type"] == "presence", message["type"]
