"""What a whole decision has picked is said to a screen reader, not only drawn: a sale's
sets and the board's cards to pick are toggle buttons (Chromium's accessibility tree, in
headless Chromium)."""

from __future__ import annotations

import random

import pytest

import keizai
from tests.web.browser import focused, language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/mecenat"


def _a_sale_of_two_sets() -> tuple[int, list[str]]:
    """A seed and the actions (random play) to P1's payday sale of one of two sets."""
    for seed in range(100):
        rng = random.Random(seed)
        state = keizai.new_game(GAME, 2, seed=seed)
        while not state.is_over:
            decision = state.pending_decision()
            if (decision is not None and state.current_player == 0
                    and decision.kind == "sell" and len(decision.sets) >= 2):
                return seed, state.record()["actions"]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def pressed(page, selector: str) -> list[str]:
    """The pressed state of each element `selector` finds, as the accessibility tree has
    it ('true', 'false', or '' when the element is no toggle)."""
    cdp = page.context.new_cdp_session(page)
    states = []
    for handle in page.query_selector_all(selector):
        handle.evaluate("e => e.setAttribute('data-probe', '1')")
        node = cdp.send("DOM.querySelector", {
            "nodeId": cdp.send("DOM.getDocument")["root"]["nodeId"],
            "selector": "[data-probe]"})
        tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node["nodeId"],
                                                           "fetchRelatives": False})
        props = {p["name"]: p["value"].get("value")
                 for n in tree["nodes"] for p in n.get("properties", [])}
        states.append(str(props.get("pressed", "")).lower())
        handle.evaluate("e => e.removeAttribute('data-probe')")
    cdp.detach()
    return states


def test_a_picked_sale_set_and_card_are_said_to_be_picked(browser, server) -> None:
    """Mecenat, P1 short of money at payday with two sets to sell from: Enter on a set
    picked it (and its building on the board), which only their colour showed; a screen
    reader said the same 'Cafeteria ($8), button' before and after. The sets and the
    board's cards are toggle buttons, pressed when picked."""
    seed, actions = _a_sale_of_two_sets()
    game = game_at(server, GAME, ["human", "human"], seed, actions)
    page = language_page(browser, "ja")
    play_seat(page, server, game)
    page.wait_for_selector("#whole .whole-set", timeout=WAIT)
    assert pressed(page, "#whole .whole-set") == ["false", "false"]
    page.focus("#choices-toggle")
    while "whole-set" not in focused(page):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#whole .whole-set.picked", timeout=WAIT)
    assert pressed(page, "#whole .whole-set") == ["true", "false"]
    assert sorted(pressed(page, ".board .pick")) == ["false", "true"]
    assert pressed(page, ".board .pick.picked") == ["true"]
    assert not page.errors, page.errors
