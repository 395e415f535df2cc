"""Once the game is over no bot plays anyone's seat: the bar "Out of time: a bot is playing
for you [I'm back]" goes with the game's end. Found in session 31 playing with the fast
clock: the clock handed the seat to a bot, which played it to the end, and the finished
table still said a bot was playing for the reader and offered "I'm back" (ja: 時間切れです。
ボットが代わりに打っています。[戻りました]) beside the final scores."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 30_000


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finished_game_says_no_bot_plays_for_one(browser, server, lang: str) -> None:
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
    assert page.locator("#away-bar").count() == 0
    assert page.locator("#im-back").count() == 0
    assert not page.errors, page.errors
