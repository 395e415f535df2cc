"""The page names a Futuropia generator as the terminal and the log do, by its kind and
printed price ("$4 food", 食料$4) or, a starting one, its kind and output: its card read
its tile id (F04, P06 …), which reads like a seat (P1, P2)."""

from __future__ import annotations

import re

import httpx
import pytest

from keizai.i18n import tr
from keizai.rules.futuropia.data import components
from tests.web.browser import language_page, play_seat, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000
IDS = re.compile(r"\b(" + "|".join(g.id for g in components().generators) + r")\b")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_generator_card_is_named_by_what_it_is(browser, server, lang: str) -> None:
    game = httpx.post(f"{server.url}/api/games", json={
        "game": "futuropia", "seats": ["human", "human"], "seed": 1}).json()
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".fu-market .fu-gen .card-name", timeout=WAIT)
    names = page.locator(".fu-gen .card-name").all_inner_texts()
    assert names and not any(IDS.search(name) for name in names), names
    food = tr("fu.kind.food", lang)
    assert tr("fu.tui.gen_bought", lang, kind=food, price=4) in names, names
    assert tr("fu.tui.gen_start", lang, kind=food, output=2) in names, names
    assert not page.errors, page.errors
