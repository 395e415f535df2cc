"""A table with a bot that is not on the rating ladder (a spec other than a level or a plain
kind: keizai.web.ratings.on_ladder) is unrated from its start (`custom_bot`), and its chip
says why from the first turn, in the reader's language, as a chosen seed's does."""

from __future__ import annotations

import httpx
import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_chip_says_a_custom_bot_makes_the_game_unrated(browser, server,
                                                            lang: str) -> None:
    game = httpx.post(f"{server.url}/api/tables", json={
        "game": "futuropia", "players": 2,
        "seats": ["human", "heuristic:epsilon=0.5"]}).json()
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-turn='mine']", timeout=WAIT)
    assert page.inner_text("#rated").strip() == tr("unrated", lang) + tr(
        "paren", lang, tr("why_custom_bot", lang))
    assert not page.errors, page.errors
