"""A rematch nobody played, deleted by the clean-up of abandoned games, is no rematch of
its game any more: asked for again, a new one is made. Found by session 33's strangers'
pass (h219): `Store.delete_abandoned` (docs/web.md "Abandoned games": the operator's daily
clean-up) deleted an unplayed rematch 30 days on, but the finished game still named it
(`table_settings.rematch`), so every later "Rematch" answered the deleted game's id, the
page offered "Go to the rematch" and `rematch/seat` answered 404, for good."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from keizai.store.db import games
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import tables_of
from tests.web.social_helpers import finished_table, token_of

MONTH = timedelta(days=30)
LONG_AGO = datetime.now(UTC) - timedelta(days=40)


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path) -> Iterator[TestClient]:
    url = (f"sqlite:///{tmp_path / 'keizai.sqlite3'}" if request.param == "sqlite"
           else request.getfixturevalue("own_database"))
    with TestClient(create_app(url, bot_workers=1, limits=Limits.off())) as test_client:
        yield test_client


def rematch(client: TestClient, game_id: str, token: str) -> str:
    answer = client.post(f"/api/games/{game_id}/rematch", json={"token": token})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["id"])


def test_a_deleted_rematch_is_made_again(client: TestClient) -> None:
    finished = finished_table(client)
    game_id, token = finished["id"], token_of(finished, 0)
    first = rematch(client, game_id, token)

    store = tables_of(client).store
    with store.engine.begin() as conn:   # made 40 days ago, never played
        conn.execute(update(games).where(games.c.id == first)
                     .values(created=LONG_AGO, touched=LONG_AGO))
    assert store.delete_abandoned(MONTH) == 1
    assert first not in store.game_ids()

    again = rematch(client, game_id, token)
    assert again != first
    assert client.get(f"/api/games/{again}").status_code == 200
    seat = client.post(f"/api/games/{game_id}/rematch/seat",
                       json={"seat": 0, "token": token})
    assert seat.status_code == 200, seat.text
    assert seat.json()["id"] == again
    opened = client.get(f"/api/games/{again}/view", params={"seat": 0},
                        headers={"x-keizai-token": seat.json()["token"]})
    assert opened.status_code == 200, opened.text
    assert opened.json()["game_id"] == again


def test_a_rematch_being_played_is_kept(client: TestClient) -> None:
    """A guard: the clean-up leaves a rematch touched lately, and it stays the rematch."""
    finished = finished_table(client)
    game_id, token = finished["id"], token_of(finished, 0)
    first = rematch(client, game_id, token)

    store = tables_of(client).store
    assert store.delete_abandoned(MONTH) == 0
    assert rematch(client, game_id, token) == first
