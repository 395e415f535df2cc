"""The lobby's seed box takes only a seed the server takes and the page sends as typed: a
whole number from 0 up to 2**53-1 (JavaScript's exact integers). Found in session 31
creating games as a new player: "-5" was sent and refused with the bare "missing field or
invalid value" (which field, it did not say), in any language; "abc" was sent as no seed at
all (Number("abc") is NaN, which JSON writes null), so the game was made with a random seed,
and rated, while its creator believed they had chosen one; 2.5 was sent and refused the
same way; a 16-digit seed was sent rounded to another. The browser now holds such a box
back and says why in the page's language, as it holds back the turn limit's
(tests/web/test_option_bounds.py)."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, posts_made, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


@pytest.mark.parametrize("typed", ["-5", "2.5", "abc", "9007199254740993"])
def test_a_seed_the_server_would_refuse_or_not_get_is_held_back(browser, server, typed: str
                                                                ) -> None:
    page = language_page(browser, "ja")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=players]", "1")
    box = page.locator("input[name=seed]")
    box.fill(typed)
    posted = posts_made(page)
    page.click("#create-game")
    page.wait_for_timeout(300)
    assert not posted, posted
    assert page.locator("[data-play-seat]").count() == 0
    assert box.evaluate("box => box.validationMessage") == tr("seed_invalid", "ja")
    assert not page.errors, page.errors


def test_a_seed_of_digits_is_sent_as_typed(browser, server) -> None:
    """The bound keeps what the page can send exactly: 15 digits arrive as typed (blanks
    around them cut), and the game is made."""
    page = language_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=players]", "1")
    page.fill("input[name=seed]", " 999999999999999 ")
    with page.expect_request(lambda r: r.url.endswith("/api/tables")) as asked:
        page.click("#create-game")
    assert asked.value.post_data_json["seed"] == 999_999_999_999_999
    page.wait_for_selector("[data-play-seat]", timeout=WAIT)
    assert not page.errors, page.errors
