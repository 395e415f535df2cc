"""A mute holds at once on every `keizai serve` process on one PostgreSQL. Found by
h149/h150 reading the code, confirmed here: the host mutes a seat through one process,
and the seat's message sent through another, whose copy of the seat's flag had not yet
heard of the mute (its notice on the way), was taken and shown to everyone."""

from __future__ import annotations

import warnings

import pytest

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.social_helpers import new_table, token_of
from tests.web.test_multiprocess_succession import deaf

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")


def test_a_mute_through_one_process_holds_on_another_at_once(own_database: str) -> None:
    first = create_app(own_database, bot_workers=1, limits=Limits.off())
    second = create_app(own_database, bot_workers=1, limits=Limits.off())
    with TestClient(first) as a, TestClient(second) as b:
        created = new_table(a, ["human", "human"])
        game_id, token = created["id"], token_of(created, 1)
        chat = f"/api/games/{game_id}/chat"
        assert b.post(chat, json={"seat": 1, "token": token, "text": "hi"}).status_code \
            == 201   # held by the second, which then hears nothing more
        deaf(b)
        mute = f"{chat}/mute"
        assert a.post(mute, json={"token": created["host_token"], "seat": 1}).json() == {
            "seat": 1, "muted": True}
        said = b.post(chat, json={"seat": 1, "token": token, "text": "still here"})
        assert said.status_code == 403, said.text
        assert said.json()["error"]["code"] == "muted"
        # and the host's unmute holds there at once too
        a.post(mute, json={"token": created["host_token"], "seat": 1, "muted": False})
        assert b.post(chat, json={"seat": 1, "token": token, "text": "back"}).status_code \
            == 201
        assert [m["text"] for m in a.get(chat).json()["messages"]] == ["hi", "back"]
