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


def unknown(answer: Any, game_id: str) -> None:
    """`answer` is the refusal of a game that does not exist."""
    assert answer.status_code == 404, answer.text
    assert answer.json() == {"error": {"code": "not_found",
                                       "message": f"game {game_id!r} does not exist"}}


def nothing_stored(client: TestClient, game_id: str) -> None:
    with tables_of(client).store.engine.connect() as conn:
        for table in (chat_messages, seat_players):
            assert conn.execute(select(func.count()).select_from(table).where(
                table.c.game_id == game_id)).scalar_one() == 0


def test_an_unknown_game_answers_so(client: TestClient) -> None:
    """The answer the deleted game's requests must give (a guard)."""
    unknown(client.post(f"/api/games/{UNKNOWN}/chat",
                        json={"seat": 0, "token": "x", "text": "hi"}), UNKNOWN)


def test_chat_at_a_deleted_game_is_not_found(client: TestClient) -> None:
    table = deleted_table(client)
    game_id = table["id"]
    unknown(client.post(f"/api/games/{game_id}/chat",
                        json={"seat": 0, "token": token_of(table, 0), "text": "hi"}), game_id)
    unknown(client.post(f"/api/games/{game_id}/chat",
                        json={"token": table["host_token"], "text": "hi"}), game_id)
    unknown(client.get(f"/api/games/{game_id}"), game_id)   # and from then on
    nothing_stored(client, game_id)


def test_a_name_at_a_deleted_game_is_not_found(client: TestClient) -> None:
    table = deleted_table(client)
    game_id = table["id"]
    unknown(client.post(f"/api/games/{game_id}/seats/0/join",
                        json={"token": token_of(table, 0), "name": "Ann"}), game_id)
    nothing_stored(client, game_id)


def test_a_mute_at_a_deleted_game_is_not_found(client: TestClient) -> None:
    table = deleted_table(client)
    game_id = table["id"]
    unknown(client.post(f"/api/games/{game_id}/chat/mute",
                        json={"token": table["host_token"], "seat": 0}), game_id)
    nothing_stored(client, game_id)


def test_a_claim_at_a_deleted_game_is_not_found(client: TestClient) -> None:
    table = deleted_table(client)
    game_id = table["id"]
    unknown(client.post(f"/api/games/{game_id}/seats/1/claim"), game_id)
    unknown(client.post(f"/api/games/{game_id}/seats/1/claim"), game_id)
