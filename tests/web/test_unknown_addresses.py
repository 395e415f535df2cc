"""Addresses of nothing, in 日本語 and 繁體中文, found typing them as a player would (a
replay link cut short, a bot's page by a wrong name): the replay of an unknown game said
only "Error: not found" (エラー：見つかりません), where the table at the same game id says
that no game has this address; the page of a bot no level is named after was headed
"bot: nonsense", in English, on a page in any language."""

from __future__ import annotations

import pytest

from keizai.i18n import catalogue
from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_replay_of_an_unknown_game_says_no_game_has_this_address(browser, server,
                                                                     lang: str) -> None:
    words = catalogue(lang)
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/replay/0123456789ab")
    page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
    assert page.inner_text("#banner") == f"{words['error']}{words['colon']}{words['not_found']}"
    assert page.errors == [] or all("404" in e for e in page.errors), page.errors


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_bot_page_by_an_unknown_name_says_not_found_in_the_page_s_language(
        browser, server, lang: str) -> None:
    """`#/bot/nonsense` was headed "bot: nonsense" in English (8255d6a headed it in the
    page's language); since 89af2ad the server answers 404 for a bot it does not run, and
    the page says so, in its language, with no heading for a bot that is not there."""
    words = catalogue(lang)
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/bot/nonsense")
    page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
    # "not found" (no game is meant: not_found says there is no game at this address)
    assert page.inner_text("#banner") == (
        f"{words['error']}{words['colon']}{words['error.not_found']}")
    assert page.query_selector("#player-name") is None
    assert page.errors == [] or all("404" in e for e in page.errors), page.errors
