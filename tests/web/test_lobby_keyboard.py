"""The lobby from the keyboard, in headless Chromium: where the focus is after creating a
game and after the games list refreshes itself."""

from __future__ import annotations

import httpx
import pytest

from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000
ACTIVE = """() => { const a = document.activeElement;
  return [a.tagName, a.getAttribute('href') ?? '', a.dataset.playSeat ?? '',
          a.dataset.old ?? ''].join(' '); }"""


def test_creating_a_game_from_the_keyboard_goes_on_to_ones_seat(browser, server) -> None:
    """Enter on Create drew the lobby anew and the focus fell to the top of the page (the
    keyboard went through the header and the whole form again to reach the new game): it
    goes to the new game's own seat, and Enter opens it."""
    page = language_page(browser, "ja")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=kind-1]", "bot")
    page.focus("#create-game")
    page.keyboard.press("Enter")
    page.wait_for_selector(".own-seat", timeout=WAIT)
    assert page.evaluate(ACTIVE).startswith("A ") and " 0 " in page.evaluate(ACTIVE), \
        page.evaluate(ACTIVE)
    page.keyboard.press("Enter")
    page.wait_for_selector(".table[data-step]", timeout=WAIT)
    assert not page.errors, page.errors


def test_the_games_list_refreshing_itself_keeps_the_focus(browser, server) -> None:
    """Every 5 s the lobby draws its games list anew: a keyboard's focus on a game's Watch
    link fell to the top of the page each time. It stays on that game's link."""
    created = httpx.post(f"{server.url}/api/games", json={
        "game": "national-economy/glory", "seats": ["human", "random"]}).json()
    watch = f"#/watch/{created['id']}"
    page = language_page(browser)
    page.goto(server.url + "/")
    link = page.locator(f".game-row a[href='{watch}']")
    link.wait_for(timeout=WAIT)
    link.focus()
    link.evaluate("a => { a.dataset.old = 'yes'; }")   # the element before a refresh
    page.wait_for_selector(f".game-row a[href='{watch}']:not([data-old])",
                           state="attached", timeout=WAIT)   # drawn anew
    page.wait_for_timeout(100)
    assert page.evaluate(ACTIVE) == f"A {watch}  ", page.evaluate(ACTIVE)
    assert not page.errors, page.errors
