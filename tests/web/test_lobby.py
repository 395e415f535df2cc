"""The lobby as a new player meets it, in headless Chromium: the new-game form and the
list of games."""

from __future__ import annotations

import httpx
import pytest

from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


def test_a_game_without_options_shows_no_empty_options_box(browser, server) -> None:
    """Glory has no options: the form showed an empty dashed "Options" box; the game is
    still created from the form."""
    page = language_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "national-economy/mecenat")
    assert page.locator(".options input").count() > 0
    page.select_option("select[name=game]", "national-economy/glory")
    assert page.locator(".options").count() == 0
    page.select_option("select[name=kind-1]", "bot")
    page.click("#create-game")
    page.wait_for_selector(".invite-url", timeout=WAIT)
    assert not page.errors, page.errors

