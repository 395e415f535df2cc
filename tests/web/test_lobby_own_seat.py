"""After creating a game in the lobby, the creator's own seat is shown as theirs, apart
from the links to send to other players, in headless Chromium."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


def _create(page, server, kinds: list[str], mine: str | None = None,
            shown: str = ".own-seat") -> None:
    """Create a game of seats `kinds` in the lobby, the creator's seat chosen (`mine`: a
    seat's number, "" for none) or left as offered; wait for `shown`."""
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "national-economy/mecenat")
    page.select_option("select[name=players]", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.select_option(f"select[name=kind-{seat}]", kind)
    if mine is not None:
        page.select_option("select[name=mine]", mine)
    page.click("#create-game")
    page.wait_for_selector(shown, timeout=WAIT)


def _seats(page, links: str) -> list[str]:
    return page.locator(f"{links} input").evaluate_all("ls => ls.map((l) => l.dataset.seat)")


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


def test_the_creator_plays_the_seat_they_choose(browser, server) -> None:
    """The lobby took the first invited seat to be the creator's: inviting a friend to P1
    and playing P2 showed the friend's link as "Your seat" and P2's as the one to send.
    The creator says which seat is theirs."""
    page = language_page(browser)
    _create(page, server, ["human", "human"], mine="1")
    assert _seats(page, ".own-seat") == ["1"]
    assert _seats(page, ".invites") == ["0"]
    assert not page.errors, page.errors


def test_a_creator_who_only_invites_has_no_seat_of_their_own(browser, server) -> None:
    """A game for others (the creator plays no seat) showed P1's link as the creator's
    own; every link is one to send, and the keyboard goes on to the first."""
    page = language_page(browser, "ja")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=kind-0]", "bot")
    page.select_option("select[name=kind-1]", "human")
    offered = page.locator("select[name=mine] option").evaluate_all(
        "os => os.map((o) => [o.value, o.text])")
    assert offered == [["1", "P2"], ["", tr("lobby_you_play_none", "ja")]]
    _create(page, server, ["human", "human"], mine="", shown=".invites")
    assert page.locator(".own-seat").count() == 0
    assert _seats(page, ".invites") == ["0", "1"]
    assert page.evaluate("() => document.activeElement.dataset.seat") == "0"
    assert not page.errors, page.errors
