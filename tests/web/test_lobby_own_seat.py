"""After creating a game in the lobby, the creator's own seat is shown as theirs, apart
from the links to send to other players, in headless Chromium."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


def _create(page, server, kinds: list[str]) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "national-economy/mecenat")
    page.select_option("select[name=players]", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.select_option(f"select[name=kind-{seat}]", kind)
    page.click("#create-game")
    page.wait_for_selector(".own-seat", timeout=WAIT)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ones_own_seat_against_bots_is_no_invitation(browser, server, lang: str) -> None:
    """A game against a bot listed the creator's own seat under "Invite links", as if it
    were a link to send: it is the creator's seat, shown as such, with no invitations."""
    page = language_page(browser, lang)
    _create(page, server, ["human", "bot"])
    assert page.locator(".invites").count() == 0
    own = page.locator(".own-seat")
    assert own.locator("h2").inner_text() == tr("your_seat", lang)
    link = own.locator("input.own-url")
    assert link.get_attribute("aria-label") == tr("seat_link", lang, "P1")
    assert "/#/play/" in link.input_value() and "/0/" in link.input_value()
    own.locator("[data-play-seat='0']").click()
    page.wait_for_selector(".table[data-step]", timeout=WAIT)
    assert not page.errors, page.errors


def test_with_a_second_person_only_their_seat_is_an_invitation(browser, server) -> None:
    """Two invited seats: the first is the creator's own, the second's link is the one to
    send."""
    page = language_page(browser)
    _create(page, server, ["human", "human", "bot"])
    assert page.locator(".own-seat input").evaluate_all(
        "ls => ls.map((l) => l.dataset.seat)") == ["0"]
    assert page.locator(".invites input").evaluate_all(
        "ls => ls.map((l) => l.dataset.seat)") == ["1"]
    assert page.locator(".invites input").get_attribute("aria-label") == "Link to P2"
    assert not page.errors, page.errors
