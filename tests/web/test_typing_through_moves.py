"""Typing on the table while the game goes on, in headless Chromium: every move draws the
table anew, and what is being typed (a name to sit down under, a chat message) stays, with
the focus and the caret where they were."""

from __future__ import annotations

import httpx
import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def _move_of_the_other_seat(server, game: dict) -> None:
    headers = {"x-keizai-token": game["seats"][0]["token"]}
    view = httpx.get(f"{server.url}/api/games/{game['id']}/view", params={"seat": 0},
                     headers=headers).json()
    reply = httpx.post(f"{server.url}/api/games/{game['id']}/actions", json={
        "seat": 0, "token": game["seats"][0]["token"], "action": view["legal"][0]["name"]})
    assert reply.status_code == 200, reply.text


@pytest.mark.parametrize("box, typed, more", [
    ("#player-name", "Ann", "e"),      # its text was wiped, the caret put at its start
    ("#chat-input", "Hello", "!"),     # the focus was lost: the next keys went nowhere
])
def test_what_is_being_typed_survives_the_other_players_move(browser, server, box: str,
                                                             typed: str, more: str) -> None:
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser)
    play_seat(page, server, game, seat=1)
    page.wait_for_selector(box, timeout=WAIT)
    page.focus(box)
    page.keyboard.type(typed)
    _move_of_the_other_seat(server, game)
    page.wait_for_selector(".table:not([data-step='0'])", timeout=WAIT)
    page.keyboard.type(more)
    assert page.input_value(box) == typed + more
    assert page.evaluate("document.activeElement.id") == box[1:]
    assert not page.errors, page.errors
