"""Every Tab stop of a table does something: a choice of the game, or a control of the
page; a figure one cannot choose now is no button (headless Chromium)."""

from __future__ import annotations

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
# The table's Tab stops that are neither a choice (data-action, data-pick) nor one of the
# page's own controls (an id, a list that opens).
IDLE = """() => [...document.querySelectorAll('.table *')]
  .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0
    && !e.dataset.action && !e.dataset.pick && !e.id && e.tagName !== 'SUMMARY')
  .map(e => `${e.tagName} ${e.className}: ${e.textContent.trim()}`)"""
LEGAL_RESOURCES = """() => [...document.querySelectorAll('.fu-resource')]
  .filter(e => e.tabIndex >= 0).map(e => e.dataset.action ?? e.dataset.pick)"""


@pytest.mark.parametrize("game", ["national-economy/glory", "futuropia", "enterprise-empire"])
def test_every_tab_stop_of_the_table_is_a_choice_or_a_control(browser, server,
                                                             game: str) -> None:
    """Futuropia drew every community's money, food, energy and loans as buttons, chosen
    or not: twelve Tab stops at three players that did nothing ('Money 12, button')."""
    created = game_at(server, game, ["human", "human", "human"], 3)
    page = language_page(browser, "ja")
    play_seat(page, server, created)
    page.wait_for_selector(".table .board .panel", timeout=WAIT)
    assert page.evaluate(IDLE) == []
    assert not page.errors, page.errors


def test_a_resource_to_pay_is_still_a_tab_stop(browser, server) -> None:
    """Futuropia seed 0: P1 turns the action tiles face up early and pays 2 resources
    (a whole decision): the resources it may pay them in are the board's choices, Tab
    stops, and only they."""
    state = keizai.new_game("futuropia", 2, seed=0)
    actions = ["action:robots", "robots:2", "action:food", "buy:right", "refresh"]
    for name in actions:
        state.apply(name)
    decision = state.pending_decision()
    assert decision is not None
    assert decision.kind == "refresh"
    created = game_at(server, "futuropia", ["human", "human"], 0, actions)
    page = language_page(browser, "ja")
    play_seat(page, server, created)
    page.wait_for_selector("#whole", timeout=WAIT)
    assert page.evaluate(LEGAL_RESOURCES) == [c.id for c in decision.candidates]
    assert not page.errors, page.errors
