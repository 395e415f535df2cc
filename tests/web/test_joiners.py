"""Zero-width joiners are kept where they join two characters, in the chat and in names.

Found in session 29: the chat turned every format character into a space, the zero-width
joiner and non-joiner too, and names dropped them: a family emoji (👨‍👩‍👧) was said as
three people, the rainbow flag (🏳️‍🌈) as a white flag and a rainbow, and the Persian
"می‌خواهم" and the Devanagari half form "क्‍ष" lost the joins their letters are shaped
by. Joiners between two drawn characters are kept now (`keizai.web.joiners`); what hides
or reorders text still goes, and a name checks read without its joiners."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
RAINBOW = "\U0001f3f3\ufe0f\u200d\U0001f308"
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
DEVANAGARI = "\u0915\u094d\u200d\u0937"


def say(client: TestClient, game: dict, text: str):
    return client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 0, "token": game["seats"][0]["token"], "text": text})


def join(client: TestClient, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


@pytest.mark.parametrize("text", [FAMILY, RAINBOW, PERSIAN, DEVANAGARI,
                                  f"gg {FAMILY} {RAINBOW}!"])
def test_a_message_keeps_its_joined_emoji_and_letters(client: TestClient, text: str) -> None:
    game = create(client)
    said = say(client, game, text)
    assert said.status_code == 201, said.text
    assert said.json()["text"] == text
    assert client.get(f"/api/games/{game['id']}/chat").json()["messages"][-1]["text"] == text


@pytest.mark.parametrize(("text", "stored"), [
    ("a\u200d\u200d\u200db", "a\u200db"),            # a run of joiners is one
    ("\u200dgg\u200d", "gg"),                         # nothing to join at either end
    ("gg \u200d\u200c wp", "gg wp"),                  # nor between spaces
    ("ab\u202ecd", "ab cd"),                          # an override still goes
    (f"\u202e{FAMILY}\u2066", FAMILY),
])
def test_what_hides_or_reorders_text_still_goes(client: TestClient, text: str,
                                                stored: str) -> None:
    game = create(client)
    said = say(client, game, text)
    assert said.status_code == 201, said.text
    assert said.json()["text"] == stored


def test_a_message_of_joiners_alone_is_empty(client: TestClient) -> None:
    game = create(client)
    refused = say(client, game, "\u200d\u200c\u200d")
    assert refused.status_code == 400 and refused.json()["error"]["id"] == "web.err.chat_empty"


@pytest.mark.parametrize("name", [FAMILY, PERSIAN, f"{DEVANAGARI} {FAMILY}"])
def test_a_name_keeps_its_joined_emoji_and_letters(client: TestClient, name: str) -> None:
    game = create(client, seats=["human", "human"])
    joined = join(client, game, 0, name)
    assert joined.status_code == 200, joined.text
    assert joined.json()["name"] == name


def test_a_name_with_a_joiner_is_read_without_it(client: TestClient) -> None:
    game = create(client, seats=["human", "human", "human"])
    assert join(client, game, 0, "Alice").status_code == 200
    taken = join(client, game, 1, "Al\u200dice")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"
    for name in ("P\u200d1", "ho\u200cst", "P\u200d1 (you)"):
        refused = join(client, game, 1, name)
        assert refused.status_code == 400, (name, refused.text)
        assert refused.json()["error"]["id"] == "web.err.name_reserved"
