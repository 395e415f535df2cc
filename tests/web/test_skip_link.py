"""A keyboard player reaches the game's choices from the top of a table page with one Tab
and Enter (WCAG 2.4.1, bypass blocks): a link to skip the site's and the table's
controls, shown when it has the focus, in the page's language (headless Chromium)."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import focused, language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
# The focused element: its text, whether it is on the board and the first choice there,
# and its box (in the window or not).
FOCUS = """() => { const a = document.activeElement; const r = a.getBoundingClientRect();
  return { text: a.textContent.trim(), action: a.dataset.action ?? null,
    first: a === document.querySelector('.board .legal'),
    seen: r.width > 20 && r.height > 10 && r.top >= 0 && r.bottom <= innerHeight }; }"""


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_one_tab_and_enter_reach_the_first_choice(browser, server, lang: str) -> None:
    """Futuropia's first turn at two: the first Tab of the page is the skip link, in
    sight while it has the focus (out of sight without it), and Enter puts the keyboard on
    the first action tile the board offers. Before, eight Tabs (the site's links, the
    language, the table's switches, the Choices panel's Hide) came first."""
    game = game_at(server, "futuropia", ["human", "human"], 5)
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".board .legal", timeout=WAIT)
    link = page.locator("#skip-link")
    assert link.bounding_box() is None or link.bounding_box()["width"] <= 1
    page.keyboard.press("Tab")
    now = page.evaluate(FOCUS)
    assert now["text"] == tr("web.skip_to_choices", lang), focused(page)
    assert now["seen"], now
    page.keyboard.press("Enter")
    now = page.evaluate(FOCUS)
    assert now["first"] and now["action"].startswith("action:"), focused(page)
    assert now["seen"], now
    assert not page.errors, page.errors


def test_with_no_choice_the_skip_link_lands_on_the_decisions_prompt(browser, server
                                                                    ) -> None:
    """The other seat's page, on a phone: nothing to choose, so Enter puts the keyboard on
    the Choices panel's line that says whose turn it is (a screen reader reads it)."""
    game = game_at(server, "national-economy/glory", ["human", "human"], 3)
    page = language_page(browser, "zh-TW", width=360, height=740)
    play_seat(page, server, game, seat=1)
    page.wait_for_selector(".table[data-turn=other]", timeout=WAIT)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS)["text"] == tr("web.skip_to_choices", "zh-TW"), focused(page)
    page.keyboard.press("Enter")
    now = page.evaluate(FOCUS)
    assert now["text"] == page.inner_text("#status") and now["seen"], (now, focused(page))
    assert not page.errors, page.errors
