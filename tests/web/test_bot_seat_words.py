"""A bot's seat is said the same way on the page and in the terminal: the page's Seats
panel said 「P2ボット：弱い」 (the seat run into the word ボット, "P2 Bot: Easy") where the
terminal's final ranking said 「P2（弱い）」 (a level alone in brackets reads as a remark on
P2, "P2 (easy)": not that a bot plays it). Both now say 「P2（ボット：弱い）」, "P2 (bot: easy)",
「P2（電腦玩家：簡單）」: the seat, then who plays it in brackets, as the terminal says
「P1（人間）」 and the page 「P1（あなた）」."""

from __future__ import annotations

import pytest

from keizai.terminal_text import final_ranking_text
from tests.rules.futuropia.helpers import new, play
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import http

reason = unavailable_reason()
WAIT = 10_000

SAID = {"en": "P2 (bot: easy)", "ja": "P2（ボット：弱い）", "zh-TW": "P2（電腦玩家：簡單）"}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_terminal_names_a_bot_seat_as_a_bot(lang: str) -> None:
    state = new(2)
    state.final = True
    play(state, "stop", "stop")
    text = final_ranking_text(state, ["human", "easy"], lang)
    assert SAID[lang] in text, text


@pytest.mark.skipif(reason is not None, reason=reason or "")
@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_page_names_a_bot_seat_as_the_terminal_does(browser, server, lang: str) -> None:
    game = http().post(f"{server.url}/api/tables", json={
        "game": "futuropia", "seats": ["human", "easy"]}).json()
    page = language_page(browser, lang)
    play_seat(page, server, game)
    line = page.locator(".seats-panel li").nth(1)
    line.wait_for(timeout=WAIT)
    assert line.inner_text().strip() == SAID[lang]
    page.goto(server.url + "/")
    chips = page.locator(f".game-row[data-game-id='{game['id']}'] .chip")
    # the row may be drawn before its seats are all in it (a CI rehearsal read ['P1']
    # under load): wait for the bot's chip, then check its words exactly
    chips.filter(has_text=SAID[lang]).first.wait_for(timeout=WAIT)
    assert SAID[lang] in [chip.strip() for chip in chips.all_inner_texts()]
    assert not page.errors, page.errors
