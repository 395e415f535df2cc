"""A character drawn as a blank space is a space in names and chat lines.

Found in session 32's attack pass on words: U+2800 BRAILLE PATTERN BLANK is a symbol to
Unicode (So: no space to `str.split`, not default-ignorable) and Chromium draws it as a
space with no ink. The name checks took it for a letter, so a seat named "P1⠀(you)" (drawn
"P1  (you)") spoke as P1 in the chat as "P1 (you)" did until session 29, "Alice⠀" sat
beside Alice drawn as her name, "⠀" was a name of nothing, and "⠀⠀⠀" a chat line of
nothing. It is now a space: collapsed, trimmed, and a word's end to the checks.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import create

BLANK = "\u2800"


def join(client, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


def test_chromium_draws_the_braille_blank_as_a_space_without_ink(browser) -> None:
    page = browser.new_page()
    width, ink = page.evaluate("""(t) => { const c = document.createElement('canvas')
      .getContext('2d'); c.font = '16px sans-serif'; const m = c.measureText(t);
      return [m.width, m.actualBoundingBoxLeft + m.actualBoundingBoxRight]; }""", BLANK)
    assert width > 0 and ink == 0


@pytest.mark.parametrize("name", [f"P1{BLANK}(you)", f"P1{BLANK}", f"host{BLANK}: paused"])
def test_a_name_that_passes_for_p1_or_the_host_through_a_blank_is_refused(client, name
                                                                           ) -> None:
    game = create(client, seats=["human", "human"])
    refused = join(client, game, 1, name)
    assert refused.status_code == 400, refused.text                # before: 200
    assert refused.json()["error"]["id"] == "web.err.name_reserved"


@pytest.mark.parametrize("name", [f"Alice{BLANK}", f"{BLANK}Alice", f"Alice{BLANK}{BLANK}(you)"])
def test_a_name_drawn_as_another_players_through_a_blank_is_refused(client, name: str
                                                                    ) -> None:
    game = create(client, seats=["human", "human"])
    assert join(client, game, 0, "Alice").status_code == 200
    refused = join(client, game, 1, name)
    assert refused.status_code in (400, 409), refused.text         # before: 200


def test_a_name_or_a_chat_line_of_blanks_alone_is_refused(client) -> None:
    game = create(client, seats=["human", "human"])
    assert join(client, game, 1, BLANK * 3).json()["error"]["id"] == "web.err.name"
    said = client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 1, "token": game["seats"][1]["token"], "text": BLANK * 3})
    assert said.status_code == 400, said.text                      # before: 201
    assert said.json()["error"]["id"] == "web.err.chat_empty"


def test_a_blank_inside_a_name_or_a_line_is_a_space(client) -> None:
    game = create(client, seats=["human", "human"])
    assert join(client, game, 1, f"Ann{BLANK}{BLANK}Lee{BLANK}").json()["name"] == "Ann Lee"
    said = client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 1, "token": game["seats"][1]["token"], "text": f"g{BLANK}g"})
    assert said.json()["text"] == "g g"
