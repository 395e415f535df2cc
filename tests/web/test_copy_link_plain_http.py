"""The lobby's Copy copies the seat's link, or says that it did not. Found in session 31
trying the invite links as a new host: a page served over plain http from another
machine's address (a LAN server, docs/web.md: --host 0.0.0.0) is no secure context, so the
browser has no navigator.clipboard; Copy then copied nothing and still said "Copied". It
now copies with the selection's copy there, and where that fails too it leaves the link
selected and says to copy it by hand."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000

# As on plain http from another address: no clipboard API. document.execCommand is watched:
# `window.copyWorks` is what it answers, `window.copied` what was selected when it ran.
NO_CLIPBOARD = """Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
document.execCommand = (command) => {
  const box = document.activeElement;
  window.copied = command === 'copy' && box && box.value !== undefined
    ? box.value.slice(box.selectionStart, box.selectionEnd) : null;
  return window.copyWorks;
};"""


def _invite(browser, server, lang: str, works: bool):
    page = language_page(browser, lang)
    page.add_init_script(NO_CLIPBOARD + f"\nwindow.copyWorks = {str(works).lower()};")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=kind-1]", "human")   # a friend to invite
    page.click("#create-game")
    page.wait_for_selector(".invites .invite-url", timeout=WAIT)
    return page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_copy_without_the_clipboard_api_copies_the_selected_link(browser, server, lang: str
                                                                 ) -> None:
    page = _invite(browser, server, lang, works=True)
    url = page.input_value(".invites .invite-url")
    button = page.locator(".invites .invite button")
    button.click()
    assert page.evaluate("window.copied") == url
    assert button.inner_text() == tr("copied", lang)
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_copy_that_cannot_copy_says_so_and_leaves_the_link_selected(browser, server,
                                                                    lang: str) -> None:
    page = _invite(browser, server, lang, works=False)
    url = page.input_value(".invites .invite-url")
    button = page.locator(".invites .invite button")
    button.click()
    assert button.inner_text() != tr("copied", lang)
    assert button.inner_text() == tr("copy_by_hand", lang)
    selected = page.evaluate("""() => { const box = document.activeElement;
      return box.value.slice(box.selectionStart, box.selectionEnd); }""")
    assert selected == url
    assert not page.errors, page.errors


def test_copy_with_the_clipboard_api_copies_the_link(browser, server) -> None:
    """This machine's own address is a secure context: the clipboard API copies, as
    before."""
    page = language_page(browser)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#create-game")
        page.select_option("select[name=kind-1]", "human")
        page.click("#create-game")
        page.wait_for_selector(".invites .invite-url", timeout=WAIT)
        url = page.input_value(".invites .invite-url")
        page.click(".invites .invite button")
        page.wait_for_selector(f".invites .invite button:text-is({tr('copied', 'en')!r})",
                               timeout=WAIT)
        assert page.evaluate("navigator.clipboard.readText()") == url
    finally:
        page.context.clear_permissions()   # the pooled context serves other tests
    assert not page.errors, page.errors
