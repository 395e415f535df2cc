"""Issue #12, scale-out: two `keizai serve` processes on one PostgreSQL. A player on each,
a spectator on a third connection: every move made on one process reaches the others
at once (LISTEN/NOTIFY); one process is killed mid-game and the game goes on through the
other with nothing lost."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from keizai.store import Store
from tests.postgres import unavailable_reason
from tests.store.rows import loaded
from tests.web.conftest import hello
from tests.web.live_server import LiveServer, start_all

pytestmark = [pytest.mark.skipif(unavailable_reason() is not None,
                                 reason=unavailable_reason() or ""),
              pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")]
WAIT = 20.0   # seconds: a hang guard for one message


@pytest.fixture(scope="module")
def pair(postgres_url: str, tmp_path_factory) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two `keizai serve` processes on one PostgreSQL, shared by the module's tests (each
    plays a game of its own): a process started costs seconds."""
    logs = tmp_path_factory.mktemp("multiprocess")
    first, second = start_all(LiveServer(postgres_url, logs / "a.log"),
                            LiveServer(postgres_url, logs / "b.log"))
    yield first, second
    first.stop()
    second.stop()


@pytest.fixture
def servers(pair: tuple[LiveServer, LiveServer]) -> Iterator[tuple[LiveServer, LiveServer]]:
    """The module's two processes, both running again after the test (one may be killed)."""
    yield pair
    for server in pair:
        if server.process is None or server.process.poll() is not None:
            server.start()


class Socket:
    def __init__(self, server: LiveServer, game_id: str, seat: int | None,
                 token: str | None) -> None:
        self.ws = connect(server.url.replace("http", "ws") + f"/ws/games/{game_id}")
        self.ws.send(json.dumps(hello(seat, token)))
        self.last: dict[str, Any] = {}

    def state_at(self, step: int) -> dict[str, Any]:
        """The state message of `step` (the latest one again if already received)."""
        while self.last.get("step") != step:
            message = json.loads(self.ws.recv(timeout=WAIT))
            assert "error" not in message, message
            if message["type"] == "state":
                assert message["step"] <= step
                self.last = message
        return self.last

    def close(self) -> None:
        self.ws.close()


def test_two_processes_one_database(postgres_url: str, servers) -> None:
    first, second = servers
    sockets: list[Socket] = []
    try:
        game = httpx.post(f"{first.url}/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        players = [Socket(first, gid, 0, tokens[0]), Socket(second, gid, 1, tokens[1])]
        watcher = Socket(second, gid, None, None)
        sockets = [*players, watcher]
        chooser = random.Random(4)
        played: list[str] = []

        def play(moves: int) -> None:
            for _ in range(moves):
                step = len(played)
                states = [s.state_at(step) for s in (*players, watcher)]
                assert states[0]["view"] != states[2]["view"]   # a hand vs. none
                mover = states[0]["current_player"]
                name = chooser.choice(states[mover]["legal"])["name"]
                players[mover].ws.send(json.dumps({"type": "act", "action": name,
                                                   "step": step}))
                played.append(name)
            for s in (*players, watcher):   # every connection saw the last move
                s.state_at(len(played))

        play(20)
        summaries = [httpx.get(f"{s.url}/api/games/{gid}").json() for s in (first, second)]
        assert summaries[0]["step"] == summaries[1]["step"] == 20   # both agree
        assert summaries[0]["current_player"] == summaries[1]["current_player"]
        first.kill()    # the process player 0 was on dies mid-game
        players[0].close()
        players[0] = Socket(second, gid, 0, tokens[0])   # the page reconnects elsewhere
        play(15)
        view = httpx.get(f"{second.url}/api/games/{gid}/view", params={"seat": 0},
                         headers={"x-keizai-token": tokens[0]}).json()
        assert view["step"] == 35
        store = Store(postgres_url)
        assert loaded(store, gid).actions == played   # every move, once, in order
        store.close()
        first.start()   # a restarted process serves the same game, nothing lost
        again = httpx.get(f"{first.url}/api/games/{gid}/view", params={"seat": 0},
                          headers={"x-keizai-token": tokens[0]}).json()
        assert (again["step"], again["view"], again["log"]) == (35, view["view"], view["log"])
    finally:
        for s in sockets:
            s.close()


def test_two_processes_refuse_the_same_step_twice(postgres_url: str, servers) -> None:
    """The same seat acts on both processes at once: one action is stored, the other is
    refused as stale; both processes then show the one stored."""
    first, second = servers
    game = httpx.post(f"{first.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    gid, token = game["id"], game["seats"][0]["token"]
    view = httpx.get(f"{second.url}/api/games/{gid}/view", params={"seat": 0},
                     headers={"x-keizai-token": token}).json()
    names = [a["name"] for a in view["legal"]][:2]
    with ThreadPoolExecutor(2) as both:   # at the same moment
        answers = list(both.map(lambda pair: httpx.post(
            f"{pair[0].url}/api/games/{gid}/actions",
            json={"seat": 0, "token": token, "action": pair[1]}),
            zip((first, second), names, strict=True)))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 409]
    refused = next(a for a in answers if a.status_code == 409).json()
    assert refused["error"]["code"] in ("stale", "not_your_turn")
    store = Store(postgres_url)
    assert len(loaded(store, gid).actions) == 1
    store.close()
    steps = {httpx.get(f"{s.url}/api/games/{gid}").json()["step"] for s in (first, second)}
    assert steps == {1}


def test_an_open_seat_is_given_once_across_processes(servers) -> None:
    """An open seat taken from the lobby of one process is taken for the other too, also
    when both are asked at the same moment. Before, each process asked only its own copy
    of the seat (and a claim raises no version, so the other never heard of it): the
    second process gave the seat's token to a second person, however long after."""
    first, second = servers
    for at_once in (False, True):
        game = httpx.post(f"{first.url}/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "open"]}).json()
        gid = game["id"]
        assert httpx.get(f"{second.url}/api/games/{gid}").status_code == 200   # held
        claims = [f"{server.url}/api/games/{gid}/seats/1/claim"
                  for server in (first, second)]
        if at_once:
            with ThreadPoolExecutor(2) as both:
                answers = list(both.map(httpx.post, claims))
        else:
            answers = [httpx.post(claim) for claim in claims]
        assert sorted(a.status_code for a in answers) == [200, 409], at_once
        refused = next(a for a in answers if a.status_code == 409).json()
        assert refused["error"]["code"] == "seat_taken"
        seats = httpx.get(f"{second.url}/api/games/{gid}").json()["seats"]
        assert seats[1]["claimed"]   # the second's lobby no longer offers it


def test_a_process_whose_listener_reconnects_catches_up(postgres_url: str,
                                                         servers) -> None:
    """The LISTEN connections are cut (a database restart, a proxy's idle timeout) and a
    move is made on one process before the other listens again: the other's spectator
    still sees it. Before, the notice was lost and the other process kept the old game
    until the next move: its players waited for a turn that had come."""
    import psycopg
    from sqlalchemy.engine import make_url

    first, second = servers
    watcher = None
    try:
        game = httpx.post(f"{first.url}/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
        gid, token = game["id"], game["seats"][0]["token"]
        watcher = Socket(second, gid, None, None)
        assert watcher.state_at(0)["step"] == 0
        dsn = make_url(postgres_url).set(drivername="postgresql").render_as_string(
            hide_password=False)
        with psycopg.connect(dsn, autocommit=True) as admin:
            cut = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE query = 'LISTEN keizai'").fetchall()
        assert len(cut) == 2
        view = httpx.get(f"{first.url}/api/games/{gid}/view", params={"seat": 0},
                         headers={"x-keizai-token": token}).json()
        moved = httpx.post(f"{first.url}/api/games/{gid}/actions", json={
            "seat": 0, "token": token, "action": view["legal"][0]["name"]})
        assert moved.status_code == 200
        assert watcher.state_at(1)["step"] == 1   # before: timed out
        assert httpx.get(f"{second.url}/api/games/{gid}").json()["step"] == 1
    finally:
        if watcher is not None:
            watcher.close()
