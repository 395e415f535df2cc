"""A player's name of one long word breaks inside its box.

Found by the session-29 attack pass in Chromium: a seat named "W" 24 times (one word, the
longest name there is) ran out of the Seats panel and out of its chat line, and gave the
whole table page a sideways scroll, on a phone (376 px of a 360 px screen) and on a
desktop (1,137 of 1,100). A name (dom.js `isolated`, a `<bdi>`) now breaks where it must
(style.css)."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import http
from tests.web.social_helpers import PASSWORD

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
LONGEST = "W" * 24
# how far the page is wider than the window, and the names wider than their lines' boxes
OVERFLOW = """() => {
  const page = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  const names = [...document.querySelectorAll('bdi')].filter((name) => {
    const box = name.closest('li, p, div, td, span:not(bdi)') ?? name.parentElement;
    return name.getBoundingClientRect().right > box.getBoundingClientRect().right + 1;
  }).map((name) => name.textContent);
  return {page, names};
}"""


@pytest.mark.parametrize("width", [360, 1100])
def test_a_name_of_one_long_word_stays_in_its_box(browser, server, width: int) -> None:
    table = http().post(f"{server.url}/api/tables", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    tokens = [seat["token"] for seat in table["seats"]]
    base = f"{server.url}/api/games/{table['id']}"
    joined = http().post(f"{base}/seats/1/join", json={"token": tokens[1], "name": LONGEST})
    assert joined.status_code == 200, joined.text
    assert http().post(f"{base}/chat", json={"seat": 1, "token": tokens[1],
                                             "text": "hello"}).status_code == 201
    page = language_page(browser, width=width)
    page.goto(f"{server.url}/#/play/{table['id']}/0/{tokens[0]}")
    page.wait_for_selector("#chat li:has-text('hello')", timeout=WAIT)
    page.wait_for_selector(f".table bdi:has-text('{LONGEST}')", timeout=WAIT)
    assert page.evaluate(OVERFLOW) == {"page": 0, "names": []}
    assert not page.errors, page.errors


def test_an_accounts_name_of_one_long_word_stays_on_a_phones_screen(browser, server
                                                                    ) -> None:
    """The header's account link, the lobby's seat chip and the player's page."""
    page = language_page(browser, width=360)
    page.goto(f"{server.url}/")
    username = LONGEST   # an account of the test server's own database
    registered = page.request.post(f"{server.url}/api/account/register", data={
        "username": username, "password": PASSWORD})
    assert registered.status == 201, registered.text()
    made = page.request.post(f"{server.url}/api/tables", data={
        "game": "national-economy/mecenat", "seats": ["human", "open"], "own_seat": 0},
        headers={"x-csrf-token": registered.json()["csrf"]})
    assert made.status == 201, made.text()
    for address, shown in (("/", f".lobby bdi:has-text('{username}')"),
                           (f"/#/player/{username}", "#player-name")):
        page.goto(f"{server.url}{address}")
        page.reload()
        page.wait_for_selector(f"#account-link:has-text('{username}')", timeout=WAIT)
        page.wait_for_selector(shown, timeout=WAIT)
        assert page.evaluate(OVERFLOW) == {"page": 0, "names": []}, address
    assert not page.errors, page.errors
