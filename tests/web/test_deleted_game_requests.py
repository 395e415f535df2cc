"""Requests to a game the store no longer holds while a process still holds its table
answer as for an unknown game: 404, the same words. Found by session 33's strangers'
pass (h219) against `keizai serve`: once the operator's clean-up
(`Store.delete_abandoned`, docs/web.md "Abandoned games") deleted a game, the process
kept its table until it was idle for `idle_after` (5 minutes), and a chat line, a name
or a mute there answered 503 `storage_error` ("the database is not answering"; the
store's write broke the foreign key to the deleted game) and a claim of its open seat
`seat_taken` (the seat's row was gone, so the claim took nothing)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from keizai.store.social import chat_messages, seat_players
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import tables_of
from tests.web.social_helpers import new_table, token_of

UNKNOWN = "0123456789ab"


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path) -> Iterator[TestClient]:
    url = (f"sqlite:///{tmp_path / 'keizai.sqlite3'}" if request.param == "sqlite"
           else request.getfixturevalue("own_database"))
    with TestClient(create_app(url, bot_workers=1, limits=Limits.off())) as test_client:
        yield test_client


def deleted_table(client: TestClient) -> dict[str, Any]:
    """A table of a person and an open seat, held by the process (opened), then deleted
    from the store by the operator's clean-up."""
    table = new_table(client, ["human", "open"])
    assert client.get(f"/api/games/{table['id']}").status_code == 200   # held here
    store = tables_of(client).store
    assert store.delete_abandoned(timedelta(0)) == 1
    assert table["id"] in tables_of(client).tables   # still held by the process
    return table


def answered(answer: Any) -> tuple[int, Any]:
    return answer.status_code, answer.json()


def not_found(game_id: str) -> tuple[int, Any]:
    """The refusal of a game that does not exist."""
    return 404, {"error": {"code": "not_found",
                           "message": f"game {game_id!r} does not exist"}}


def rows_stored(client: TestClient, game_id: str) -> int:
    """The game's chat lines and seat players in the store."""
    with tables_of(client).store.engine.connect() as conn:
        return sum(conn.execute(select(func.count()).select_from(table).where(
            table.c.game_id == game_id)).scalar_one()
            for table in (chat_messages, seat_players))


def test_an_unknown_game_answers_so(client: TestClient) -> None:
    """The answer the deleted game's requests must give (a guard)."""
    said = client.post(f"/api/games/{UNKNOWN}/chat",
                       json={"seat": 0, "token": "x", "text": "hi"})
    assert answered(said) == not_found(UNKNOWN)


def test_chat_at_a_deleted_game_is_not_found(client: TestClient) -> None:
    table = deleted_table(client)
    game_id = table["id"]
    said = client.post(f"/api/games/{game_id}/chat",
                       json={"seat": 0, "token": token_of(table, 0), "text": "hi"})
    assert answered(said) == not_found(game_id)
    said = client.post(f"/api/games/{game_id}/chat",
                       json={"token": table["host_token"], "text": "hi"})
    assert answered(said) == not_found(game_id)
    assert answered(client.get(f"/api/games/{game_id}")) == not_found(game_id)   # and from then on
    assert rows_stored(client, game_id) == 0


def test_a_name_at_a_deleted_game_is_not_found(client: TestClient) -> None:
    table = deleted_table(client)
    game_id = table["id"]
    named = client.post(f"/api/games/{game_id}/seats/0/join",
                        json={"token": token_of(table, 0), "name": "Ann"})
    assert answered(named) == not_found(game_id)
    assert rows_stored(client, game_id) == 0


def test_a_mute_at_a_deleted_game_is_not_found(client: TestClient) -> None:
    table = deleted_table(client)
    game_id = table["id"]
    muted = client.post(f"/api/games/{game_id}/chat/mute",
                        json={"token": table["host_token"], "seat": 0})
    assert answered(muted) == not_found(game_id)
    assert rows_stored(client, game_id) == 0


def test_a_claim_at_a_deleted_game_is_not_found(client: TestClient) -> None:
    table = deleted_table(client)
    game_id = table["id"]
    assert answered(client.post(f"/api/games/{game_id}/seats/1/claim")) == not_found(game_id)
    assert answered(client.post(f"/api/games/{game_id}/seats/1/claim")) == not_found(game_id)
