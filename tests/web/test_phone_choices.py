"""On a phone the Choices panel stays at the top of the screen and asks for a choice the
board draws in place, which can be screens below it: a button goes there, in headless
Chromium."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
IN_SIGHT = """(el) => { const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return y > 0 && y < innerHeight && el.contains(document.elementFromPoint(x, y)); }"""


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_choice_futuropia_asks_for_is_one_tap_away(browser, server, lang: str) -> None:
    """A new player on a 390 px phone read 「表向きのアクションタイルをクリックしてくださ
    い。」 with no tile in sight: Futuropia's tiles come after the markets and the sixteen
    houses for sale, about three screens down. The Choices panel offers to go there: the
    first tile is then in sight (not under the panel) with the keyboard on it."""
    game = http().post(f"{server.url}/api/games", json={
        "game": "futuropia", "seats": ["human", "heuristic"]}).json()
    page = language_page(browser, lang, width=390, height=844)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    play_seat(page, server, game)
    tile = page.locator("[data-action='action:food'].legal")
    tile.wait_for(timeout=WAIT)
    assert not tile.evaluate(IN_SIGHT)
    go = page.locator("#choices #to-choices")
    assert go.inner_text() == tr("to_choices", lang)
    go.click()
    page.wait_for_timeout(300)
    assert tile.evaluate(IN_SIGHT)
    assert tile.evaluate("(el) => el === document.activeElement")
    assert not page.errors, page.errors


def test_no_such_button_on_a_wide_screen(browser, server) -> None:
    """Beside the board (a wide screen) the Choices panel does not offer it."""
    game = http().post(f"{server.url}/api/games", json={
        "game": "futuropia", "seats": ["human", "heuristic"]}).json()
    page = language_page(browser)
    play_seat(page, server, game)
    page.locator("[data-action='action:food'].legal").wait_for(timeout=WAIT)
    assert page.locator("#to-choices").is_hidden()
    assert not page.errors, page.errors
