"""A logout in one tab is a logout in the browser's other tabs too: an account screen left
open elsewhere no longer shows the account's seats and its tables' invite links. Found by
session 33's strangers' pass (h219) in Chromium: on a shared computer a player logged out
in one tab while another tab showed their account screen, which kept every invite link
of the tables they host (a guest seat's link, its token, opens that seat: its hand and
its moves) and 'Logged in as …' for as long as it stayed open. The server ends the
session and closes its seats' WebSockets (docs/web.md); the page's other tabs were never
told."""

from __future__ import annotations

import secrets

import pytest

from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")

WAIT = 10_000   # ms: a failure, not a bound
INVITE = "a[href^='#/play/']"


def test_a_logout_in_one_tab_clears_the_account_screen_of_another(browser, server) -> None:
    page = language_page(browser, "en")
    page.goto(server.url + "/#/account")
    page.wait_for_selector("#account-form")
    page.fill("[name=username]", f"tab{secrets.token_hex(4)}")
    page.fill("[name=password]", "correct horse battery")
    page.click("#register")
    page.wait_for_selector("#logout", timeout=WAIT)
    created = page.evaluate("""async () => {
        const me = (await (await fetch('/api/account')).json()).account;
        const answer = await fetch('/api/tables', {method: 'POST',
            headers: {'content-type': 'application/json', 'x-csrf-token': me.csrf},
            body: JSON.stringify({game: 'futuropia', seats: ['human', 'human']})});
        return answer.status; }""")
    assert created == 201

    other = page.context.new_page()   # the same browser's other tab
    other.goto(server.url + "/#/account")
    other.wait_for_selector(INVITE, timeout=WAIT)   # the hosted table's invite links

    page.click("#logout")
    page.wait_for_selector("#account-form", timeout=WAIT)
    other.wait_for_selector("#account-form", timeout=WAIT)
    assert other.locator(INVITE).count() == 0
    assert not other.locator("#logout").count()
    assert not page.errors, page.errors
