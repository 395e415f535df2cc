"""Requests at the same moment, on one server process or several on one PostgreSQL.

Found by the session-21 attack pass: a seat's name was checked against the names this
process had cached for the table, then written; two seats naming themselves at once
(one process: the second checked while the first's write was on its way; two
processes: the second's cache heard of the first's name only with its notice) both took
the one name, so two seats of a table chatted as "Alice"."""

from __future__ import annotations

import threading
import time
import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sqlalchemy import event

from keizai.store.social import SocialStore
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.social_helpers import new_table, token_of

NAME_WRITES = ("UPDATE SEAT_PLAYERS", "INSERT INTO SEAT_PLAYERS")
LAG = 3.0   # seconds a process takes to read a table's names again (a busy process)


def lagging(app: Any) -> None:
    """The app reads a table's names `LAG` seconds late (its cache stays old so long)."""
    db = app.state.social.db
    read = db.seat_players

    def late(game_id: str) -> Any:
        time.sleep(LAG)
        return read(game_id)

    db.seat_players = late


def join(client: TestClient, created: dict[str, Any], seat: int, name: str) -> Any:
    return client.post(f"/api/games/{created['id']}/seats/{seat}/join", json={"name": name},
                       headers={"x-keizai-token": token_of(created, seat)})


def stored_names(app: Any, game_id: str) -> list[str | None]:
    """The names stored, read at once (not through the lagging reader)."""
    players = SocialStore(app.state.social.store.engine).seat_players(game_id)
    return [player.name for player in players.values()]


def test_two_seats_named_at_once_on_one_process_do_not_share_the_name(db_url: str) -> None:
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    writing = threading.Event()

    def slow_name_write(_conn, _cursor, statement: str, *_args: Any) -> None:
        """The database takes a while to write a seat's name (a loaded disk)."""
        if statement.lstrip().upper().startswith(NAME_WRITES):
            writing.set()
            time.sleep(1.0)

    with TestClient(app) as client:
        created = new_table(client, ["human", "human", "human"])
        event.listen(app.state.social.store.engine, "before_cursor_execute", slow_name_write)
        answers: list[Any] = []
        first = threading.Thread(target=lambda: answers.append(
            join(client, created, 1, "Alice")))
        first.start()
        assert writing.wait(20)
        second = join(client, created, 2, "alice")
        first.join()
        event.remove(app.state.social.store.engine, "before_cursor_execute", slow_name_write)
        assert answers[0].status_code == 200
        assert second.status_code == 409 and second.json()["error"]["code"] == "name_taken"
        assert stored_names(app, created["id"]) == ["Alice"]


def test_two_seats_named_on_two_processes_do_not_share_the_name(postgres_url: str) -> None:
    first = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    second = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    with TestClient(first) as a, TestClient(second) as b:
        created = new_table(a, ["human", "human", "human"])
        assert b.get(f"/api/games/{created['id']}").status_code == 200   # b holds it
        lagging(second)
        assert join(a, created, 1, "Alice").status_code == 200
        refused = join(b, created, 2, "ALICE")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "name_taken"
        assert stored_names(first, created["id"]) == ["Alice"]
