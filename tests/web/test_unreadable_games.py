"""A stored game whose record does not replay (a row edited by hand or corrupted, a rule
corrected since): every way in refuses it plainly, in the reader's language, and the
server's log names the game and the error's kind, never the record's actions (a hand's
card, a price card held); the row is left as it is. Before, each route answered 500 and
the log got the replay's whole traceback, whose words quote the stored action."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest
from sqlalchemy import delete, update

from keizai import i18n
from keizai.store import Store
from keizai.store.db import actions, games, seats
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import TestClient, create, portal_of, tables_of

# The stored action put in place of a real one: the replay's error quotes it.
SECRET = "build:SECRET_CARD_IN_A_HAND"


def _corrupt(db_url: str, game_id: str, **summary: Any) -> tuple[list[str], int]:
    """The game's action at step 1 made one the game refuses (and its lobby line set to
    `summary`, if given); its stored actions and version as left."""
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(update(actions).where(actions.c.game_id == game_id,
                                               actions.c.step == 1).values(name=SECRET))
            if summary:
                conn.execute(update(games).where(games.c.id == game_id).values(**summary))
        row = store.load(game_id)
        assert row is not None
        return list(row.actions), row.version
    finally:
        store.close()


def _stored(db_url: str, game_id: str) -> tuple[list[str], int]:
    store = Store(db_url)
    try:
        row = store.load(game_id)
        assert row is not None
        return list(row.actions), row.version
    finally:
        store.close()


def _moved(client: TestClient, game: dict[str, Any], moves: int) -> None:
    for _ in range(moves):
        seat = client.get(f"/api/games/{game['id']}").json()["current_player"]
        token = game["seats"][seat]["token"]
        view = client.get(f"/api/games/{game['id']}/view", params={"seat": seat},
                          headers={"x-keizai-token": token}).json()
        reply = client.post(f"/api/games/{game['id']}/actions", json={
            "seat": seat, "token": token, "action": view["legal"][0]["name"]})
        assert reply.status_code == 200, reply.text


def _refused(reply: Any, game_id: str) -> None:
    """The refusal of an unreadable game: its code and its catalogue reason, which
    the page shows in its reader's language."""
    assert reply.status_code == 500, reply.text
    error = reply.json()["error"]
    assert error["code"] == "unreadable"
    assert error["id"] == "web.err.unreadable" and error["params"] == {"game": game_id}
    assert game_id in error["message"] and SECRET not in reply.text


def _logged_by_id_and_kind(caplog: pytest.LogCaptureFixture, game_id: str) -> None:
    said = [r.getMessage() for r in caplog.records
            if r.name.startswith("keizai") and game_id in r.getMessage()]
    assert said and all("IllegalAction" in line for line in said)
    assert SECRET not in caplog.text
    assert not any(r.exc_info for r in caplog.records)


def test_every_way_into_an_unreadable_game_refuses_it_plainly(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game = create(client)
        _moved(client, game, 3)
    stored = _corrupt(db_url, game["id"])
    gid, token = game["id"], game["seats"][0]["token"]
    with caplog.at_level(logging.INFO), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        asked = [client.get(f"/api/games/{gid}"),
                 client.get(f"/api/games/{gid}/view", params={"seat": 0},
                            headers={"x-keizai-token": token}),
                 client.get(f"/api/games/{gid}/view"),   # a spectator's
                 client.post(f"/api/games/{gid}/actions",
                             json={"seat": 0, "token": token, "action": "pass"}),
                 client.post(f"/api/games/{gid}/undo", json={"seat": 0, "token": token}),
                 client.post(f"/api/games/{gid}/seats/1/bot", json={"token": token}),
                 client.post(f"/api/games/{gid}/seats/1/join", json={"name": "Ann"}),
                 client.post(f"/api/games/{gid}/seats/0/back", json={"token": token}),
                 client.get(f"/api/games/{gid}/chat"),
                 client.post(f"/api/games/{gid}/chat",
                             json={"seat": 0, "token": token, "text": "hi"}),
                 client.get(f"/api/games/{gid}/record"),
                 client.get(f"/api/games/{gid}/replay", params={"step": 1}),
                 client.post(f"/api/games/{gid}/rematch",
                             json={"token": game["host_token"]}),
                 client.post(f"/api/games/{gid}/rematch/seat",
                             json={"seat": 0, "token": token})]
        for reply in asked:
            _refused(reply, gid)
        # a WebSocket, a player's or a spectator's: the game is looked up before its hello
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            error = ws.receive_json()["error"]
            assert error["code"] == "unreadable" and error["id"] == "web.err.unreadable"
            assert ws.receive()["code"] == 4400   # the page stops reconnecting
        assert gid not in tables_of(client).tables
        assert gid not in {line["id"] for line in client.get("/api/games").json()["games"]}
    _logged_by_id_and_kind(caplog, gid)
    assert _stored(db_url, gid) == stored


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_refusal_reads_in_every_language(lang: str) -> None:
    text = i18n.tr("web.err.unreadable", lang, game="0123456789ab")
    assert "0123456789ab" in text and text != "web.err.unreadable"
    assert i18n.tr("error.unreadable", lang) != "error.unreadable"


def test_a_game_start_up_could_not_replay_is_left_out_of_the_lobby(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """A game stored without its lobby line (an older keizai) whose record does not
    replay keeps no line: listed, it read as a game at step 0 that nobody could open.
    The lobby leaves it out; a sound one beside it is listed."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        broken, sound = create(client), create(client)
        _moved(client, broken, 2)
    stored = _corrupt(db_url, broken["id"], step=None, over=None, current=None)
    with caplog.at_level(logging.INFO), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        listed = {line["id"] for line in client.get("/api/games").json()["games"]}
        assert sound["id"] in listed and broken["id"] not in listed
        _refused(client.get(f"/api/games/{broken['id']}"), broken["id"])
    _logged_by_id_and_kind(caplog, broken["id"])
    assert _stored(db_url, broken["id"]) == stored


def test_a_finished_game_that_does_not_replay_refuses_its_record_and_replay(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """The record download, the replay's frames and the rematch of a finished game."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game = create(client, seats=["random", "random"], seed=None)
        deadline = time.monotonic() + 60
        while not client.get(f"/api/games/{game['id']}").json()["over"]:
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.05)
    stored = _corrupt(db_url, game["id"])
    gid = game["id"]
    with caplog.at_level(logging.INFO), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        for reply in (client.get(f"/api/games/{gid}/record"),
                      client.get(f"/api/games/{gid}/replay", params={"step": 3}),
                      client.post(f"/api/games/{gid}/rematch",
                                  json={"token": game["host_token"]})):
            _refused(reply, gid)
    _logged_by_id_and_kind(caplog, gid)
    assert _stored(db_url, gid) == stored


def _changed_meanwhile(db_url: str, game_id: str) -> tuple[list[str], int]:
    """The held game's row made one that does not replay by another writer (another
    process running a keizai whose rules changed, or a hand), its version raised as
    any write raises it."""
    _corrupt(db_url, game_id)
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id)
                         .values(version=games.c.version + 1))
    finally:
        store.close()
    return _stored(db_url, game_id)


def test_a_held_game_another_writer_made_unreadable_is_refused_and_let_go(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """A game this process holds, told of a change (another process's notice) that does
    not replay: before, the catch-up's error was lost in its task and the table stayed
    as it was, its watchers waiting for moves that never came, and each later move was
    refused as internal_error. Now its connections are told and closed, and it is
    refused as any unreadable game."""
    with caplog.at_level(logging.INFO), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game = create(client)
        _moved(client, game, 3)
        gid, tables = game["id"], tables_of(client)
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"
            stored = _changed_meanwhile(db_url, gid)
            portal_of(client).call(tables.noticed, f"{gid}:{stored[1]}")
            error = ws.receive_json()["error"]
            assert error["code"] == "unreadable" and error["id"] == "web.err.unreadable"
        _refused(client.get(f"/api/games/{gid}"), gid)
        assert gid not in tables.tables
        assert gid not in {line["id"] for line in client.get("/api/games").json()["games"]}
    _logged_by_id_and_kind(caplog, gid)
    assert _stored(db_url, gid) == stored


def test_a_move_on_a_held_game_another_writer_made_unreadable_is_refused(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """The same change, the notice not come (SQLite: one process; PostgreSQL: a lost
    notice): the next move finds the stored version changed, and the catch-up it makes
    does not replay. Before: internal_error, and the game stayed held as it was."""
    with caplog.at_level(logging.INFO), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game = create(client)
        _moved(client, game, 3)
        gid = game["id"]
        stored = _changed_meanwhile(db_url, gid)
        seat = client.get(f"/api/games/{gid}").json()["current_player"]
        token = game["seats"][seat]["token"]
        legal = client.get(f"/api/games/{gid}/view", params={"seat": seat},
                           headers={"x-keizai-token": token}).json()["legal"]
        _refused(client.post(f"/api/games/{gid}/actions", json={
            "seat": seat, "token": token, "action": legal[0]["name"]}), gid)
        _refused(client.get(f"/api/games/{gid}"), gid)
        assert gid not in tables_of(client).tables
    _logged_by_id_and_kind(caplog, gid)
    assert _stored(db_url, gid) == stored


# Rows that replay but do not make a game: a seat's row gone or renumbered (the game's
# seat lines are read by number), options or a game id the engine refuses.
BROKEN_ROWS = {
    "a seat's row deleted": lambda g: delete(seats).where(seats.c.game_id == g,
                                                          seats.c.seat == 1),
    "a seat renumbered": lambda g: update(seats).where(seats.c.game_id == g,
                                                       seats.c.seat == 1).values(seat=5),
    "options": lambda g: update(games).where(games.c.id == g).values(options={"x": 1}),
    "the game's id": lambda g: update(games).where(games.c.id == g).values(game="chess"),
}


@pytest.mark.parametrize("broken", BROKEN_ROWS)
def test_a_game_whose_rows_do_not_make_a_game_is_refused_and_the_lobby_stays(
        broken: str, db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Before, a game whose seat row was deleted opened as a one-seat game that failed
    once the missing seat was to move (internal_error), and one whose seat was
    renumbered answered internal_error and stayed held, and the lobby's list, which
    asks every held game for its line, answered internal_error to everybody until it
    was dropped."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game, sound = create(client), create(client)
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(BROKEN_ROWS[broken](game["id"]))
    finally:
        store.close()
    with caplog.at_level(logging.INFO), \
            TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        reply = client.get(f"/api/games/{game['id']}")
        assert reply.status_code == 500 and reply.json()["error"]["code"] == "unreadable"
        listing = client.get("/api/games")
        assert listing.status_code == 200
        listed = {line["id"] for line in listing.json()["games"]}
        assert sound["id"] in listed and game["id"] not in listed
    assert any(r.name.startswith("keizai") and game["id"] in r.getMessage()
               for r in caplog.records)
