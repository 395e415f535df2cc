"""The browser tests' own context pool (tests.web.browser.ContextPool): what it keeps from
one test to the next, and what it must not. Found measuring the browser tests' CPU (h134):
each test's page started a renderer process of its own for the tests' site, about half the
CPU of a table page's load, and closed it at the test's end."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import ANCHOR, ContextPool, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")


def _renderers(browser: Any) -> set[int]:
    """The process ids of the browser's renderers now."""
    session = browser.new_browser_cdp_session()
    try:
        info = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    return {process["id"] for process in info if process["type"] == "renderer"}


def _lobby(pool: ContextPool, browser: Any, server: Any) -> Any:
    page = pool.page(browser)
    page.goto(server.url)
    page.wait_for_selector("#create-game")
    return page


def test_a_tests_page_loads_the_site_in_the_renderer_the_last_tests_page_used(
        browser, server) -> None:
    """Four tests one after the other, each lent a page that loads the lobby: after the
    first, each starts one renderer process (its new tab's first, empty document) and
    loads the site in the one its context's anchor page keeps; before, each started two,
    its tab's and the site's, which ended with the test."""
    pool = ContextPool()
    try:
        _lobby(pool, browser, server)
        pool.give_back()
        seen = _renderers(browser)
        started = set()
        tests = 4
        for _ in range(tests):
            before = _renderers(browser)
            _lobby(pool, browser, server)
            started |= _renderers(browser) - before - seen
            pool.give_back()
            seen |= started
        assert len(started) < 1.5 * tests, (len(started), tests)
    finally:
        for context in pool.contexts():
            context.close()


def test_the_anchor_is_never_lent_nor_closed_and_a_lent_page_starts_clean(
        browser, server) -> None:
    """The anchor page stays on its address in the kept context; the next test's page is a
    new one, without the cookies or the page's settings the last test left."""
    pool = ContextPool()
    try:
        page = _lobby(pool, browser, server)
        context = page.context
        assert page.url != ANCHOR
        page.evaluate("localStorage.setItem('keizai.sound', 'yes')")
        context.add_cookies([{"name": "left", "value": "1", "url": server.url}])
        pool.give_back()
        assert [kept.url for kept in context.pages] == [ANCHOR]
        again = _lobby(pool, browser, server)
        assert again.context is context and again is not page and page.is_closed()
        assert again.evaluate("localStorage.getItem('keizai.sound')") is None
        assert context.cookies(server.url) == []
        assert [kept.url for kept in context.pages] == [ANCHOR, again.url]
    finally:
        for context in pool.contexts():
            context.close()
