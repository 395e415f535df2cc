"""National Economy's "Your hand" panel says the hand is empty when it is: found by session
31's new player's pass, the panel was drawn with its heading and nothing under it."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
EMPTY = {"en": "No cards in hand.", "ja": "手札はありません。", "zh-TW": "手牌中沒有牌。"}


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_an_empty_hand_says_so(browser, server, lang: str) -> None:
    # Progress, seed 9: P1's Carpenter builds the Law Office for 2 cards, the last two;
    # P1 holds no card and no Consumer Item, P2 its 3 cards
    game = game_at(server, "national-economy/progress", ["human", "human"], 9,
                   ["place:carpenter"])
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector("#hand", timeout=WAIT)
    assert page.locator("#hand .card").count() == 0
    assert page.inner_text("#hand-empty") == EMPTY[lang]
    other = language_page(browser, lang)
    play_seat(other, server, game, seat=1)
    other.wait_for_selector("#hand .card", timeout=WAIT)
    assert other.locator("#hand-empty").count() == 0
    assert not page.errors and not other.errors, (page.errors, other.errors)
