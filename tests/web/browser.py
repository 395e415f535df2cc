"""Headless Chromium (Debian's package) driven by Playwright for Python."""

from __future__ import annotations

import os

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


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


def language_page(browser, lang: str = "en", width: int = 1100, height: int = 900):
    """A new page in `lang` (the page's own setting), its script errors and console errors
    gathered in `page.errors`."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('keizai.lang', '{lang}')")
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    return page


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
