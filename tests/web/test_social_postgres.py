"""Two server processes (two apps) on one PostgreSQL: a name set and a chat message sent
through one reach a connection held by the other (NOTIFY)."""

from __future__ import annotations

import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import within
from tests.web.social_helpers import new_table, token_of
from tests.web.test_long_bot_specs import longest_stored_spec


def next_message(ws, predicate, limit: int = 50) -> dict:
    for _ in range(limit):
        message = ws.receive_json()
        if predicate(message):
            return message
    raise AssertionError("no matching message")


def test_names_and_chat_cross_processes(postgres_url: str) -> None:
    first = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    second = create_app(postgres_url, bot_workers=1, limits=Limits.off())
    with TestClient(first) as a, TestClient(second) as b:
        created = new_table(a, ["human", "human"])
        game_id = created["id"]
        with b.websocket_connect(f"/ws/games/{game_id}") as ws:   # held by the second
            ws.send_json({"type": "hello", "since": 0})
            assert ws.receive_json()["type"] == "state"
            joined = a.post(f"/api/games/{game_id}/seats/1/join",
                            json={"name": "Uma"},
                            headers={"x-keizai-token": token_of(created, 1)})
            assert joined.status_code == 200
            # the seat lines alone (a presence message): a name changes nothing else
            named = within(10, next_message, ws, lambda m: m.get("type") == "presence"
                           and m["seats"][1]["name"] == "Uma")
            assert named["seats"][0]["name"] is None
            said = a.post(f"/api/games/{game_id}/chat", json={
                "seat": 1, "token": token_of(created, 1), "text": "hi <3"})
            assert said.status_code == 201
            chat = within(10, next_message, ws, lambda m: m.get("type") == "chat")
            assert chat["text"] == "hi &lt;3" and chat["name"] == "Uma"


def test_the_longest_accepted_input_is_stored(database_url: str) -> None:
    """Found by the session-13 attack pass on PostgreSQL: a 64-character bot spec (the
    server accepted 64) did not fit `seats.agent` (32), and a chat message of 200 quotes,
    stored HTML-escaped as 1,200 characters, did not fit `chat_messages.text` (1024):
    both were a 503 for input the server had accepted. The server now accepts specs of
    200 characters (web/bots.py MAX_SPEC; the columns hold 255: migration 0016) and
    stores each in its canonical form (`canonical_spec`, 20ce457), so the longest stored
    spec is the longest canonical form of a spec inside the bounds."""
    spec = longest_stored_spec()
    assert len(spec) > 100   # the solo planner's every parameter
    with TestClient(create_app(database_url, bot_workers=1, limits=Limits.off())) as client:
        created = new_table(client, ["human", spec], game="national-economy/glory")
        assert created["seats"][1]["agent"] == spec
        stored = client.get(f"/api/games/{created['id']}").json()
        assert stored["seats"][1]["agent"] == spec
        said = client.post(f"/api/games/{created['id']}/chat",
                           json={"seat": 0, "text": '"' * 200},
                           headers={"x-keizai-token": token_of(created, 0)})
        assert said.status_code == 201, said.text
        chat = client.get(f"/api/games/{created['id']}/chat").json()
        assert chat["messages"][-1]["text"] == "&quot;" * 200
