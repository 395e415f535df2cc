"""Work in proportion to a game's length runs in a worker thread, not on the event loop,
where it held every request of the process: loading a game the process does not hold
(its whole record replayed: 14 ms of CPU for a whole 4-player 企業帝國 game), an undo
(the game replayed up to the decision taken back), catching up with another process's
moves or undo, a replay's frame at step N (the position's view, events and log), and a
page's or a client's first view of a game (its whole log).

Each test slows that work down (the replay's bookkeeping of a step, or a frame's events)
until another game's summary is answered, at most 5 s: on the event loop, the summary
could only be answered after it."""

from __future__ import annotations

import threading
import warnings
from typing import Any

import pytest

import keizai

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai import i18n
from keizai.engine import undo
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import live, next_state, portal_of
from tests.web.social_helpers import (
    finished_table,
    moved_once,
    new_table,
    other_game,
    slowed,
    token_of,
    wait_for,
)


def test_loading_a_game_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A played-out game dropped from memory is opened again: while its record is
    replayed, another game's summary is answered."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    slow = slowed(monkeypatch, undo, "decision_kind", once=True)
    with TestClient(app) as client:
        other = other_game(client)
        finished = finished_table(client)
        tables = app.state.social.tables
        steps = len(tables.tables[finished["id"]].state.history)
        tables._drop(tables.tables[finished["id"]])
        opened = slow.meanwhile(client, other, lambda: client.get(
            f"/api/games/{finished['id']}").json())
        assert slow.in_time == [True]
        assert (opened[0]["over"], opened[0]["step"]) == (True, steps)


def test_an_undo_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While an undo replays the game up to the decision taken back (from a new game:
    this one's first), another game's summary is answered; the undo is made."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    slow = slowed(monkeypatch, keizai, "new_game", once=True)
    with TestClient(app) as client:
        other = other_game(client)
        table = moved_once(client)
        undone = slow.meanwhile(client, other, lambda: client.post(
            f"/api/games/{table['id']}/undo",
            json={"seat": 0, "token": token_of(table, 0)}).json())
        assert slow.in_time == [True]
        assert undone == [{"ok": True, "step": 0}]


@pytest.mark.parametrize("change", ["undo", "move"])
def test_catching_up_with_another_process_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    """Two server processes on one database hold a game; one of them takes a decision
    back or moves (and its bot answers). The other, told of it (PostgreSQL's notice),
    replays the game or applies the new steps while answering another game's summary,
    and then holds what the first stored."""
    first = create_app(db_url, bot_workers=1, limits=Limits.off())
    second = create_app(db_url, bot_workers=1, limits=Limits.off())
    # an undo replays from a new game; new steps are noted one by one
    slow = (slowed(monkeypatch, keizai, "new_game", once=True) if change == "undo"
            else slowed(monkeypatch, undo, "decision_kind", once=True))
    with TestClient(first) as client, TestClient(second) as elsewhere:
        other = other_game(client)
        table = moved_once(client)
        token = token_of(table, 0)
        if change == "undo":
            assert elsewhere.post(f"/api/games/{table['id']}/undo",
                                  json={"seat": 0, "token": token}).status_code == 200
        else:
            mine = elsewhere.get(f"/api/games/{table['id']}/view", params={"seat": 0},
                                 headers={"x-keizai-token": token}).json()
            assert elsewhere.post(f"/api/games/{table['id']}/actions", json={
                "seat": 0, "token": token, "action": mine["legal"][0]["name"],
                "step": mine["step"]}).status_code == 200
        there = second.state.social.tables.tables[table["id"]]
        wait_for(lambda: there.state.current_player == 0 or there.state.is_over)
        here = first.state.social.tables
        notice = f"{table['id']}:{there.version}"
        slow.meanwhile(client, other, lambda: portal_of(client).call(here.noticed, notice))
        held = here.tables[table["id"]]
        wait_for(lambda: held.version == there.version)
        assert slow.in_time == [True]
        assert held.state.record() == there.state.record()
        assert (held.movers, held.kinds) == (there.movers, there.kinds)


def test_a_replay_frame_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game's replay at its last step: while the frame's view, events and log
    are built, another game's summary is answered."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    slow = slowed(monkeypatch, i18n, "to_json", once=True)
    with TestClient(app) as client:
        other = other_game(client)
        finished = finished_table(client)
        steps = len(app.state.social.tables.tables[finished["id"]].state.history)
        frame = slow.meanwhile(client, other, lambda: client.get(
            f"/api/games/{finished['id']}/replay", params={"step": steps}).json())
        assert slow.in_time == [True]
        assert (frame[0]["step"], frame[0]["steps"]) == (steps, steps)
        assert frame[0]["events"] and frame[0]["log"]


def test_a_whole_log_read_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game's whole log, read as a view (`/view`) and as a WebSocket's first
    message: while it is rendered, another game's summary is answered; the log read is
    the game's whole log."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    slow = slowed(monkeypatch, i18n, "to_json", once=True)
    with TestClient(app) as client:
        other = other_game(client)
        finished = finished_table(client)
        count = app.state.social.tables.tables[finished["id"]].state.event_count()

        def first_message() -> dict[str, Any]:
            with live(client, finished) as ws:
                return next_state(ws)

        viewed = slow.meanwhile(client, other, lambda: client.get(
            f"/api/games/{finished['id']}/view").json())
        assert slow.in_time == [True]
        greeted = slow.meanwhile(client, other, first_message)
        assert slow.in_time == [True, True]
        for message in viewed + greeted:
            assert (message["over"], message["log_from"]) == (True, 0)
            assert len(message["events"]) == len(message["log"]) == count


def test_many_loads_at_once_replay_one_at_a_time(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten games not held opened at once (the load limit's burst) are replayed one after
    the other, in one thread: in `asyncio.to_thread`'s workers (six on two cores) six
    replays ran side by side, each holding the GIL in turn, and the event loop had about
    a seventh of it (with one, half: it takes the GIL back every switch interval)."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    real = keizai.new_game
    running: list[int] = [0]
    most: list[int] = [0]
    guard = threading.Lock()

    def counted(*args: Any, **kwargs: Any) -> Any:
        with guard:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            threading.Event().wait(0.05)   # a replay's time, for others to overlap it
            return real(*args, **kwargs)
        finally:
            with guard:
                running[0] -= 1

    with TestClient(app) as client:
        ids = [new_table(client, ["human", "random"])["id"] for _ in range(10)]
        tables = app.state.social.tables
        for game_id in ids:
            tables._drop(tables.tables[game_id])
        monkeypatch.setattr(keizai, "new_game", counted)
        answers: list[int] = []
        readers = [threading.Thread(target=lambda g=g: answers.append(
            client.get(f"/api/games/{g}").status_code)) for g in ids]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join()
        assert answers == [200] * 10
        assert set(tables.tables) >= set(ids)
        assert most == [1]
