"""What the keyboard is on can be seen: after a move the focus goes to the next choice
and the page brings it into sight, and on a phone nothing that stays on top of the screen
(the Choices panel, a whole decision's total and Confirm) covers it. Headless Chromium."""

from __future__ import annotations

import pytest

from tests.web.browser import focused, language_page, play_seat, table_step, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
# The focused element's middle: in the window, and the element itself there (not the
# Choices panel or a whole decision's foot drawn over it).
SEEN = """() => { const a = document.activeElement; const r = a.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (y < 0 || y >= innerHeight || x < 0 || x >= innerWidth) return 'off screen';
  const there = document.elementFromPoint(x, y);
  return a.contains(there) ? 'seen' : `under ${there?.className}`; }"""


def test_after_a_keyboard_move_the_next_choice_is_in_sight_on_a_phone(browser, server
                                                                      ) -> None:
    """Futuropia on a 390 px phone: an action tile chosen by the keyboard (about three
    screens below the Choices panel) puts the focus on the generator to buy, up in the
    market, which the page left out of sight (the focus moved without scrolling): Enter
    would have bought a generator the player could not see."""
    game = game_at(server, "futuropia", ["human", "human"], 5)
    page = language_page(browser, "zh-TW", width=390, height=844)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    play_seat(page, server, game)
    page.wait_for_selector("[data-action='action:food'].legal", timeout=WAIT)
    page.focus("#choices-toggle")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "to-choices"
    page.keyboard.press("Enter")                  # "Go to the choices": the first tile
    while " action:food" not in focused(page):
        page.keyboard.press("Tab")
    assert page.evaluate(SEEN) == "seen"
    step = table_step(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(f".table:not([data-step='{step}']) "
                           "[data-action='buy:none']:not([disabled])", timeout=WAIT)
    page.wait_for_timeout(300)
    assert focused(page).endswith(" buy:left"), focused(page)
    assert page.evaluate(SEEN) == "seen"
    assert not page.errors, page.errors


def test_a_whole_decisions_chip_reached_by_tab_is_not_under_its_total(browser, server
                                                                      ) -> None:
    """Futuropia seed 0, eleven random moves on: P1 buys houses for 5 new residents (5-10
    beds) from twelve on a 390 px phone, the list scrolling in the Choices panel with the
    total and Confirm kept at its bottom. Tab went down the chips' − and + and every third
    row's were under the total or Confirm, the list scrolled just far enough to reach
    them."""
    actions = ["action:robots", "robots:2", "action:food", "buy:right", "refresh", "pay:food",
               "action:robots", "robots:2", "action:subsidy", "action:invite", "invite:5"]
    game = game_at(server, "futuropia", ["human", "human"], 0, actions)
    page = language_page(browser, "ja", width=390, height=844)
    play_seat(page, server, game)
    page.wait_for_selector("#whole", timeout=WAIT)
    page.wait_for_timeout(300)
    chips = page.locator("#whole .plus, #whole .minus").count()
    assert chips >= 20
    page.focus("#whole .minus")
    hidden = []
    for _ in range(chips - 1):
        page.keyboard.press("Tab")
        assert "plus" in focused(page) or "minus" in focused(page), focused(page)
        where = page.evaluate(SEEN)
        if where != "seen":
            hidden.append((page.evaluate("document.activeElement.ariaLabel"), where))
    assert not hidden, hidden
    assert not page.errors, page.errors
