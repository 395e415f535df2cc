"""A seat handed to a bot and taken back is drawn right on every page, now that the other
pages learn it from a presence message, not a view (session 32, h207: a hand-over and a
take-back sent every page a whole state; tests/web/test_handover_flood.py). In Chromium:
P2 hands their seat to a bot; P1's Seats panel says P2 is away with a bot standing in,
P2's page shows "a bot is playing for you [I'm back]", the lobby lists P2 so; P2 clicks
"I'm back": the bar goes, P1's panel and the lobby show P2 as a person again."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 30_000


def seat_line(page, seat: int) -> str:
    return page.locator(".seats-panel li").nth(seat).inner_text()


def lobby_says(page, game_id: str, seat: int, text: str, says: bool = True) -> None:
    """Wait until the lobby's chip of `seat` in the game's line holds `text` (or does
    not), asking for the list afresh (its Refresh) until it does."""
    chip = f".list [data-game-id='{game_id}'] .chip"
    for _ in range(10):
        page.locator(".list h2 button").click()
        try:
            page.wait_for_function(
                "([chip, seat, text, says]) => { const c = document.querySelectorAll(chip)"
                "[seat]; return Boolean(c) && c.innerText.includes(text) === says; }",
                arg=[chip, seat, text, says], timeout=3000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(page.locator(chip).nth(seat).inner_text())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hand_over_and_back_are_drawn_on_every_page(browser, server, lang: str) -> None:
    game = http().post(f"{server.url}/api/tables", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    first, second, lobby = (language_page(browser, lang) for _ in range(3))
    play_seat(first, server, game, 0)
    play_seat(second, server, game, 1)
    lobby.goto(f"{server.url}/#/")
    away = tr("seat_away_bot", lang)
    first.wait_for_function(
        "([text]) => document.querySelectorAll('.seats-panel li')[1]?.innerText"
        ".includes(text)", arg=[tr("connected", lang)], timeout=WAIT)
    handed = http().post(f"{server.url}/api/games/{game['id']}/seats/1/bot",
                         json={"token": game["seats"][1]["token"]})
    assert handed.status_code == 200, handed.text
    second.wait_for_selector("#away-bar #im-back", timeout=WAIT)
    first.wait_for_function(
        "([text]) => document.querySelectorAll('.seats-panel li')[1]?.innerText"
        ".includes(text)", arg=[away], timeout=WAIT)
    lobby_says(lobby, game["id"], 1, away)
    second.click("#im-back")
    second.wait_for_selector("#away-bar", state="detached", timeout=WAIT)
    first.wait_for_function(
        "([text]) => !document.querySelectorAll('.seats-panel li')[1]?.innerText"
        ".includes(text)", arg=[away], timeout=WAIT)
    assert tr("connected", lang) in seat_line(first, 1)
    lobby_says(lobby, game["id"], 1, away, says=False)
    # P1's turn is still P1's to play
    first.wait_for_selector(".table[data-turn='mine']", timeout=WAIT)
    for page in (first, second, lobby):
        assert not page.errors, page.errors
