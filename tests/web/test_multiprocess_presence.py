"""Presence across `keizai serve` processes on one PostgreSQL: a player connected to one
process is shown here on the others (no sticky sessions: a proxy sends the two players of
a game to two processes), and away once they leave or their process dies. Found by the
session-28 attack pass: each process showed only its own connections, so each player saw
the other away and, after `--handover-after`, was offered to hand the other's seat to a
bot (refused on pressing: away 0 s) for as long as both played."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.postgres import unavailable_reason
from tests.web.conftest import hello
from tests.web.live_server import LiveServer, http, start_all

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
WAIT = 20.0   # seconds: a hang guard, far past the few seconds a notice takes


@contextmanager
def open_seat(server: LiveServer, game_id: str, seat: int | None,
              token: str | None) -> Iterator[ClientConnection]:
    with connect(server.url.replace("http", "ws") + f"/ws/games/{game_id}") as ws:
        ws.send(json.dumps(hello(seat, token)))
        yield ws


def seat_lines(server: LiveServer, game_id: str) -> list[dict[str, Any]]:
    return http().get(f"{server.url}/api/games/{game_id}").json()["seats"]


def until_shown(server: LiveServer, game_id: str, seat: int, connected: bool) -> None:
    """Until `server`'s summary of the game shows `seat`'s player connected (or not)."""
    deadline = time.monotonic() + WAIT
    while seat_lines(server, game_id)[seat]["connected"] is not connected:
        assert time.monotonic() < deadline, (server.url, seat_lines(server, game_id))
        time.sleep(0.1)


def told(ws: ClientConnection, seat: int, connected: bool) -> dict[str, Any]:
    """The first seat line of `seat` a page is sent (presence or state) that says its
    player is connected (or not)."""
    deadline = time.monotonic() + WAIT
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message.get("type") in ("presence", "state"):
            line = message["seats"][seat]
            if line["connected"] is connected:
                return line


@pytest.fixture
def servers(own_database: str, tmp_path) -> Iterator[list[LiveServer]]:
    """Three processes on one database, `--handover-after` as the operator leaves it
    (60 s: marks every 15 s, so what this test sees comes from the notices)."""
    started = start_all(*(LiveServer(own_database, tmp_path / f"{name}.log")
                          for name in "abc"))
    yield started
    for server in started:
        server.stop()


def test_a_player_connected_to_another_process_is_shown_here(servers) -> None:
    first, second, third = servers
    game = http().post(f"{first.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    with open_seat(first, gid, 0, tokens[0]) as player, \
            open_seat(second, gid, 1, tokens[1]) as other:
        # each page is told the other's player came, though to another process
        told(other, 0, connected=True)
        told(player, 1, connected=True)
        for server in (first, second):
            lines = seat_lines(server, gid)
            assert [line["connected"] for line in lines] == [True, True], server.url
            assert [line["handover_in"] for line in lines] == [None, None], server.url
        # a process that loads the game now shows both at once (not at the next marks)
        until_shown(third, gid, 0, connected=True)
        until_shown(third, gid, 1, connected=True)
        # nor may the other hand the seat to a bot: its player is here
        refused = http().post(f"{second.url}/api/games/{gid}/seats/0/bot",
                              json={"token": tokens[1], "agent": "random"})
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "seat_in_use"
        player.close()   # the player leaves: away on every process
        line = told(other, 0, connected=False)
        assert line["handover_in"] is not None
        until_shown(third, gid, 0, connected=False)
        assert seat_lines(first, gid)[0]["connected"] is False


@pytest.fixture
def quick_pair(own_database: str, tmp_path) -> Iterator[list[LiveServer]]:
    """Two processes marking their seats every second (`--handover-after 4`)."""
    extra = ("--no-rate-limits", "--handover-after", "4")
    started = start_all(LiveServer(own_database, tmp_path / "a.log", extra=extra),
                        LiveServer(own_database, tmp_path / "b.log", extra=extra))
    yield started
    for server in started:
        server.stop()


def test_a_player_whose_process_died_is_shown_away(quick_pair) -> None:
    """A process killed says nothing: what it told expires (three of its marks), and the
    player's seat may then be handed over from the other."""
    first, second = quick_pair
    game = http().post(f"{first.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    with open_seat(first, gid, 0, tokens[0]), open_seat(second, gid, 1, tokens[1]) as other:
        told(other, 0, connected=True)
        first.kill()
        told(other, 0, connected=False)
        deadline = time.monotonic() + WAIT
        while True:   # the hand-over's own wait (4 s) from when the seat went away
            answer = http().post(f"{second.url}/api/games/{gid}/seats/0/bot",
                                 json={"token": tokens[1], "agent": "random"})
            if answer.status_code == 200:
                break
            assert answer.json()["error"]["code"] == "seat_away_briefly", answer.text
            assert time.monotonic() < deadline
            time.sleep(0.2)
        assert seat_lines(second, gid)[0]["kind"] == "bot"


def test_a_presence_notice_naming_no_seat_changes_nothing(quick_pair) -> None:
    """A notice is read from the channel every process shares: one that names seats the
    game does not have, or is cut short, shows nobody here."""
    from sqlalchemy import create_engine, text

    first, _second = quick_pair
    game = http().post(f"{first.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    gid = game["id"]
    assert seat_lines(first, gid)[0]["connected"] is False   # held now
    engine = create_engine(first.database_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        for payload in (f"presence:x:{gid}:7,-1,a", f"presence:x:{gid}", "presence:",
                        f"presence:y:{gid}:1"):
            conn.execute(text("SELECT pg_notify('keizai', :p)"), {"p": payload})
    engine.dispose()
    until_shown(first, gid, 1, connected=True)   # the last one, well formed, counts
    assert seat_lines(first, gid)[0]["connected"] is False
    assert httpx.get(f"{first.url}/api/games/{gid}").status_code == 200


def test_a_seat_taken_on_another_process_is_not_offered_here(quick_pair) -> None:
    """A seat claimed from the lobby of one process, its player connected there: the
    other process, holding the game, no longer lists it open (a claim raises no version:
    before, it said "open seat" in its lobby and its pages until the game's next move)."""
    first, second = quick_pair
    game = http().post(f"{first.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "open"]}).json()
    gid = game["id"]

    def open_seats(server: LiveServer) -> list[int]:
        games = http().get(f"{server.url}/api/games").json()["games"]
        line = next(g for g in games if g["id"] == gid)
        return [s["seat"] for s in line["seats"] if s["open"] and not s["claimed"]]

    with open_seat(second, gid, None, None) as watcher:   # the second holds the game
        assert open_seats(second) == [1]
        claimed = http().post(f"{first.url}/api/games/{gid}/seats/1/claim")
        assert claimed.status_code == 200
        with open_seat(first, gid, 1, claimed.json()["token"]):
            line = told(watcher, 1, connected=True)
            assert line["claimed"] is True
            assert open_seats(second) == []
            taken = http().post(f"{second.url}/api/games/{gid}/seats/1/claim")
            assert taken.status_code == 409
