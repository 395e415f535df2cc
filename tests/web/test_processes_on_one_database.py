"""Server processes on one PostgreSQL (two apps here), where what one process knows the
others learn only through the store: a process that stops cleanly hands its bots'
moves over at once, and a seat whose player is connected to one process is not handed
to a bot by another, whatever `handover_after` is (docs/web.md, "Several processes").
The tests on PostgreSQL are skipped where it cannot be started (`postgres_url`)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.store import Store
from keizai.web import create_app
from keizai.web import tables as tables_module
from keizai.web.app import Limits
from tests.web.conftest import portal_of, tables_of
from tests.web.social_helpers import play_out
from tests.web.test_hardening_bots import GAME, ThreadPool
from tests.web.test_multiprocess_bots import (
    a_game_whose_bot_thinks_on_the_first,
    first_started,
    moved,
)

TAKEOVER, MARK, THINK = 6.0, 0.2, 3.0   # seconds


@pytest.fixture
def slow_takeover(monkeypatch: Any) -> None:
    monkeypatch.setattr(tables_module, "BOT_TAKEOVER", TAKEOVER)
    monkeypatch.setattr(tables_module, "THINKING_MARK", MARK)


def test_a_process_stopped_cleanly_hands_its_bot_over_at_once(
        own_database: str, slow_takeover: None) -> None:
    """The process deciding a bot's move is stopped (uvicorn's lifespan shutdown, as on
    SIGTERM) while the other holds the game: the other moves the bot at once, not after
    BOT_TAKEOVER seconds of waiting for marks that will never come (before: 6 s)."""
    slow, other = ThreadPool(THINK), ThreadPool(0.0)
    with TestClient(create_app(own_database, pool=other, limits=Limits.off())) as second:
        with TestClient(create_app(own_database, pool=slow, limits=Limits.off())) as first:
            game_id = a_game_whose_bot_thinks_on_the_first(first, second)
            time.sleep(3 * MARK)
            stopping = time.monotonic()
        first_started(other, 3 * TAKEOVER)
        assert other.started
        assert other.started[0][1] - stopping < 2.5, other.started[0][1] - stopping
        store = Store(own_database)
        assert moved(store, game_id, 2, 10)
        store.close()


def test_a_bot_a_stopped_process_released_is_moved_where_the_game_is_opened(
        own_database: str, slow_takeover: None) -> None:
    """No other process held the game: the one where it is opened next (the player's
    page reconnecting there) moves the bot at once (before: BOT_TAKEOVER s later)."""
    slow, other = ThreadPool(THINK), ThreadPool(0.0)
    with TestClient(create_app(own_database, pool=other, limits=Limits.off())) as second:
        with TestClient(create_app(own_database, pool=slow, limits=Limits.off())) as first:
            game_id = a_game_whose_bot_thinks_on_the_first(first)
            time.sleep(3 * MARK)
        opened = time.monotonic()
        assert second.get(f"/api/games/{game_id}").json()["step"] == 1
        store = Store(own_database)
        assert moved(store, game_id, 2, 3 * TAKEOVER)
        assert other.started[0][1] - opened < 1.5, other.started[0][1] - opened
        store.close()


def test_a_process_still_deciding_is_not_overtaken_by_one_that_opens_the_game(
        own_database: str, slow_takeover: None) -> None:
    """The release is only a clean stop's: while the first process decides, a process
    opening the game leaves the move to it."""
    slow, other = ThreadPool(THINK), ThreadPool(0.0)
    with TestClient(create_app(own_database, pool=other, limits=Limits.off())) as second, \
            TestClient(create_app(own_database, pool=slow, limits=Limits.off())) as first:
        game_id = a_game_whose_bot_thinks_on_the_first(first)
        time.sleep(3 * MARK)
        assert second.get(f"/api/games/{game_id}").status_code == 200
        store = Store(own_database)
        assert moved(store, game_id, 2, 3 * THINK)
        store.close()
        assert other.started == []


HANDOVER = 3.0   # seconds: below the 15 s at which processes marked their seats


def test_a_seat_connected_to_another_process_is_not_handed_to_a_bot(
        own_database: str) -> None:
    """The seat's player is connected to the second process; the host asks the first to
    hand the seat to a bot once `handover_after` has passed: refused for as long as the
    player stays (before: accepted, the first process saw the seat last marked present
    more than 3 s ago). Once the player leaves, it is accepted about 3 s later."""
    pools = ThreadPool(0.0), ThreadPool(0.0)
    apps = [create_app(own_database, pool=pool, limits=Limits.off(), handover_after=HANDOVER)
            for pool in pools]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        created = first.post("/api/games", json={"game": GAME,
                                                  "seats": ["human", "human"]}).json()
        game_id, host = created["id"], created["host_token"]
        url = f"/api/games/{game_id}/seats/1/bot"
        with second.websocket_connect(f"/ws/games/{game_id}") as ws:
            ws.send_json({"type": "hello", "seat": 1,
                          "token": created["seats"][1]["token"]})
            assert ws.receive_json()["type"] == "state"
            # at 3 s and at 6 s: the mark made on connecting is 3 s old at the first
            # already, so each refusal needs marks renewed since (a third, at 9 s, checked
            # nothing more)
            for _ in range(2):
                time.sleep(HANDOVER)
                refused = first.post(url, json={"token": host})
                assert refused.status_code == 409, refused.text
                # the first process is told of the player's connection (session 28;
                # before, it counted the seat away briefly by the store's marks alone)
                assert refused.json()["error"]["code"] == "seat_in_use"
        left = time.monotonic()
        while time.monotonic() - left < 3 * HANDOVER:
            answer = first.post(url, json={"token": host})
            if answer.status_code == 200:
                break
            time.sleep(0.2)
        assert answer.status_code == 200, answer.text
        # the player was marked present at most a beat (here 1 s) before leaving
        assert time.monotonic() - left >= HANDOVER - tables_module.presence_beat(HANDOVER)


def test_a_rematch_asked_on_two_processes_at_once_is_one_game(
        own_database: str, monkeypatch: Any) -> None:
    """Two players ask for the rematch at the same moment, each on their own process:
    each process makes a game, the store notes one as the rematch, and both answer with
    that one. Before, the process whose game was not noted answered with its own, a
    second rematch that the other players never came to (its seats' tokens given to
    nobody), while the page sent the others to the noted one."""
    create = tables_module.Tables.create

    async def slow_create(self: Any, *args: Any, **kwargs: Any) -> Any:
        made = await create(self, *args, **kwargs)
        await asyncio.sleep(1.0)   # both processes are making theirs
        return made

    monkeypatch.setattr(tables_module.Tables, "create", slow_create)
    pools = ThreadPool(0.0), ThreadPool(0.0)
    apps = [create_app(own_database, pool=pool, limits=Limits.off()) for pool in pools]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        created = first.post("/api/tables", json={"game": GAME, "seats": ["human", "random"],
                                                   "seed": 3}).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        play_out(first, game_id, {0: token})
        assert second.get(f"/api/games/{game_id}").json()["over"]
        answers: list[Any] = [None, None]

        def ask(index: int, client: TestClient) -> None:
            answers[index] = client.post(f"/api/games/{game_id}/rematch",
                                         json={"token": token}).json()

        threads = [threading.Thread(target=ask, args=(i, c))
                   for i, c in enumerate((first, second))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seat = first.post(f"/api/games/{game_id}/rematch/seat",
                          json={"seat": 0, "token": token}).json()
        assert answers[0]["id"] == answers[1]["id"] == seat["id"], (answers, seat)
        # the other process's game, which nobody is sent to, is not in the lobby either
        # (before: listed beside the rematch until a clean-up deleted it)
        listed = {line["id"] for line in first.get("/api/games").json()["games"]}
        assert listed == {game_id, seat["id"]}


def test_a_burst_of_notices_loads_the_game_once(db_url: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process moved a game 20 times in a row (a game of bots): its 20 notices
    reach this process at once, and each waited for the one before to load the whole
    game again (all its actions), though the first load brought it up to date: 20
    loads, growing with the game's length at every move. Now one. (On SQLite, where
    one store stands for the other process.)"""
    with TestClient(create_app(db_url, pool=ThreadPool(0.0), limits=Limits.off())) as client:
        game_id = client.post("/api/games", json={"game": GAME,
                                                   "seats": ["human", "human"]}).json()["id"]
        tables = tables_of(client)
        table = tables.get(game_id)
        other = Store(db_url)
        state = table.state.clone()
        version = table.version
        for _ in range(20):
            name = state.legal_actions()[0].name
            version = other.append_action(game_id, len(state.history), name, version=version)
            state.apply(name)
        other.close()
        loads: list[str] = []
        load = tables.store.load

        def counted(game: str) -> Any:
            loads.append(game)
            return load(game)

        monkeypatch.setattr(tables.store, "load", counted)

        def burst() -> None:
            for number in range(table.version + 1, version + 1):
                tables.noticed(f"{game_id}:{number}")

        portal_of(client).call(burst)
        deadline = time.monotonic() + 10
        while table.version < version and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        assert table.version == version and len(table.state.history) == 20
        assert loads == [game_id], len(loads)   # before: 20
