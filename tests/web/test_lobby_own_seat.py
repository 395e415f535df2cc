"""After creating a game in the lobby, the creator's own seat is shown as theirs, apart
from the links to send to other players, and the way back to it stays in the lobby, in
headless Chromium."""

from __future__ import annotations

import httpx
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


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_player_who_went_to_the_lobby_finds_the_way_back_to_their_seat(browser, server,
                                                                       lang: str) -> None:
    """A guest playing a bot went to the lobby (the keizai link at the top) in the middle
    of the game: the lobby listed the game with "P1 away" and "Watch" only, and the seat's
    link (its only key) was gone but for the browser's Back. The lobby's "Your games"
    names the game, the seat and whose turn it is, and takes the player back to play."""
    page = language_page(browser, lang)
    _create(page, server, ["human", "bot"])
    game_id = page.locator(".own-seat input.own-url").input_value().split("/")[-3]
    page.locator(".own-seat [data-play-seat='0']").click()
    page.wait_for_selector(".table[data-turn='mine']", timeout=WAIT)
    page.click("#home-link")
    row = page.locator(f"#your-games [data-game-id='{game_id}']")
    row.wait_for(timeout=WAIT)
    assert page.inner_text("#your-games h2") == tr("your_games", lang)
    assert row.locator(".status").inner_text() == tr("your_turn", lang)
    assert row.locator(".chip").inner_text() == "P1"
    back = row.locator("[data-play-seat='0']")
    assert back.inner_text() == tr("back_to_my_seat", lang)
    back.click()
    page.wait_for_selector(".table[data-turn='mine'] .workplace.legal", timeout=WAIT)
    assert f"/#/play/{game_id}/0/" in page.url
    assert not page.errors, page.errors


def test_a_finished_game_or_a_refused_link_is_not_offered_back(browser, server) -> None:
    """"Your games" keeps the games still being played: a seat's link the server refused
    (a mistyped token) is not offered, nor is a game that ended."""
    page = language_page(browser)
    game = httpx.post(f"{server.url}/api/tables", json={
        "game": "national-economy/glory", "players": 1, "seats": ["human"]}).json()
    good = f"{server.url}/#/play/{game['id']}/0/{game['seats'][0]['token']}"
    page.goto(good)
    page.wait_for_selector(".table[data-turn='mine']", timeout=WAIT)
    page.goto(f"{server.url}/#/play/{game['id']}/0/x{game['seats'][0]['token']}")
    page.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
    page.goto(f"{server.url}/#/")
    page.wait_for_selector(f"#your-games [data-game-id='{game['id']}']", timeout=WAIT)
    assert page.locator("#your-games li").count() == 1   # the good link, once
    page.evaluate("""() => localStorage.setItem('keizai.seats', JSON.stringify([
      { game: 'nosuchgame', seat: 0, token: 'x' }]))""")
    page.reload()
    page.wait_for_selector("#create-game", timeout=WAIT)
    page.wait_for_timeout(500)
    assert page.locator("#your-games").count() == 0
    assert page.evaluate("() => localStorage.getItem('keizai.seats')") == "[]"
    # the browser's own line for the game's 404, which the lobby asked for on purpose
    assert [e for e in page.errors if "404" not in e] == [], page.errors


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_your_games_says_when_a_bot_plays_ones_seat(browser, server, lang: str) -> None:
    """A seat handed to a bot (its player ran out of time, or handed it over) was listed
    in "Your games" as "Your turn" while the bot played it: the row says a bot plays it
    until its player is back, and "Back to my seat" takes it back."""
    game = httpx.post(f"{server.url}/api/tables", json={
        "game": "national-economy/mecenat", "players": 2, "seats": ["human", "human"]}).json()
    token = game["seats"][0]["token"]
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/play/{game['id']}/0/{token}")
    page.wait_for_selector(".table[data-turn='mine']", timeout=WAIT)
    handed = httpx.post(f"{server.url}/api/games/{game['id']}/seats/0/bot",
                        json={"token": token, "agent": "random"})
    assert handed.status_code == 200, handed.text
    page.wait_for_selector("#away-bar", timeout=WAIT)
    page.click("#home-link")
    row = page.locator(f"#your-games [data-game-id='{game['id']}']")
    row.wait_for(timeout=WAIT)
    assert row.locator(".status").inner_text() == tr("your_games_bot_plays", lang)
    row.locator("[data-play-seat='0']").click()
    page.wait_for_selector(".table[data-step]", timeout=WAIT)
    assert page.locator("#away-bar").count() == 0
    seat = httpx.get(f"{server.url}/api/games/{game['id']}").json()["seats"][0]
    assert (seat["kind"], seat["away"]) == ("human", False)
    assert not page.errors, page.errors
