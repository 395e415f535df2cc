"""A saved name names its seat on the whole table, not only in the Seats panel: the player
panels and the log said "P1" (found by session 31's new player's pass). The log's entries
stay the server's (seat numbers); the page words them with the names of the seat lines,
as text: a name is a stranger's input, and markup in it is shown, never drawn."""

from __future__ import annotations

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
MINE = "Ann <b>&amp;"   # markup and an entity, shown as typed
THEIRS = "ボブ"
GAME = "national-economy/mecenat"
SEED = 5


def _first_move() -> str:
    state = keizai.new_game(GAME, 2, seed=SEED)
    return state.legal_actions()[0].name


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_saved_names_name_the_seats_in_the_panels_and_the_log(browser, server,
                                                               lang: str) -> None:
    game = game_at(server, GAME, ["human", "human"], SEED, [_first_move()])
    base = f"{server.url}/api/games/{game['id']}"
    for seat, name in ((0, MINE), (1, THEIRS)):
        joined = http().post(f"{base}/seats/{seat}/join",
                             json={"token": game["seats"][seat]["token"], "name": name})
        assert joined.status_code == 200, joined.text
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_function("(name) => document.querySelector('#log')?.textContent"
                           ".includes(name)", arg=MINE, timeout=WAIT)
    log = page.inner_text("#log")
    # P1's first move ("P1 draws 1 building card.", in the page's language)
    assert MINE in log and "P1" not in log, log
    headings = page.locator(".player-panel h3, .panel h3").all_inner_texts()
    assert any(MINE in text for text in headings), headings
    assert any(THEIRS in text for text in headings), headings
    assert not any(text.strip().startswith(("P1", "P2")) for text in headings), headings
    # the name is text: its "<b>" and "&amp;" are read as typed (markup drawn from it
    # would leave neither in the text), in the start player's bold figure too
    start = page.locator(".table b", has_text=MINE)
    assert start.count() >= 1 and start.first.evaluate("(b) => b.children.length") == 0
    assert not page.errors, page.errors


def test_the_lobby_after_a_table_names_seats_by_number(browser, server) -> None:
    """The names are the table's: the page's next screen (the lobby) has none of them."""
    game = game_at(server, GAME, ["human", "human"], SEED, [_first_move()])
    joined = http().post(f"{server.url}/api/games/{game['id']}/seats/0/join",
                         json={"token": game["seats"][0]["token"], "name": MINE})
    assert joined.status_code == 200, joined.text
    page = language_page(browser)
    play_seat(page, server, game)
    page.wait_for_function("(name) => document.querySelector('#log')?.textContent"
                           ".includes(name)", arg=MINE, timeout=WAIT)
    page.evaluate("() => { location.hash = '#/'; }")
    page.wait_for_selector(".lobby", timeout=WAIT)
    names = page.evaluate("""async () => {
      const i18n = await import('/static/i18n.js');
      return [i18n.seatName(0), i18n.seatName(1)]; }""")
    assert names == ["P1", "P2"]
    assert not page.errors, page.errors
