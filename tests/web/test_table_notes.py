"""What a player met at the web table, in headless Chromium: the Undo button vanished
without a reason."""

from __future__ import annotations

import pytest

from keizai import i18n
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


def test_undo_says_why_it_is_gone(browser, server) -> None:
    """Seed 1: after P1's School the bot draws at the Mine. The Undo button stays,
    disabled, with the reason beside it and as its title, in the page's language."""
    game = game_at(server, "national-economy/mecenat", ["human", "random"], 1)
    page = language_page(browser, "ja")
    play_seat(page, server, game)
    page.click(".workplace.legal[data-action='place:school']")
    page.wait_for_selector("#undo[disabled]", timeout=WAIT)
    why = i18n.tr("web.undo.revealed_by", "ja", seat=1)
    assert page.inner_text("#undo-why").strip() == why
    assert page.get_attribute("#undo", "title") == why
    assert not page.errors, page.errors
