"""A chat line or a name sent far longer than it may be is refused before it is cleaned.

Found in session 32's attack pass on words (keizai serve, rate limits on): the cleaning
of a chat line or a name looks at each character, and a joiner's check
(`keizai.web.joiners.joins`) walks back over the marks and joiners before it, so text
of runs of joiners and marks cost time in the square of its length, on the event loop.
One POST of a 64 KiB body ("Z" and 13,000 times a zero-width joiner and an accent) held
every game of the server 25 s, another game's summary waiting as long, and was then
refused as too long. Text sent longer than a few times the most that is kept (what
cleaning leaves out, marks past a few, characters drawn as nothing, runs of spaces,
makes no line longer) is refused at once; the page's boxes send at most the most kept.
The joiners are found in one pass (`keizai.web.joiners.joining`).
"""

from __future__ import annotations

import unicodedata

import pytest

from keizai.web.chat import MAX_CHARS
from keizai.web.social import MAX_NAME
from tests.web.conftest import create

FLOOD = "Z" + "\u200d\u0301" * 13_000   # 65 KB of JSON, within a body's 64 KiB


@pytest.fixture
def looked_at(monkeypatch) -> list[str]:
    """The characters whose Unicode category the request asked for: the cleaning asks it
    of each character sent, several times over for the marks and joiners."""
    asked: list[str] = []
    category = unicodedata.category

    def counted(char: str) -> str:
        asked.append(char)
        return category(char)
    monkeypatch.setattr(unicodedata, "category", counted)
    return asked


def test_a_chat_line_sent_far_too_long_is_refused_unread(client, looked_at) -> None:
    game = create(client, seats=["human", "human"])
    said = client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 1, "token": game["seats"][1]["token"], "text": FLOOD})
    assert said.status_code == 400, said.text
    assert said.json()["error"]["id"] == "web.err.chat_long"
    assert len(looked_at) < 100                     # before: 84.6 million


def test_a_name_sent_far_too_long_is_refused_unread(client, looked_at) -> None:
    game = create(client, seats=["human", "human"])
    joined = client.post(f"/api/games/{game['id']}/seats/1/join", json={
        "token": game["seats"][1]["token"], "name": FLOOD})
    assert joined.status_code == 400, joined.text
    assert joined.json()["error"]["id"] == "web.err.name"
    assert len(looked_at) < 100                     # before: 84.6 million


def test_text_that_cleans_to_its_most_is_still_taken(client) -> None:
    """A line of the most characters, each under a few marks too many, and a name of the
    most under marks and invisible characters: within the bound."""
    game = create(client, seats=["human", "human"])
    token = game["seats"][1]["token"]
    line = ("a" + "\u0301" * 3) * (MAX_CHARS // 4)     # 200 characters kept of 200
    said = client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 1, "token": token, "text": line + "\u200b" * 100})
    assert said.status_code == 201, said.text
    name = "W" * MAX_NAME + "\u200b" * MAX_NAME
    joined = client.post(f"/api/games/{game['id']}/seats/1/join", json={
        "token": token, "name": name})
    assert joined.status_code == 200, joined.text
    assert joined.json()["name"] == "W" * MAX_NAME
