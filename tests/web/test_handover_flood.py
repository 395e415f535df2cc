"""A seat handed to a bot and taken back tells the table's other pages only the seats.

Found by session 32's strangers' pass (h199), measured by h207: a player handing their own
seat to a bot (`POST /api/games/{id}/seats/{seat}/bot`) and taking it back
(`.../back`), each an action's budget, sent every connection of the game a whole state
message, its view built and encoded per seat, though only the seat lines changed for all
but the seat's own pages; on one process (SQLite, default limits) a spectator of a
4-player 企業帝國 game got 21 views a second (71 KB/s), on each of two processes on one
PostgreSQL 40 (137 KB/s). The page draws a seat's bot and away from a presence message
(`onPresence`, i18n.js `seatStatus`); the seat's own pages still get their view (their
moves go to the bot and come back, and the "a bot is playing for you" bar)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import create, live, next_state

GAME = "enterprise-empire"


def nothing_waiting(ws: Any) -> None:
    """Nothing more was sent to `ws`: a ping's pong comes next."""
    ws.send_json({"type": "ping"})
    message = ws.receive_json()
    assert message["type"] == "pong", message


def until_pong(ws: Any) -> list[dict[str, Any]]:
    """The messages sent to `ws` before the pong of a ping sent now."""
    ws.send_json({"type": "ping"})
    messages = []
    while (message := ws.receive_json())["type"] != "pong":
        messages.append(message)
    return messages


def test_a_seat_handed_to_a_bot_and_back_sends_the_others_the_seat_lines(
        client: TestClient) -> None:
    game = create(client, GAME, ["human"] * 4)
    base = f"/api/games/{game['id']}"
    with live(client, game) as spectator, live(client, game, 2) as other:
        first = next_state(spectator)
        next_state(other)
        seat = 1 if first["current_player"] != 1 else 3
        token = game["seats"][seat]["token"]
        with live(client, game, seat) as own:
            assert next_state(own)["seats"][seat]["away"] is False
            for page in (spectator, other):   # the seat's player came
                assert {m["type"] for m in until_pong(page)} == {"presence"}
            for _ in range(3):
                for path, away in (("bot", True), ("back", False)):
                    answer = client.post(f"{base}/seats/{seat}/{path}",
                                         json={"token": token})
                    assert answer.status_code == 200, answer.text
                    for page in (spectator, other):
                        [message] = until_pong(page)
                        assert message["type"] == "presence", message["type"]
                        assert message["seats"][seat]["away"] is away
                        assert message["seats"][seat]["kind"] == ("bot" if away else "human")
                    # the seat's own page: its view, the bot playing for it or not
                    [mine] = until_pong(own)
                    assert mine["type"] == "state", mine["type"]
                    assert mine["seats"][seat]["away"] is away
                    assert mine["step"] == first["step"]


def test_the_seat_whose_turn_it_is_handed_over_its_bot_moves_for_everyone(
        client: TestClient) -> None:
    """A hand-over that makes a bot move at once: the move is a state change, sent to
    every page as moves are (a guard: so before)."""
    game = create(client, GAME, ["human"] * 4)
    with live(client, game) as spectator:
        first = next_state(spectator)
        seat = first["current_player"]
        answer = client.post(f"/api/games/{game['id']}/seats/{seat}/bot",
                             json={"token": game["seats"][seat]["token"]})
        assert answer.status_code == 200, answer.text
        moved = next_state(spectator, lambda m: m["type"] == "state"
                           and m["step"] > first["step"])
        assert moved["seats"][seat]["away"] is True
