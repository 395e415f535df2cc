"""A National Economy card one can choose is named with what its figures are (headless
Chromium's accessibility tree, in the page's language)."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at
from tests.web.test_control_names import controls

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


@pytest.mark.parametrize(("lang", "cost", "value"), [
    ("en", "Cost 3 Settler Value 14", "Cost 3 Restaurant Value 16"),
    ("ja", "コスト 3 開拓民 価値 14", "コスト 3 レストラン 価値 16"),
    ("zh-TW", "建設費用 3", "價值 16"),
])
def test_a_card_to_build_says_its_cost_and_value(browser, server, lang: str, cost: str,
                                                value: str) -> None:
    """Progress seed 3 at the Carpenter: the hand's cards to build were read '3 Settler 14
    Build 1 agriculture-icon building ...', the cost and the value bare numbers (their
    words are the figures' titles, which a card's name leaves out)."""
    game = game_at(server, "national-economy/progress", ["human", "human"], 3,
                   ["place:carpenter"])
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".board .card[role=button]", timeout=WAIT)
    names = [name for role, name, html in controls(page) if 'class="card' in html]
    assert len(names) == 2
    assert cost in names[0], names
    assert value in names[1], names
    assert not page.errors, page.errors
