"""After an Undo and further moves, "Just now" on a page open all along is what a page
opened then shows: the reader's own latest run of moves, from its first step, and every
line after it (docs/web.md, The table explains itself). Found by h159 comparing a live
page with a fresh one in Chromium: in Futuropia, after an Undo of the second decision of
the reader's turn (the bot had played after it) and that decision played again, the live
page began "Just now" at the decision played again, leaving out the turn's first one
("1 earlier line" against "4", and its tile not marked on the board)."""

from __future__ import annotations

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http
from tests.web.test_morph_log import _turn

reason = unavailable_reason()
needs_browser = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
LINES = "ls => ls.map((l) => l.textContent)"
MARKED = "els => els.map((el) => el.outerHTML)"


def _send(server, game: dict, what: str, name: str | None = None) -> None:
    """Seat 0's move `name` ("actions") or its undo ("undo"), at the step it sees."""
    step = _turn(server, game)["step"]
    body = {"seat": 0, "token": game["seats"][0]["token"], "step": step}
    reply = http().post(f"{server.url}/api/games/{game['id']}/{what}",
                        json=body if name is None else {**body, "action": name})
    assert reply.status_code == 200, reply.text


@needs_browser
def test_just_now_after_an_undo_and_more_moves_is_a_fresh_page_s(browser, server) -> None:
    game = game_at(server, "futuropia", ["human", "random"], 3)
    page = language_page(browser)
    play_seat(page, server, game)
    # the reader's turn: an action tile, then its generator (two decisions, five lines)
    _send(server, game, "actions", "action:food")
    _send(server, game, "actions", "buy:left")
    _send(server, game, "undo")   # (once the bot has played) takes back the generator
    _send(server, game, "actions", "buy:left")
    step = _turn(server, game)["step"]
    page.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=WAIT)
    fresh = language_page(browser)
    play_seat(fresh, server, game)
    fresh.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=WAIT)
    shown = fresh.eval_on_selector_all("#last-move li", LINES)
    assert any("food" in line for line in shown), shown   # the turn's first decision
    assert page.eval_on_selector_all("#last-move li", LINES) == shown
    assert page.eval_on_selector_all(".board .just-now", MARKED) \
        == fresh.eval_on_selector_all(".board .just-now", MARKED)
    assert not page.errors, page.errors
