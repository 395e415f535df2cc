"""One client must not stall the server for everyone: `keizai serve` as a real process
(uvicorn's own HTTP and WebSocket protocols), raw sockets as the attacker.

Found by the session-21 attack pass: one WebSocket sending ping frames as fast as it
could made another game's actions answer in 1.9 s (2 ms before) and grew the server by
360 MB in 20 s (pongs the client never read); binary frames or messages the rate limit
refused stalled it as much. Each connection now has a budget of frames, counted before
the application (`keizai.web.frames`), and one past it is cut. And 1,100 connections
sending half a request's headers held every descriptor of a server under the usual
limit of 1,024, for good: a request's head now has 10 s to arrive, and a client holds
at most 256 connections (`keizai.web.heads`)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import socket
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
import websockets.sync.client as ws_client
from sqlalchemy import event

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import keizai
from keizai.store.social import SocialStore
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.live_server import LiveServer, http
from tests.web.social_helpers import (
    Held,
    moved_once,
    new_table,
    other_game,
    play_out,
    slowed,
    token_of,
    view,
)

# Seconds for a request's head (`keizai serve --head-timeout`; 10 by default): the test
# of the deadline waits for it. 300 connections open in under 0.1 s (0.06 s measured).
HEAD_TIMEOUT = 3.0


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[LiveServer]:
    """With the default limits (the frame budget is one of them) but a request's head's
    HEAD_TIMEOUT; 127.0.0.1 is a client like any other, not a proxy."""
    tmp = tmp_path_factory.mktemp("stall")
    live = LiveServer(f"sqlite:///{tmp / 'db.sqlite3'}", tmp / "server.log",
                      extra=("--chosen-seeds", "--forwarded-allow-ips", "192.0.2.1",
                             "--head-timeout", str(HEAD_TIMEOUT))).start()
    yield live
    live.stop()


def masked(opcode: int, payload: bytes) -> bytes:
    """One client frame (clients mask theirs), payload under 126 bytes."""
    mask = os.urandom(4)
    return (bytes([0x80 | opcode, 0x80 | len(payload)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


def opened_by_hand(sock: socket.socket, game_id: str) -> bytes:
    """`sock` (connected) opened as a WebSocket to the game: the server's answer to the
    opening, read to its end (a client sends once answered, RFC 6455)."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/games/{game_id} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    return answer


def hello_by_hand(sock: socket.socket, game_id: str) -> bytes:
    """`sock` (connected) opened as a WebSocket to the game and a spectator's hello sent:
    the server's answer to the opening."""
    answer = opened_by_hand(sock, game_id)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    sock.sendall(masked(0x1, json.dumps({"type": "hello"}).encode()))
    return answer


def spectator(server: LiveServer, game_id: str) -> socket.socket:
    """A WebSocket opened by hand, greeted as a spectator and sent the game's view."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    answer = hello_by_hand(sock, game_id)
    while b'"type":"state"' not in answer:   # the game's view: the hello was taken
        answer += sock.recv(65536)
    return sock


def answers(sock: socket.socket, frame: bytes, answer: bytes, batches: int = 40
            ) -> tuple[int, bool]:
    """Send `frame` 50 times, read the 50 `answer`s, and again `batches` times (a
    flooder that reads every answer, so that no answer waits); how many answers came,
    and whether the server closed the connection."""
    got, seen = b"", 0
    try:
        for batch in range(1, batches + 1):
            sock.sendall(frame * 50)
            while seen < 50 * batch:
                data = sock.recv(65536)
                if not data:
                    return seen, True
                got += data
                seen = got.count(answer)
    except (ConnectionResetError, BrokenPipeError):
        return got.count(answer), True
    return seen, False


def game(server: LiveServer) -> dict:
    created = http().post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"], "seed": 3})
    assert created.status_code == 201, created.text
    return created.json()


def play(server: LiveServer, created: dict, moves: int) -> int:
    """`moves` decisions taken over the seats' WebSockets, as the page takes them; the
    step the game is at after them."""
    state = keizai.new_game("national-economy/mecenat", 2, seed=3)
    url = f"ws://127.0.0.1:{server.port}/ws/games/{created['id']}"
    with ws_client.connect(url) as first, ws_client.connect(url) as second:
        sockets = (first, second)
        for seat, sock in enumerate(sockets):
            sock.send(json.dumps({"type": "hello", "seat": seat, "log": False,
                                  "token": created["seats"][seat]["token"]}))
        for _ in range(moves):
            mover, name = state.current_player, state.legal_actions()[0].name
            assert mover is not None
            sockets[mover].send(json.dumps({"type": "act", "action": name,
                                            "step": len(state.history)}))
            state.apply(name)
            while True:
                message = json.loads(sockets[mover].recv(timeout=30))
                assert message["type"] != "error", message
                if message["type"] == "state" and message["step"] == len(state.history):
                    break
    return len(state.history)


def test_a_websocket_flooding_pings_is_cut(server: LiveServer) -> None:
    """2,000 pings as fast as their pongs come back: the server answers its budget's
    worth and cuts the connection (before: it answered every one and kept the
    connection open; a client that never read the pongs made it buffer them without
    bound)."""
    watched = game(server)
    pongs, closed = answers(spectator(server, watched["id"]), masked(0x9, b"p" * 125),
                            b"\x8a\x7d" + b"p" * 125)
    assert closed and pongs <= 150, (pongs, closed)
    assert play(server, watched, 6) == 6   # the game's players play on


def test_a_websocket_flooding_frames_the_game_refuses_is_cut(server: LiveServer) -> None:
    """2,000 empty binary frames, each refused by the game (messages are JSON text) as
    fast as the refusals come back: cut after the budget (before: every one was
    answered and the connection kept open)."""
    watched = game(server)
    refusals, closed = answers(spectator(server, watched["id"]), masked(0x2, b""),
                               b'"bad_json"')
    assert closed and refusals <= 150, (refusals, closed)
    assert play(server, watched, 6) == 6


def test_a_page_playing_at_its_pace_is_not_cut(server: LiveServer) -> None:
    """Two seats' WebSockets take 40 decisions in a row as fast as the answers come:
    nothing is cut or refused."""
    assert play(server, game(server), 40) == 40


def half_request(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A connection that sends the start of a request's head and no more."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=20,
                                    source_address=(source, 0))
    with contextlib.suppress(ConnectionResetError, BrokenPipeError):   # closed at once
        sock.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return sock


def closed_among(socks: list[socket.socket], enough: int, until: float) -> int:
    """How many of `socks` (half-sent requests: the server sends them nothing) the server
    has closed, waiting for `enough` of them until the monotonic time `until`."""
    by_fd = {sock.fileno(): sock for sock in socks}
    poller = select.poll()
    for fd in by_fd:
        poller.register(fd, select.POLLIN)
    closed = 0
    while closed < enough and time.monotonic() < until:
        for fd, _event in poller.poll(50):
            poller.unregister(fd)   # closed, or (not expected) answered
            try:
                closed += by_fd[fd].recv(1) == b""
            except ConnectionResetError:
                closed += 1
    return closed


def test_a_request_whose_head_never_arrives_is_closed(server: LiveServer) -> None:
    """Half a request's headers, then nothing: the server closes the connection once
    the head's time (`--head-timeout`, here 3 s) has passed, not before (before: it
    waited for good)."""
    sock = half_request(server.port)
    sent = time.monotonic()
    try:
        assert sock.recv(1024) == b""   # closed (a 20 s timeout raises instead)
        waited = time.monotonic() - sent
        # not before its time, and at its time rather than the default 10 s
        assert HEAD_TIMEOUT - 0.5 < waited < 9, waited
    finally:
        sock.close()


def test_a_client_holds_a_bounded_number_of_connections(server: LiveServer) -> None:
    """300 half-sent requests from one address: at most 256 stay open, and another
    address is served meanwhile (before: all 300 held; 1,100 took every descriptor of
    a server under the usual limit of 1,024, and nobody else got in)."""
    first = time.monotonic()
    socks = [half_request(server.port) for _ in range(300)]
    try:
        # Counted before the head's time (3 s) has passed for the first of them: from
        # then on every one is closed, bound or not (counting them one by one, 50 ms
        # each, took the 10 s of then, and passed with no bound at all).
        closed = closed_among(socks, 300 - 256, until=first + HEAD_TIMEOUT - 1)
        assert 300 - closed <= 256, 300 - closed
        other = socket.create_connection(("127.0.0.1", server.port), timeout=20,
                                         source_address=("127.0.0.2", 0))
        with other:
            other.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert other.recv(12) == b"HTTP/1.1 200"
    finally:
        for sock in socks:
            sock.close()


def test_a_table_whose_rows_are_slow_to_write_keeps_no_other_request_waiting(
        db_url: str) -> None:
    """A new table's social rows written while the database takes 2 s for them (a
    loaded disk, or SQLite's write lock held by the writer thread): another game's
    summary is answered meanwhile (before: they were written on the event loop, and
    every request of the process waited for them; 80 tables created at once by 8
    clients held the loop 266 ms of 700, up to 43 ms at a time). The write here ends
    once the summary is answered, or after 5 s."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    slow = Held()

    def slow_settings(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO TABLE_SETTINGS"):
            slow.hold()

    with TestClient(app) as client:
        other = other_game(client)
        engine = app.state.social.store.engine
        event.listen(engine, "before_cursor_execute", slow_settings)
        try:
            created = slow.meanwhile(client, other, lambda: client.post("/api/tables", json={
                "game": "national-economy/mecenat",
                "seats": ["human", "random"]}).status_code)
        finally:
            event.remove(engine, "before_cursor_execute", slow_settings)
        assert (slow.order, created, slow.in_time) == (["summary", "request"], [201], [True])


def test_a_spectator_that_never_reads_holds_a_bounded_part_of_the_server(
        server: LiveServer) -> None:
    """A spectator (its own receive buffer small) reads nothing while a game of four
    bots is played out, 3.4 MB of state messages (Futuropia's 373 steps: as many bytes
    as a 4-player 企業帝國 game's 1,070, in a third of the time): the server keeps at
    most about 1 MB of them for it, whatever it sends once it reads (before: the
    kernel's send buffer grew to hold the whole game, 2.8 MB of a 700-step game, 4 MB
    at most, per socket: 64 sockets of one client, 256 MB of the machine's memory;
    this game's 3.4 MB were all held)."""
    created = http().post(f"{server.url}/api/games", json={
        "game": "futuropia", "seats": ["random"] * 4, "seed": 2})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(20)
    sock.connect(("127.0.0.1", server.port))
    hello_by_hand(sock, game_id)
    for _ in range(600):   # the game played out meanwhile (at most a minute)
        if http().get(f"{server.url}/api/games/{game_id}").json()["over"]:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the bots did not finish")
    held = 0
    sock.settimeout(2.0)
    with contextlib.suppress(TimeoutError, ConnectionResetError):
        while data := sock.recv(65536):
            held += len(data)
    sock.close()
    assert held <= 1_000_000, held


def test_a_game_whose_names_are_slow_to_read_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger opens a game the process does not hold (dropped when idle, or never
    loaded here) while the database is still reading its names: another game's summary
    is answered meanwhile (before: they were read on the event loop, as the table was
    built, and every request of the process waited for them; the read here ends once
    the summary is answered, or after 5 s)."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        other, dropped = other_game(client), other_game(client)
        tables = app.state.social.tables
        tables._drop(tables.tables[dropped])
        slow = slowed(monkeypatch, SocialStore, "seat_players",
                      lambda _store, game_id: game_id == dropped)
        opened = slow.meanwhile(client, other,
                                lambda: client.get(f"/api/games/{dropped}").status_code)
        assert (slow.order, opened) == (["summary", "request"], [200])
        assert slow.in_time and all(slow.in_time), slow.in_time


def test_a_seat_named_while_its_rows_are_slow_to_read_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player sits down under a name (`join`) while the database is still reading the
    table's rows again: another game's summary is answered meanwhile (before: they were
    read again on the event loop; the read here ends once the summary is answered, or
    after 5 s)."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        other = other_game(client)
        table = client.post("/api/tables", json={
            "game": "national-economy/mecenat", "seats": ["human", "random"]}).json()
        slow = slowed(monkeypatch, SocialStore, "settings",
                      lambda _store, game_id: game_id == table["id"])
        joined = slow.meanwhile(client, other, lambda: client.post(
            f"/api/games/{table['id']}/seats/0/join", json={"name": "Alice"},
            headers={"x-keizai-token": table["seats"][0]["token"]}).status_code)
        assert (slow.order, joined) == (["summary", "request"], [200])
        assert slow.in_time and all(slow.in_time), slow.in_time


def test_a_table_created_with_a_slow_session_cookie_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anyone may send a session cookie (any value) with a new table: while the
    database is still looking it up, another game's summary is answered (before: it
    was looked up on the event loop, so the summary waited for the lookup to end; the
    lookup here ends once the summary is answered, or after 5 s)."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        other = other_game(client)
        slow = slowed(monkeypatch, SocialStore, "session")
        client.cookies.set(app.state.social.accounts.cookie, "x" * 40)
        created = slow.meanwhile(client, other, lambda: client.post(
            "/api/tables", json={"game": "national-economy/mecenat",
                                 "seats": ["human", "random"]}).status_code)
        assert (slow.in_time, created) == ([True], [201])


def test_names_read_earlier_and_answered_later_do_not_replace_newer_ones(
        db_url: str) -> None:
    """The reads moved off the event loop may end in any order: the names read before a
    player sat down, answered after those read since, must not bring back the empty
    seat (its account would be forgotten, and `check_owner` would let the link alone
    open it)."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        table = client.post("/api/tables", json={
            "game": "national-economy/mecenat", "seats": ["human", "random"]}).json()
        social = app.state.social
        before = social.stored(table["id"])
        assert client.post(f"/api/games/{table['id']}/seats/0/join", json={"name": "Alice"},
                           headers={"x-keizai-token": table["seats"][0]["token"]}
                           ).status_code == 200
        social._keep(table["id"], before)
        assert client.get(f"/api/games/{table['id']}").json()["seats"][0]["name"] == "Alice"


def test_a_first_undo_slow_to_store_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's first undo notes that it is unrated: while the database is still
    writing that, another game's summary is answered (before: it was written on the
    event loop, so the summary waited for the write to end; the write here ends once
    the summary is answered, or after 5 s)."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        other = other_game(client)
        table = moved_once(client)
        slow = slowed(monkeypatch, SocialStore, "update_settings",
                      lambda _store, _game_id, **values: values.get("unrated") == "undo")
        undone = slow.meanwhile(client, other, lambda: client.post(
            f"/api/games/{table['id']}/undo",
            json={"seat": 0, "token": token_of(table, 0)}).status_code)
        assert (slow.in_time, undone) == ([True], [200])
        settings = app.state.social.settings[table["id"]]
        assert settings is not None and settings.unrated == "undo"


def test_a_rematch_slow_to_store_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rematch notes itself on the finished game: while the database is still writing
    that, another game's summary is answered (before: it was written on the event
    loop, so the summary waited for the write to end; the write here ends once the
    summary is answered, or after 5 s). The rematch is still the named game's."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        other = other_game(client)
        finished = new_table(client, ["human", "random"])
        token = token_of(finished, 0)
        assert client.post(f"/api/games/{finished['id']}/seats/0/join",
                           json={"token": token, "name": "Ivy"}).status_code == 200
        play_out(client, finished["id"], {0: token})
        slow = slowed(monkeypatch, SocialStore, "claim_rematch")
        made = slow.meanwhile(client, other, lambda: client.post(
            f"/api/games/{finished['id']}/rematch", json={"token": token}).json())
        assert slow.in_time == [True]
        seat = client.post(f"/api/games/{finished['id']}/rematch/seat",
                           json={"seat": 0, "token": token}).json()
        assert seat["id"] == made[0]["id"]
        again = view(client, seat["id"], 0, seat["token"])
        assert again["seats"][0]["name"] == "Ivy"
