"""Where the keyboard's focus goes when a move is made from the keyboard, in headless
Chromium: to what one can choose next, never back to the top of the page."""

from __future__ import annotations

import random

import pytest

import keizai
from tests.web.browser import focused, language_page, play_seat, table_step, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/mecenat"
ON_TABLE = "() => document.querySelector('.table').contains(document.activeElement)"
FOCUSED_ID = "() => document.activeElement.id"


def _before_a_discard() -> tuple[int, list[str], str]:
    """A seed, the actions (random play) and P1's next action there that asks P1 to
    discard cards (a whole decision)."""
    for seed in range(200):
        rng = random.Random(seed)
        state = keizai.new_game(GAME, 2, seed=seed)
        while not state.is_over:
            if state.current_player == 0 and state.pending_decision() is None:
                for action in state.legal_actions():
                    after = state.clone()
                    after.apply(action)
                    decision = after.pending_decision()
                    if (after.current_player == 0 and decision is not None
                            and decision.kind == "discard"):
                        return seed, state.record()["actions"], action.name
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def test_a_whole_decision_is_chosen_and_confirmed_from_the_keyboard(browser, server
                                                                    ) -> None:
    """A move that asks for a whole decision put the focus on Confirm, with nothing chosen
    (Enter was refused): it goes to the first chip's +. Confirm, disabled while the
    decision travels, dropped the focus to the top of the page: it stays on the table."""
    seed, actions, action = _before_a_discard()
    game = game_at(server, GAME, ["human", "human"], seed, actions)
    page = language_page(browser)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    play_seat(page, server, game)
    page.wait_for_selector(f"[data-action='{action}'].legal", timeout=WAIT)
    page.focus(f"[data-action='{action}']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#whole", timeout=WAIT)
    page.wait_for_timeout(300)
    first = page.locator("#whole .whole-candidate").first
    assert first.locator(".plus").evaluate("b => b === document.activeElement"), \
        focused(page)
    amount = int(page.inner_text("#whole-total").split()[-2])   # "Chosen: 0 of 2 cards"
    for _ in range(amount):
        while focused(page).split()[0] == "BUTTON" and page.evaluate(
                "document.activeElement.getAttribute('aria-disabled') === 'true'"):
            page.keyboard.press("Tab")   # this chip takes no more: the next one's +
        assert "plus" in focused(page), focused(page)
        page.keyboard.press("Enter")
    page.focus("#whole-confirm")
    step = table_step(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(f".table:not([data-step='{step}'])", timeout=WAIT)
    page.wait_for_timeout(300)
    assert page.evaluate(ON_TABLE), focused(page)
    assert not page.errors, page.errors


def test_a_choices_button_keeps_the_focus_on_the_table(browser, server) -> None:
    """A button of the Choices panel (Futuropia's "Buy no generator"), disabled while its
    move travels, dropped the focus to the top of the page: it stays on the table."""
    state = keizai.new_game("futuropia", 2, seed=5)
    state.apply("action:food")
    assert "buy:none" in {a.name for a in state.legal_actions()}
    game = game_at(server, "futuropia", ["human", "human"], 5, ["action:food"])
    page = language_page(browser)
    play_seat(page, server, game)
    page.wait_for_selector("button[data-action='buy:none']", timeout=WAIT)
    page.focus("button[data-action='buy:none']")
    step = table_step(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(f".table:not([data-step='{step}'])", timeout=WAIT)
    page.wait_for_timeout(300)
    assert page.evaluate(ON_TABLE), focused(page)
    assert not page.errors, page.errors


def test_after_a_move_the_focus_is_on_the_games_choice_not_a_side_button(browser, server
                                                                         ) -> None:
    """After a move the focus went to the first choice in the page's order, which in
    Futuropia was a button of the Choices panel for what no tile or card is: "Buy no
    generator" after an action tile, "Pay to turn all action tiles face up" when the turn
    came back (Enter by habit paid for it). It goes to the first choice the game draws in
    place (a generator to buy, an action tile), as in the other games."""
    game = game_at(server, "futuropia", ["human", "heuristic"], 5)
    page = language_page(browser)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    play_seat(page, server, game)
    page.wait_for_selector("[data-action='action:food'].legal", timeout=WAIT)
    page.focus("[data-action='action:food']")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-action='buy:none']:not([disabled])", timeout=WAIT)
    page.wait_for_timeout(300)
    assert focused(page).endswith(" buy:left"), focused(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-action='refresh']:not([disabled])", timeout=WAIT)
    page.wait_for_timeout(300)
    now = focused(page)
    assert "fu-tile" in now and " action:" in now, now
    assert not page.errors, page.errors


def test_why_undo_is_disabled_opens_from_the_keyboard_on_a_phone(browser, server) -> None:
    """Seed 1 of mecenat: after P1's School the bot draws at the Mine and Undo is disabled,
    its reason cut to one line on a 390 px phone. A tap showed it whole, the keyboard could
    not (Tab went past it, the disabled Undo takes no focus): the cut reason is a control
    Tab reaches, Enter shows it whole and says so (aria-expanded), Space folds it again,
    and the keyboard stays on it."""
    game = game_at(server, GAME, ["human", "random"], 1)
    page = language_page(browser, "ja", width=390, height=844)
    play_seat(page, server, game)
    page.click(".workplace.legal[data-action='place:school']")
    page.wait_for_selector("#undo[disabled]", timeout=WAIT)
    line = page.eval_on_selector("#undo", "(e) => e.getBoundingClientRect().height")
    height = "(e) => e.getBoundingClientRect().height"
    assert page.eval_on_selector(".undo", height) <= line
    page.focus("#choices-toggle")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_ID) == "undo-why":
            break
    else:
        raise AssertionError("Tab never reached the reason Undo is disabled")
    assert page.get_attribute("#undo-why", "aria-expanded") == "false"
    page.keyboard.press("Enter")
    page.wait_for_selector("#undo-why[aria-expanded='true']", timeout=WAIT)
    assert page.eval_on_selector(".undo", height) > line
    assert page.evaluate(FOCUSED_ID) == "undo-why"
    page.keyboard.press(" ")
    page.wait_for_selector("#undo-why[aria-expanded='false']", timeout=WAIT)
    assert page.eval_on_selector(".undo", height) <= line
    assert not page.errors, page.errors


def test_why_undo_is_disabled_is_no_control_where_it_is_whole(browser, server) -> None:
    """At 1280 px the reason beside the disabled Undo is whole: nothing to open, so Tab
    does not stop on it and it claims no expanded state."""
    game = game_at(server, GAME, ["human", "random"], 1)
    page = language_page(browser, "en", width=1280, height=900)
    play_seat(page, server, game)
    page.click(".workplace.legal[data-action='place:school']")
    page.wait_for_selector("#undo[disabled]", timeout=WAIT)
    assert page.get_attribute("#undo-why", "tabindex") is None
    assert page.get_attribute("#undo-why", "aria-expanded") is None
    assert not page.errors, page.errors
