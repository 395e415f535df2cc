"""Found by the session-27 attack pass: a chat message of characters a browser draws as
nothing was said.

The chat refuses an empty message (`web.err.chat_empty`), and drops control and format
characters (a zero-width space, a right-to-left override) before it looks. The other
characters a browser draws as nothing (`keizai.store.invisible`: the Hangul fillers, the
combining grapheme joiner, variation selectors) stayed, so a message of them alone was
stored and sent to every connection of the table as a blank line under the seat's
name. Now such a message is empty; they are kept inside a message with something to
read (a variation selector picks an emoji's form)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import create


def say(client: TestClient, game: dict, text: str):
    return client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 0, "token": game["seats"][0]["token"], "text": text})


def test_a_message_drawn_as_nothing_is_empty(client: TestClient) -> None:
    game = create(client)
    for blank in ("\u3164", "\u115f\u1160 \uffa0", "\u034f\ufe0f", "\u200b\u3164\u202e"):
        refused = say(client, game, blank)
        assert refused.status_code == 400, (blank, refused.text)
        assert refused.json()["error"]["id"] == "web.err.chat_empty"
    assert client.get(f"/api/games/{game['id']}/chat").json()["messages"] == []
    said = say(client, game, "\u2764\ufe0f gg")
    assert said.status_code == 201, said.text
    assert said.json()["text"] == "\u2764\ufe0f gg"
