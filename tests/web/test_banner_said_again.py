"""The banner's words are said each time the banner shows them, in headless Chromium.

Found by h178 checking session 29's note on dom.js `banner`: a hidden banner kept its
words, and a banner shown again with the same words ("Reconnecting…" at a second outage,
the same refusal again) was not said, since they were "already there": a screen reader's
player heard of the first outage and never of the second, which the screen showed."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at
from tests.web.test_reconnect_log import Outage

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def _outage(page, outage: Outage) -> list[str]:
    """The connection down and back: the lines the live region said meanwhile."""
    page.evaluate("document.getElementById('announce').replaceChildren()")
    outage.begin()
    page.wait_for_selector(".table.offline", state="attached", timeout=WAIT)
    assert page.inner_text("#banner") == "Reconnecting…"
    page.wait_for_timeout(300)   # the live region's 50 ms
    said = page.locator("#announce p").all_inner_texts()
    outage.end()
    page.wait_for_selector(".table:not(.offline)", state="attached", timeout=WAIT)
    assert page.is_hidden("#banner")
    return said


def test_a_second_outage_is_said_as_the_first(browser, server) -> None:
    game = game_at(server, "national-economy/progress", ["human"], 0)
    page = language_page(browser)
    outage = Outage(page)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-step='0']", timeout=WAIT)
    # the first draw's words said: the live region is quiet before the outages
    page.wait_for_selector("#announce p:text-is('Your turn')", state="attached", timeout=WAIT)
    for outage_no in (1, 2):
        assert "Reconnecting…" in _outage(page, outage), f"outage {outage_no} was not said"
    assert page.inner_text("#banner") == "", "a hidden banner keeps no words"
    assert not page.errors, page.errors
