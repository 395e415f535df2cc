"""Futuropia's advanced set-up opens with each player buying houses for 3-8 beds, a whole
decision like a later house purchase: the houses on the board are picked by a click there
too, not only with the panel's chips (found in session 31 playing an advanced game: a
click on a house of the supply did nothing)."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def test_opening_houses_are_picked_on_the_board(browser, server) -> None:
    game = game_at(server, "futuropia", ["human", "human"], 0, options={"advanced": True})
    page = language_page(browser)
    play_seat(page, server, game, seat=1)   # the last player buys first (seed 0: seat 1)
    page.wait_for_selector("#whole")
    assert "3–8 beds" in page.inner_text("#whole-total")
    # two houses of the supply clicked on the board: 1 + 2 beds, then confirmed whole
    for house in ("L01A", "L02A"):
        page.click(f".fu .fu-house[data-pick='{house}']", timeout=WAIT)
    assert "Chosen: 3 of 3–8 beds" in page.inner_text("#whole-total")
    page.click("#whole-confirm")
    page.wait_for_function("() => document.querySelector('.table').dataset.step !== '0'",
                           timeout=WAIT)
    view = http().get(f"{server.url}/api/games/{game['id']}/view", params={"seat": 1},
                      headers={"x-keizai-token": game["seats"][1]["token"]}).json()["view"]
    bought = sorted(x["id"] for x in view["communities"][1]["houses"])
    assert bought[:2] == ["L01", "L02"], bought
    assert not page.errors
