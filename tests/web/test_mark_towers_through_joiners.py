"""Marks stacked on one letter are counted through the joiners between them.

Session 29 kept at most `MOST_MARKS` combining marks on a letter (`keizai.web.stacks`),
counting a run of marks; a joiner kept between two drawn characters
(`keizai.web.joiners`: a mark is one) ended the run. Found in session 32's attack pass
on words: "Z" and ten times four acute accents, each four followed by a zero-width
non-joiner, kept all forty marks, and Chromium stacks them all on the Z (the joiner is
drawn as nothing): 389 px of accents over a 40 px letter, as tall as the forty marks
session 29 refused; a name of 24 characters kept 15 of them (NFKC makes the first a Ź),
a chat line of 200 characters over 150.
"""

from __future__ import annotations

import unicodedata

import pytest

from keizai.web.joiners import JOINERS
from keizai.web.stacks import MOST_MARKS
from tests.web.conftest import create


def tallest_stack(text: str) -> int:
    """The most combining marks on one letter of `text`, the joiners among them not
    counted and ending nothing (a browser draws them as nothing)."""
    tallest = run = 0
    for char in text:
        if char in JOINERS:
            continue
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        tallest = max(tallest, run)
    return tallest


def join(client, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


def said(client, game: dict, text: str) -> str:
    answer = client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 1, "token": game["seats"][1]["token"], "text": text})
    assert answer.status_code == 201, answer.text
    return client.get(f"/api/games/{game['id']}/chat").json()["messages"][-1]["text"]


@pytest.mark.parametrize("joiner", sorted(JOINERS))
def test_marks_between_joiners_are_counted_as_one_stack(client, joiner: str) -> None:
    game = create(client, seats=["human", "human"])
    tower = "Z" + ("\u0301" * MOST_MARKS + joiner) * 4
    joined = join(client, game, 1, tower)
    assert joined.status_code == 200, joined.text
    assert tallest_stack(joined.json()["name"]) == MOST_MARKS    # before: 15
    line = said(client, game, "look " + "Z" + ("\u0301" * MOST_MARKS + joiner) * 30 + " up")
    assert tallest_stack(line) == MOST_MARKS                      # before: 120
    assert line.startswith("look Z") and line.endswith(" up")


# Persian with a non-joiner, an Indic half form, a family, a Tibetan stack
@pytest.mark.parametrize("name", ["می\u200cخواهم", "क्\u200dष", "👨\u200d👩\u200d👧",
                                  "བསྒྲུབས"])
def test_names_written_with_joiners_and_marks_keep_them(client, name: str) -> None:
    game = create(client, seats=["human", "human"])
    joined = join(client, game, 1, name)
    assert joined.status_code == 200, joined.text
    assert joined.json()["name"] == unicodedata.normalize("NFKC", name)


def test_chromium_draws_the_name_kept_no_taller_than_a_few_marks(client, browser) -> None:
    """What the reader sees: the kept name's ink above the line, measured by Chromium,
    is no taller than that of the name kept of one run of forty marks (before: three
    times as tall)."""
    game = create(client, seats=["human", "human"])
    kept = join(client, game, 1, "Z" + ("\u0301" * MOST_MARKS + "\u200c") * 4).json()["name"]
    other = create(client, seats=["human", "human"])
    one_run = join(client, other, 1, "Z" + "\u0301" * 40).json()["name"]
    page = browser.new_page()
    ascent = page.evaluate("""(texts) => texts.map((t) => {
      const c = document.createElement('canvas').getContext('2d');
      c.font = '40px sans-serif';
      return c.measureText(t).actualBoundingBoxAscent; })""",
                           [kept, one_run])
    assert ascent[0] <= ascent[1] + 1, ascent
