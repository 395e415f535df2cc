"""A request that fails before the server answers it in its own words (the server cannot
be reached; a proxy in front of it answers 502 with a page of its own) is told in the
page's language: the page showed the browser's English ('Failed to fetch', 'Unexpected
token '<'...') after 「エラー：」 / 「錯誤：」, and in English too; now that the server cannot
be reached (error.unreachable) or, for a page of a proxy's own, "the request failed"
(error.http_error), in each language."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.i18n.test_games_in_three_languages import english_words
from tests.web.browser import language_page, unavailable_reason

WAIT = 15_000
reason = unavailable_reason()

FAILURES = {
    "unreachable": lambda route: route.abort("connectionrefused"),
    "proxy page": lambda route: route.fulfill(
        status=502, content_type="text/html",
        body="<html><body><h1>502 Bad Gateway</h1></body></html>"),
    "no body": lambda route: route.fulfill(status=503, body=""),
    "other page": lambda route: route.fulfill(
        status=500, content_type="text/html", body="<html><body>oops</body></html>"),
}
# The network down, or a proxy saying it could not reach the server (502, 503), is told
# as such, so the player checks the connection and tries again: "the request failed"
# said neither.
WORDS = {"unreachable": "error.unreachable", "proxy page": "error.unreachable",
         "no body": "error.unreachable", "other page": "error.http_error"}


@pytest.mark.skipif(reason is not None, reason=reason or "")
@pytest.mark.parametrize("failure", FAILURES)
@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_request_that_fails_before_the_server_answers_is_told_in_the_page_language(
        browser, server, lang: str, failure: str) -> None:
    page = language_page(browser, lang)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.route("**/api/games", FAILURES[failure])
    page.click("#create-game")
    page.wait_for_selector(f"#banner:has-text('{tr('error', lang)}')", timeout=WAIT)
    text = page.inner_text("#banner")
    assert text.startswith(tr("error", lang)), text
    assert tr(WORDS[failure], lang) in text, text
    if lang != "en":
        assert not english_words(text), text
