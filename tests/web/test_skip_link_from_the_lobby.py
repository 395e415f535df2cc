"""A keyboard player who opens their table from the lobby (Enter on their seat's link)
reaches the skip link with the first Tab, as one who loads the table's address does
(tests/web/test_skip_link.py). Found in session 31 playing from the keyboard: the lobby's
link was gone with the lobby, Chromium went on from where it had been, past the skip link
(the body's first child) and the site's header, and the first Tab landed on the table's
"How to play"; the choices were eight Tabs away."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import focused, language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_first_tab_on_a_table_opened_from_the_lobby_is_the_skip_link(
        browser, server, lang: str) -> None:
    page = language_page(browser, lang)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=kind-1]", "bot")
    page.focus("#create-game")
    page.keyboard.press("Enter")
    page.wait_for_selector(".own-seat", timeout=WAIT)   # the focus is on one's seat's link
    page.keyboard.press("Enter")
    page.wait_for_selector(".board .legal", timeout=WAIT)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-link", focused(page)
    assert page.inner_text("#skip-link") == tr("web.skip_to_choices", lang)
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('.board') !== null"), focused(page)
    assert not page.errors, page.errors
