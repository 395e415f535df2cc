"""A seat's saved name names it off its table too, as the table does (61e8c49): in the
replay, in the lobby's "Your games" and on the account page, which all said "P1", "P2"
(found by session 31's new player's pass). A seat nobody named, and a bot's, keep their
number. The names are those the server already shows to whoever can open the table (its
seat lines); they are text, never markup, and a screen's names are gone with it."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import keizai
from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http, play_on, random_moves

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
ANN = "Ann <b>&amp;"   # markup and an entity, shown as typed
BOB = "ボブ"
GAME = "national-economy/mecenat"
SEED = 5
NAMED = ((0, ANN), (1, BOB))   # the third seat's player saved no name


def _named(server, game: dict[str, Any], named=NAMED) -> None:
    for seat, name in named:
        joined = http().post(f"{server.url}/api/games/{game['id']}/seats/{seat}/join",
                             json={"token": game["seats"][seat]["token"], "name": name})
        assert joined.status_code == 200, joined.text


@pytest.fixture(scope="module")
def finished(server) -> dict[str, Any]:
    """A three-seat game whose first two players saved names, played to its end at random
    through the API."""
    game = game_at(server, GAME, ["human", "human", "human"], SEED)
    _named(server, game)
    play_on(server, game, keizai.new_game(GAME, 3, seed=SEED), random_moves(GAME, 3, SEED, 1))
    return game


def _plain(texts: list[str]) -> list[str]:
    """`texts` without the isolates (U+2068, U+2069) that set a name apart in a text."""
    return [t.replace("\u2068", "").replace("\u2069", "") for t in texts]


def _held_names(page) -> list[str]:
    """How the page's i18n module names seats 0 and 1 now."""
    return page.evaluate("""async () => {
      const i18n = await import('/static/i18n.js');
      return [i18n.seatName(0), i18n.seatName(1)]; }""")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_replay_names_the_seats_as_their_table_did(browser, server, finished,
                                                       lang: str) -> None:
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/replay/{finished['id']}")
    page.wait_for_selector(".replay #replay-seat", timeout=WAIT)
    options = page.locator("#replay-seat option").all_inner_texts()
    assert _plain(options[1:]) == [ANN, BOB, "P3"], options
    # the board's player panels and the final scores
    headings = page.locator(".replay .panel h3").all_inner_texts()
    assert any(ANN in text for text in headings), headings
    assert any(BOB in text for text in headings), headings
    heads = page.inner_text(".replay .scores thead")
    assert ANN in heads and BOB in heads and "P3" in heads and "P1" not in heads, heads
    # the log of the last step names the players as their table's did
    page.click("#replay-last")
    page.wait_for_selector(f".replay[data-step='{page.get_attribute('#replay-slider', 'max')}']",
                           timeout=WAIT)
    log = page.inner_text("#log")
    # (the name's "<b>&amp;" read as typed: text, never markup)
    assert ANN in log and BOB in log and "P1" not in log and "P2" not in log, log[-400:]
    # the names are the replay's: the next screen has none of them
    page.evaluate("() => { location.hash = '#/'; }")
    page.wait_for_selector(".lobby", timeout=WAIT)
    assert _held_names(page) == ["P1", "P2"]
    assert not page.errors, page.errors


def _first_move() -> str:
    return keizai.new_game(GAME, 2, seed=SEED).legal_actions()[0].name


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_your_games_names_ones_seat_and_the_player_to_move(browser, server,
                                                          lang: str) -> None:
    game = game_at(server, GAME, ["human", "human"], SEED, [_first_move()])
    _named(server, game)
    page = language_page(browser, lang)
    play_seat(page, server, game)   # this browser now plays seat 0 ("Your games")
    page.wait_for_function("(name) => document.querySelector('#log')?.textContent"
                           ".includes(name)", arg=ANN, timeout=WAIT)
    page.evaluate("() => { location.hash = '#/'; }")
    row = page.locator(f"#your-games [data-game-id='{game['id']}']")
    row.wait_for(timeout=WAIT)
    assert row.locator(".chip").inner_text() == ANN
    # P1 has moved: the table's "P2's turn", by P2's name
    status = row.locator(".status").inner_text()
    assert status == tr("turn_of", lang, f"\u2068{BOB}\u2069"), status
    assert row.locator(".chip bdi").count() == 1   # set apart, as the table's Seats panel
    assert row.locator(".chip b").count() == 0   # text, not markup
    assert not page.errors, page.errors


def _account_page_with_a_hosted_table(browser, server, lang: str):
    """A page logged in to a new account which hosts a three-seat table and plays its
    first seat; a guest named the second, nobody has come to the third. The page shows
    the account screen."""
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/account")
    username = f"host{lang.replace('-', '')}{Random().randrange(10**6)}"
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "long enough secret")
    page.click("#register")
    page.wait_for_selector("#logout", timeout=WAIT)
    csrf = page.request.get(f"{server.url}/api/account").json()["account"]["csrf"]
    created = page.request.post(f"{server.url}/api/tables", headers={"x-csrf-token": csrf},
                                data={"game": GAME, "seats": ["human", "human", "human"],
                                      "own_seat": 0})
    assert created.ok, created.text()
    game = created.json()
    _named(server, game, [(1, BOB)])
    page.reload()
    page.wait_for_selector("#my-seats .my-seat", timeout=WAIT)
    return page, username


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_account_page_names_its_seats_and_its_tables_invited_players(
        browser, server, lang: str) -> None:
    page, username = _account_page_with_a_hosted_table(browser, server, lang)
    seat = page.locator("#my-seats .my-seat").first.inner_text()
    assert f"\u2068{username}\u2069" in seat and "P1" not in seat, seat
    invites = page.locator(".account .panel:last-child a.button").all_inner_texts()
    assert _plain(invites) == [username, BOB, "P3"], invites
    assert not page.errors, page.errors
