"""The chat panel after a language switch is the one in the page. Found trying to break
the table's morph (af548e9) in Chromium (h159): the chat panel is drawn anew in another
language and the morph brought the page's panel to it, keeping the page's elements, while
the chat kept the new, detached ones as its panel: a line said after the switch went into
the detached list (not shown until the next move redrew the table) and the box sent from
kept its words (the detached copy was emptied)."""

from __future__ import annotations

import pytest

from tests.web.browser import choose_language, language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
needs_browser = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


@needs_browser
@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_chat_line_said_after_a_language_switch_is_shown_and_its_box_emptied(
        browser, server, lang) -> None:
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser)
    play_seat(page, server, game)
    page.wait_for_selector("#chat-input")
    choose_language(page, lang)
    page.fill("#chat-input", "hello after the switch")
    page.press("#chat-input", "Enter")
    page.wait_for_function("() => [...document.querySelectorAll('#chat li')]"
                           ".some((li) => li.textContent.includes('hello after the switch'))",
                           timeout=WAIT)
    assert page.input_value("#chat-input") == ""
    assert page.locator("#chat").count() == 1
    assert not page.errors, page.errors
