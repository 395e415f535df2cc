"""A page of another origin that opens the site in a window keeps no handle on it.

Found by session 33's strangers' pass (h219): the answers carried CSP `frame-ancestors`
and `X-Frame-Options` (no other site may frame the page) but no
`Cross-Origin-Opener-Policy`, so a page elsewhere that opened the site with
`window.open` kept a handle on the window: it could send it to another address at any
moment (a look-alike login form in the tab the player trusts), message it and count its
frames. With `Cross-Origin-Opener-Policy: same-origin` the opened page has no opener and
the other page's handle reads as closed. The page's own how-to-play link opens a tab of
the same origin (`rel="noopener"`), which the policy leaves alone (tests/web/
test_howto.py)."""

from __future__ import annotations

import pytest

from tests.web.browser import unavailable_reason
from tests.web.test_cross_site import served_elsewhere

WAIT = 15_000
# Another origin's page: opens the address its fragment names in a new window.
OPENING_PAGE = b"""<!doctype html><title>opener</title><body><script>
window.opened = window.open(location.hash.slice(1));
</script>"""


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_another_origins_window_open_keeps_no_handle_on_the_page(browser, server) -> None:
    context = browser.new_context()
    with served_elsewhere(OPENING_PAGE) as elsewhere:
        opener = context.new_page()
        with context.expect_page(timeout=WAIT) as opened:
            opener.goto(f"{elsewhere}#{server.url}/")
        page = opened.value
        page.wait_for_load_state("load", timeout=WAIT)
        page.wait_for_selector("#app", state="attached", timeout=WAIT)
        assert page.url.startswith(server.url)
        assert page.evaluate("window.opener === null")
        opener.wait_for_function("window.opened.closed", timeout=WAIT)
