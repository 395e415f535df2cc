"""A number option's box (the turn limit) says what it takes in the page's language, not
the browser's. Found in session 31 creating 企業帝國 in 日本語 in an English Chromium: a turn
limit of 0, 1.5 or nothing was held back, rightly, with the browser's own "Value must be
greater than or equal to 1." / "Please fill out this field." (tests/web/test_option_bounds.py
checks the bounds themselves)."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, posts_made, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("typed", ["0", "1.5", "", "3001"])
def test_a_turn_limit_out_of_bounds_is_said_in_the_pages_language(browser, server, lang: str,
                                                                  typed: str) -> None:
    page = language_page(browser, lang)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "enterprise-empire")
    box = page.locator("input[name=max_turns]")
    box.fill(typed)
    posted = posts_made(page)
    page.click("#create-game")
    page.wait_for_timeout(300)
    assert not posted, posted
    assert box.evaluate("box => box.validationMessage") == tr("option_whole_number", lang,
                                                             least=1, most=3000)
    box.fill("40")   # a number within the bounds is taken again
    assert box.evaluate("box => box.validity.valid")
    assert not page.errors, page.errors
