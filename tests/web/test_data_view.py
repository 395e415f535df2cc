"""The table's third switch shows the game's data as the server sends it (the generic
renderer: field names in English, ids, seats counted from 0), and says so in the page's
language. Found by session 31's new player's pass: on 日本語 and 中文 pages it was called
簡易表示 / 簡易顯示 ("simple view"), promising a simpler board, and showed English field
names a screen reader of the page read in Japanese or Chinese. Its words now call it the
game's data (データ, 資料) and tell how its seats are counted; its field names are marked
English (lang="en")."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
# the word for "data" a reader of each language looks for
DATA = {"en": "data", "ja": "データ", "zh-TW": "資料"}


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_data_view_says_what_it_shows(browser, server, lang: str) -> None:
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 5)
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-step]", timeout=WAIT)
    switch = page.locator("label:has(#plain-table)")
    assert DATA[lang] in switch.inner_text(), switch.inner_text()
    page.click("#plain-table")
    page.wait_for_selector(".board .generic", timeout=WAIT)
    note = page.inner_text("#data-view-note")
    # what it is, and that its seat 0 is the table's P1
    assert DATA[lang] in note and "P1" in note and "0" in note, note
    # every field name (the panels' after the first, "State", whose heading is the
    # page's) is English, and said so to a screen reader of any page
    fields = page.locator(".generic dt, .generic th, .generic section + section > h3")
    assert fields.count() > 10
    langs = fields.evaluate_all("els => els.map((el) => el.closest('[lang]').lang)")
    assert set(langs) == {"en"}, langs
    assert not page.errors, page.errors
