"""企業帝國's corners have a name a screen reader says, in headless Chromium: their parts
("0", "A", "$500") were spoken run together as "0A$500"."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_corner_is_named_by_its_space_letter_revenue_and_owner(browser, server,
                                                                 lang: str) -> None:
    """P1 chooses its headquarters after the bot (P2) chose its own: the corners to
    choose are buttons named "Space 9: corner B, revenue $500", the bot's is named with
    its owner."""
    game = game_at(server, "enterprise-empire", ["human", "heuristic"], 5)
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".ee-space.corner.legal", timeout=WAIT)
    view = http().get(f"{server.url}/api/games/{game['id']}/view").json()["view"]
    assert [c["owner"] for c in view["corners"]].count(None) == 3
    for corner in view["corners"]:
        params = {"space": corner["space"], "corner": corner["letter"],
                  "revenue": corner["revenue"]}
        if corner["owner"] is None:
            name, role = tr("web.ee_corner", lang, **params), "button"
        else:
            owner = view["players"][corner["owner"]]["seat"]
            name, role = tr("web.ee_corner_owned", lang, **params, owner=owner), "group"
        cell = page.locator(f".ee-space[data-space='{corner['space']}']")
        assert cell.get_attribute("aria-label") == name
        assert page.get_by_role(role, name=name, exact=True).count() == 1, name
    if lang == "en":
        assert tr("web.ee_corner", lang, space=9, corner="B", revenue=500) \
            == "Space 9: corner B, revenue $500"
    assert not page.errors, page.errors
