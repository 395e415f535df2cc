"""A name or a chat line cannot stack dozens of combining marks on one letter.

Found by the session-29 attack pass in Chromium: a seat named "Z" under 23 marks (U+030D,
"Zalgo" text; 24 characters, within the limit) was drawn as a tower that crossed the
other seats' lines and the Seats panel's heading. At most `MOST_MARKS` marks stay on a
letter (`keizai.web.stacks`); writing needs no more."""

from __future__ import annotations

import unicodedata

import pytest

from keizai.web.stacks import MOST_MARKS
from tests.web.conftest import create

TOWER = "Z" + "\u030d" * 23


def tallest_stack(text: str) -> int:
    """The most combining marks on one letter of `text`."""
    tallest = run = 0
    for char in text:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        tallest = max(tallest, run)
    return tallest


def join(client, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


def test_a_name_and_a_chat_line_keep_a_few_marks_on_a_letter(client) -> None:
    game = create(client, seats=["human", "human"])
    joined = join(client, game, 1, TOWER)
    assert joined.status_code == 200, joined.text
    assert joined.json()["name"] == "Z" + "\u030d" * MOST_MARKS
    said = client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 1, "token": game["seats"][1]["token"],
        "text": "o" + "\u0489" * 100 + "k" + "\u0336\u030d" * 90})
    assert said.status_code == 201, said.text
    text = client.get(f"/api/games/{game['id']}/chat").json()["messages"][-1]["text"]
    assert text == "o" + "\u0489" * MOST_MARKS + "k" + "\u0336\u030d" * (MOST_MARKS // 2)
    assert tallest_stack(text) == MOST_MARKS


# pointed Hebrew, Vietnamese and Thai written with their marks, a Tibetan stack
@pytest.mark.parametrize("name", ["שָׁלוֹם", "Vie\u0323\u0302t", "ผู้เล่น", "བསྒྲུབས"])
def test_names_written_with_marks_keep_them(client, name: str) -> None:
    game = create(client, seats=["human", "human"])
    joined = join(client, game, 1, name)
    assert joined.status_code == 200, joined.text
    assert joined.json()["name"] == unicodedata.normalize("NFKC", name)
