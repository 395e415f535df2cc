"""The page names a Futuropia house as the terminal and the log do, by its printed price
and beds ("$8 house (5 beds)", 住宅$8（ベッド5）, 房舍$8（5床）): its card read its tile id
(L13) and its choice "house L13 (5 beds)" / 住宅13 / 房舍13, the id in other words."""

from __future__ import annotations

import re

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at
from tests.web.test_phone_words import TO_HOUSES

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
IDS = re.compile(r"\b[LS]\d{1,2}[AB]?\b|住宅\d|房舍\d")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_house_is_named_by_its_price_and_beds(browser, server, lang: str) -> None:
    game = game_at(server, "futuropia", ["human", "human"], 3, TO_HOUSES)
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector("#whole .whole-candidate", timeout=WAIT)
    text = page.inner_text("body")
    assert IDS.search(text) is None, IDS.findall(text)[:10]
    cards = page.eval_on_selector_all(
        ".fu-house[data-house]",
        "es => es.map((e) => e.querySelector('.card-name').textContent)")
    assert tr("fu.house.name", lang, price=1, beds=1) in cards, cards
    labels = page.eval_on_selector_all("#whole .whole-label", "es => es.map((e) => e.textContent)")
    assert tr("fu.house.name", lang, price=1, beds=1) in labels, labels
    assert not page.errors, page.errors
