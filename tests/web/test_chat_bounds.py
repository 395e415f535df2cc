"""A game's chat is bounded: at most `SocialConfig.chat_lines` lines, and it closes
`chat_after_end` seconds after the game's last move. Found by session 33's strangers'
pass (h219): nothing capped a game's chat and a seat or the host chatted on after the
end for good (about 1.1 KB stored a line of 200 '<'; one address about 9 MB an hour of
rows, docs/web.md "What one client can store"): a finished game, kept for its ratings
and replays, grew without end."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from keizai.store.db import games
from keizai.store.social import chat_messages
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.web.conftest import tables_of
from tests.web.social_helpers import finished_table, new_table, token_of

LINES = 4
HOUR = 3600.0


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path) -> Iterator[TestClient]:
    url = (f"sqlite:///{tmp_path / 'keizai.sqlite3'}" if request.param == "sqlite"
           else request.getfixturevalue("own_database"))
    config = SocialConfig(chat_rate=(100, 10.0), chat_lines=LINES, chat_after_end=HOUR)
    with TestClient(create_app(url, bot_workers=1, limits=Limits.off(),
                               social_config=config)) as test_client:
        yield test_client


def say(client: TestClient, table: dict[str, Any], text: str, seat: int | None = 0
        ) -> Any:
    body: dict[str, Any] = {"text": text}
    if seat is None:
        body["token"] = table["host_token"]
    else:
        body.update(seat=seat, token=token_of(table, seat))
    return client.post(f"/api/games/{table['id']}/chat", json=body)


def refused(answer: Any, code: str, key: str) -> None:
    assert answer.status_code == 409, answer.text
    error = answer.json()["error"]
    assert (error["code"], error["id"]) == (code, key)


def lines_stored(client: TestClient, game_id: str) -> int:
    with tables_of(client).store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(chat_messages).where(
            chat_messages.c.game_id == game_id)).scalar_one())


def ended_long_ago(client: TestClient, game_id: str, hours: float) -> None:
    """The game's last move was made `hours` ago."""
    with tables_of(client).store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == game_id).values(
            turn_began=datetime.now(UTC) - timedelta(hours=hours)))


def test_a_games_chat_holds_at_most_its_lines(client: TestClient) -> None:
    table = new_table(client, ["human", "human"])
    for number in range(LINES):   # the seats' and the host's lines count alike
        answer = say(client, table, f"line {number}", seat=(0, 1, None)[number % 3])
        assert answer.status_code == 201, answer.text
    refused(say(client, table, "one more"), "chat_full", "web.err.chat_full")
    refused(say(client, table, "one more", seat=None), "chat_full", "web.err.chat_full")
    assert lines_stored(client, table["id"]) == LINES
    assert len(client.get(f"/api/games/{table['id']}/chat").json()["messages"]) == LINES


def test_the_chat_closes_a_while_after_the_end(client: TestClient) -> None:
    table = finished_table(client)
    assert say(client, table, "gg").status_code == 201   # just ended: open
    ended_long_ago(client, table["id"], 0.9)
    assert say(client, table, "rematch?", seat=None).status_code == 201
    ended_long_ago(client, table["id"], 1.1)
    refused(say(client, table, "still here"), "chat_closed", "web.err.chat_closed")
    refused(say(client, table, "still here", seat=None), "chat_closed",
            "web.err.chat_closed")
    assert lines_stored(client, table["id"]) == 2


def test_a_game_waiting_long_for_a_move_keeps_its_chat(client: TestClient) -> None:
    """Only the end closes it: a turn that began long ago does not (a guard)."""
    table = new_table(client, ["human", "human"])
    ended_long_ago(client, table["id"], 48)
    assert say(client, table, "your turn").status_code == 201

