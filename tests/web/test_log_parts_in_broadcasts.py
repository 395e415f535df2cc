"""A broadcast (a move, on this process or another on the same PostgreSQL) sends log
entries only to a connection that holds the log the last broadcast told, or starts from
0: one that never asked for the parts it lacks gets the state without entries, and the
parts still come when it asks. Until session 31 such a connection was sent its next
`LOG_PART` entries, rendered on the event loop at every move once per different
`since`, uncharged: 25 spectators' sockets of a stranger that never asked made the
loop render 12,800 entries at each of the next three moves of a live 1,949-entry game."""

from __future__ import annotations

import contextlib
import warnings
from random import Random
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import keizai
from keizai import i18n
from keizai.engine import State
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.table import LOG_PART
from tests.web.test_hardening_bots import ThreadPool
from tests.web.test_hello_parts import GAME_ID, hello, in_parts, stored_with_people

SHORT = 6   # spectators whose hellos say since 0, 1, ..., never asking for a part


@pytest.fixture(scope="module")
def live() -> State:
    """A 4-player 企業帝國 game of random moves, not over, whose log is more than three
    parts long."""
    state, chooser = keizai.new_game("enterprise-empire", 4, 1), Random(1)
    while state.event_count() <= 3 * LOG_PART:
        state.apply(chooser.choice(state.legal_actions()).name)
    assert not state.is_over
    return state


def entries(state: State, seat: int | None) -> list[Any]:
    return [i18n.to_json(entry) for entry in state.events(seat)]


class Rendered:
    """Counts the log entries rendered for state messages (`i18n.to_json`) from now."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        render = i18n.to_json

        def counted(entry: Any) -> Any:
            self.count += 1
            return render(entry)

        monkeypatch.setattr(i18n, "to_json", counted)


def opened_short(stack: contextlib.ExitStack, client: TestClient) -> list[Any]:
    """`SHORT` spectators' sockets, each given its hello's first part, none asking on."""
    sockets = []
    for since in range(SHORT):
        ws = stack.enter_context(client.websocket_connect(f"/ws/games/{GAME_ID}"))
        ws.send_json(hello(None, since))
        first = ws.receive_json()
        assert first["log_from"] == since and len(first["events"]) == LOG_PART
        sockets.append(ws)
    return sockets


def told_without_entries(sockets: list[Any], after: State) -> None:
    """Each short spectator was sent the state `after` without log entries."""
    for since, ws in enumerate(sockets):
        message = ws.receive_json()
        assert message["type"] == "state" and message["step"] == len(after.history)
        assert message["log_from"] == since + LOG_PART and message["events"] == []
        assert message["event_count"] == after.event_count()


def asked_for_the_rest(sockets: list[Any], after: State) -> None:
    """Each short spectator asking for the parts gets exactly the rest of its log."""
    whole = entries(after, None)
    for since, ws in enumerate(sockets):
        ws.send_json({"type": "log"})
        events, _lines, _messages = in_parts(ws, since + LOG_PART)
        assert events == whole[since + LOG_PART:]


def test_a_move_renders_only_its_entries_for_sockets_that_never_ask(
        db_url: str, live: State, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mover's socket holds the whole log; the spectators' are short of parts they
    never asked for. The move renders its new entries once (before: also 512 for each
    spectator's `since`), and the spectators get them by asking."""
    stored_with_people(db_url, GAME_ID, live.record())
    mover, count = live.current_player, live.event_count()
    name = live.legal_actions()[0].name
    after = live.clone()
    after.apply(name)
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        seat = stack.enter_context(client.websocket_connect(f"/ws/games/{GAME_ID}"))
        new = entries(after, mover)[count:]
        seat.send_json(hello(mover, count))
        assert seat.receive_json()["events"] == []
        short = opened_short(stack, client)
        rendered = Rendered(monkeypatch)
        seat.send_json({"type": "act", "action": name})
        moved = seat.receive_json()
        assert moved["log_from"] == count
        assert moved["events"] == new
        told_without_entries(short, after)
        assert 0 < rendered.count == after.event_count() - count   # before: + SHORT × 512
        asked_for_the_rest(short, after)


def test_another_process_s_move_sends_no_part_nobody_asked_for(
        own_database: str, live: State, monkeypatch: pytest.MonkeyPatch) -> None:
    """On PostgreSQL the move is made on one process; the other learns of it (NOTIFY,
    `Table.refresh`) and broadcasts to its sockets: the spectator holding the whole log
    gets the new entries, the short ones none until they ask."""
    stored_with_people(own_database, GAME_ID, live.record())
    mover, count = live.current_player, live.event_count()
    name = live.legal_actions()[0].name
    after = live.clone()
    after.apply(name)
    apps = [create_app(own_database, pool=ThreadPool(0.0), limits=Limits.off())
            for _ in range(2)]
    with TestClient(apps[0]) as mover_s, TestClient(apps[1]) as watched, \
            contextlib.ExitStack() as stack:
        whole = stack.enter_context(watched.websocket_connect(f"/ws/games/{GAME_ID}"))
        new = entries(after, None)[count:]
        whole.send_json(hello(None, count))
        assert whole.receive_json()["events"] == []
        short = opened_short(stack, watched)
        rendered = Rendered(monkeypatch)
        reply = mover_s.post(f"/api/games/{GAME_ID}/actions", json={
            "seat": mover, "token": f"token{mover}", "action": name})
        assert reply.status_code == 200, reply.text
        told = whole.receive_json()
        assert told["step"] == len(after.history) and told["log_from"] == count
        assert told["events"] == new
        told_without_entries(short, after)
        assert 0 < rendered.count == after.event_count() - count   # before: + SHORT × 512
        asked_for_the_rest(short, after)
