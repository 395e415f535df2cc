"""Headless Chromium (Debian's package) driven by Playwright for Python."""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = "/usr/bin/chromium"
# --process-per-site: a context's pages of one site (127.0.0.1, whatever the port) share one
# renderer process, which ContextPool's anchor page keeps from one test to the next.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--process-per-site"]


def unavailable_reason() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is not installed (run scripts/system-deps.sh as root)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    return None


def focused(page) -> str:
    """The focused element as "TAG id classes action": what a keyboard user is on."""
    return page.evaluate("""() => { const a = document.activeElement;
      return [a.tagName, a.id, a.className, a.dataset.action ?? a.dataset.pick ?? ""]
        .join(" "); }""")


def table_step(page) -> str:
    """The step of the game the table shows (its data-step)."""
    return page.get_attribute(".table", "data-step")


# A page's first load of each address clears what an earlier test left in its context's
# localStorage (sessionStorage is the tab's own, so reloads and later loads keep it).
_FRESH_STORAGE = """if (!sessionStorage.getItem('keizai.test.fresh')) {
  localStorage.clear(); sessionStorage.setItem('keizai.test.fresh', '1'); }"""


# Where a pooled context's anchor page stays: the site of every test server (127.0.0.1),
# answered by the page's own route (port 9 is discard: nothing there is asked for).
ANCHOR = "http://127.0.0.1:9/keizai-test-anchor"


class ContextPool:
    """Browser contexts lent to one test at a time and then kept for the next: a new
    context costs its browser about 1 s of CPU per page on two cores (a new profile, a
    renderer, every static file fetched and compiled again), half the CPU of a browser
    test. A test gets one context per page it opens, as before; at its end its pages are
    closed, its cookies cleared, and a page's first load of an address clears the
    localStorage an earlier test left (`_FRESH_STORAGE`). The HTTP cache stays: a test
    about what the browser fetches asks for a fresh context (`language_page(fresh=True)`).

    Each context also holds an anchor page of its own, never lent, on the tests' site: with
    --process-per-site the renderer process of that site then outlives each test's pages,
    and the next test's pages load in it instead of starting one of their own (a new
    renderer cost about as much CPU as the table page it loads, 0.4-0.5 s of 0.9-1.1)."""

    def __init__(self) -> None:
        self.idle: dict[Any, list[Any]] = {}   # browser -> contexts free for the next test
        self.lent: list[tuple[Any, Any]] = []  # (browser, context) lent in this test

    def page(self, browser: Any) -> Any:
        free = self.idle.setdefault(browser, [])
        context = free.pop() if free else _anchored(browser.new_context(
            viewport={"width": 1100, "height": 900}, locale="en-US"))
        self.lent.append((browser, context))
        page = context.new_page()
        page.add_init_script(_FRESH_STORAGE)
        return page

    def give_back(self) -> None:
        """Once a test ends: its contexts emptied and free again."""
        lent, self.lent = self.lent, []
        for browser, context in lent:
            if not browser.is_connected() or context not in browser.contexts:
                continue   # the browser died, or the test closed the context
            for page in context.pages:
                if page.url != ANCHOR:
                    page.close()
            context.clear_cookies()
            self.idle.setdefault(browser, []).append(context)

    def forget(self, browser: Any) -> None:
        """The browser's contexts are gone (it died)."""
        self.idle.pop(browser, None)

    def contexts(self) -> set[Any]:
        return {context for contexts in self.idle.values() for context in contexts} | {
            context for _, context in self.lent}


def _anchored(context: Any) -> Any:
    """`context` with its anchor page open (`ContextPool`)."""
    anchor = context.new_page()
    anchor.route(ANCHOR, lambda route: route.fulfill(body="", content_type="text/html"))
    anchor.goto(ANCHOR)
    return context


POOL = ContextPool()


def language_page(browser, lang: str = "en", width: int = 1100, height: int = 900,
                  fresh: bool = False):
    """A new page in `lang` (the page's own setting), its script errors and console errors
    gathered in `page.errors`; in a context of its own for the test (`ContextPool`), a new
    one with an empty cache if `fresh`."""
    if fresh:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      locale="en-US")
        page = context.new_page()
    else:
        page = POOL.page(browser)
        if (width, height) != (1100, 900):
            page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(f"localStorage.setItem('keizai.lang', '{lang}')")
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    return page


def in_time_zone(page: Any, zone: str) -> None:
    """`page`'s clock in `zone` (an IANA name) rather than the browser's (UTC), as a
    context's timezone_id sets it but for this page alone: the pool's contexts serve every
    test. Chromium keeps the override while the page lives (across its loads) and drops it
    when the page closes (`ContextPool.give_back`)."""
    page.context.new_cdp_session(page).send("Emulation.setTimezoneOverride",
                                            {"timezoneId": zone})


def play_seat(page, server, game: dict, seat: int = 0) -> None:
    """Open `seat`'s table of `game` (created on `server`) by its invite link."""
    page.goto(f"{server.url}/#/play/{game['id']}/{seat}/{game['seats'][seat]['token']}")
    page.wait_for_selector(".table")


def choose_language(page, lang: str) -> None:
    """Choose `lang` in the page's language menu and wait until the page is drawn in it:
    a language's catalogue is fetched the first time it is chosen (i18n.js), and the page
    keeps its language until then."""
    page.select_option("#lang-select", lang)
    page.wait_for_selector(f"html[lang='{'zh-Hant' if lang == 'zh-TW' else lang}']",
                           state="attached")


def posts_made(page) -> list[str]:
    """The addresses of the POST requests `page` makes from now on (a form the browser
    held back makes none)."""
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
    return posted
