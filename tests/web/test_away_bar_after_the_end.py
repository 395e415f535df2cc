"""Once the game is over no bot plays anyone's seat: the bar "Out of time: a bot is playing
for you [I'm back]" goes with the game's end. Found in session 31 playing with the fast
clock: the clock handed the seat to a bot, which played it to the end, and the finished
table still said a bot was playing for the reader and offered "I'm back" (ja: 時間切れです。
ボットが代わりに打っています。[戻りました]) beside the final scores. Nor does the Seats
panel's line of that seat, or the lobby's, say "away (a bot stands in)" after the end (found
by session 31's new player's pass): the seat is its player's again, online or away."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 30_000


def _played_to_the_end_by_a_bot(browser, server, lang: str):
    """A solo Glory game's page whose seat was handed to a bot, which played to the end."""
    game = http().post(f"{server.url}/api/tables", json={
        "game": "national-economy/glory", "players": 1, "seats": ["human"]}).json()
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-turn='mine']", timeout=WAIT)
    handed = http().post(f"{server.url}/api/games/{game['id']}/seats/0/bot",
                         json={"token": game["seats"][0]["token"], "agent": "random"})
    assert handed.status_code == 200, handed.text
    page.wait_for_selector(".table[data-over='yes']", timeout=WAIT)   # the bot played on
    page.wait_for_selector("#game-over", timeout=WAIT)
    return page, game


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finished_game_says_no_bot_plays_for_one(browser, server, lang: str) -> None:
    page, _ = _played_to_the_end_by_a_bot(browser, server, lang)
    assert page.locator("#away-bar").count() == 0
    assert page.locator("#im-back").count() == 0
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_seats_panel_gives_the_seat_back_to_its_player_at_the_end(browser, server,
                                                                       lang: str) -> None:
    page, game = _played_to_the_end_by_a_bot(browser, server, lang)
    line = page.inner_text(".seats-panel li")
    assert tr("seat_away_bot", lang) not in line, line
    # its player is here, reading the final scores
    assert tr("connected", lang) in line, line
    # the lobby's list of games says so too (online for the moment the server holds a
    # seat whose page was left, then away)
    page.evaluate("() => { location.hash = '#/'; }")
    chip = page.locator(f".list [data-game-id='{game['id']}'] .chip")
    chip.wait_for(timeout=WAIT)
    assert chip.inner_text() in {tr("web.seat_line", lang, seat="P1", what=tr(what, lang))
                                 for what in ("connected", "away")}, chip.inner_text()
    assert not page.errors, page.errors
