"""A number typed in a whole decision's box is kept through a redraw only while the
decision is the same one. Found by h159 trying to break the table's morph (af548e9) in
Chromium: morph.js left a focused box's value as it was, whatever the draw said, so a
number typed for one decision stayed in the box when another page's move or Undo (or the
clock's hand-over) brought another decision under it; the chip's count, the total and
the box disagreed, and leaving the box took the old number into the new decision. (That
a number typed stays through a redraw of the same decision: tests/web/test_table_redraw.py.)"""

from __future__ import annotations

import random

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
needs_browser = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
BOX = ".whole-candidate[data-pick='money'] .whole-number"


def _interest_to_pay() -> tuple[int, list[str]]:
    """A seed and moves of a two-player Futuropia to seat 0's interest payment of 5 or
    more, with more than 5 money: paid one unit at a time it is still a payment with a box
    to type the money in."""
    for seed in range(200):
        rng = random.Random(seed)
        state = keizai.new_game("futuropia", 2, seed=seed)
        while not state.is_over:
            d = state.pending_decision() if state.current_player == 0 else None
            if (d is not None and d.kind == "interest" and d.amount >= 5
                    and any(c.id == "money" and c.count > 5 for c in d.candidates)):
                return seed, state.record()["actions"]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


@needs_browser
def test_a_number_typed_for_a_decision_gone_by_is_not_kept(browser, server) -> None:
    seed, actions = _interest_to_pay()
    game = game_at(server, "futuropia", ["human", "human"], seed, actions)
    page = language_page(browser)
    play_seat(page, server, game)
    page.wait_for_selector(BOX, timeout=WAIT)
    page.focus(BOX)
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    # the player pays a unit of money from another page (a phone): the decision the
    # number was typed for is gone, the rest of the payment is another
    paid = http().post(f"{server.url}/api/games/{game['id']}/actions", json={
        "seat": 0, "token": game["seats"][0]["token"], "step": len(actions),
        "action": "pay:money"})
    assert paid.status_code == 200, paid.text
    page.wait_for_selector(f".table[data-step='{len(actions) + 1}']", state="attached",
                           timeout=WAIT)
    assert page.eval_on_selector(BOX, "(el) => el === document.activeElement")
    # the box says what its chip counts for this decision: nothing chosen yet
    assert page.input_value(BOX) == "0"
    page.keyboard.press("Tab")   # leaving the box: its change, if any, takes 0
    assert page.get_attribute(".table", "data-picked") == "0"
    assert "Chosen: 0 " in page.inner_text("#whole-total")
    assert not page.errors, page.errors

