"""Undo back to a decision with one option, which the page applies by itself when it
comes by moving on (applySingle): brought back there by an Undo, the page leaves it to
the reader and says its prompt, in headless Chromium."""

from __future__ import annotations

import random
from functools import cache

import pytest

import keizai
from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at
from tests.web.test_announcements import RECORD

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/progress"

# Every message the page sends on the table's WebSocket, in order.
SENT = """window.sentMessages = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.sentMessages.push(JSON.parse(data)); return send.call(this, data); };"""


@cache
def _single_then_a_choice() -> tuple[int, list[str]]:
    """A solo seed and the moves to a step with one option whose next step is another
    decision, nothing hidden shown in between (so Undo there goes back to the single
    option)."""
    for seed in range(100):
        rng = random.Random(seed)
        state = keizai.new_game(GAME, 1, seed=seed)
        actions: list[str] = []
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) == 1 and actions:
                after = state.clone()
                after.apply(legal[0].name)
                if len(after.legal_actions()) > 1 and after.reveals == state.reveals:
                    return seed, actions
            actions.append(rng.choice(legal).name)
            state.apply(actions[-1])
    raise AssertionError("no such game")


def _applied_then_undo_offered(browser, server, lang: str):
    """The reader's page in `lang` at the single option, which the page applies; once
    the next decision is drawn with Undo offered: the page and the single option's step."""
    seed, actions = _single_then_a_choice()
    game = game_at(server, GAME, ["human"], seed, actions)
    page = language_page(browser, lang)
    page.add_init_script(RECORD)
    page.add_init_script(SENT)
    play_seat(page, server, game)
    step = len(actions)
    page.wait_for_selector(f".table[data-step='{step + 1}'] #undo:not([disabled])",
                           timeout=WAIT)
    return page, step


def test_an_undo_back_to_a_single_choice_says_its_prompt(browser, server) -> None:
    """After an Undo the live region says what it took back, then the prompt of the
    decision the reader is back at; back at a decision of one option it said nothing
    after the lines taken back (the page, which did not apply the option again, was
    taken for having applied it), so a screen-reader player did not know what the page
    now asked (日本語)."""
    page, step = _applied_then_undo_offered(browser, server, "ja")
    # the move's lines said before the record is cleared: the live region says a batch of
    # lines 50 ms after the first is asked for (later on a loaded machine) and is empty
    # meanwhile, so once it holds lines, none waits to be said with the Undo's
    page.wait_for_selector("#announce p", state="attached", timeout=WAIT)
    taken = page.locator("#log li").all_inner_texts()
    page.evaluate("window.saidLines = []")
    page.click("#undo")
    page.wait_for_selector(f".table[data-step='{step}']", timeout=WAIT)
    taken = taken[len(page.locator("#log li").all_inner_texts()):]
    prompt = page.inner_text("#choices .prompt")
    assert taken and prompt
    earlier = max(0, len(taken) - 6)
    said = [tr("undone", "ja"), *([tr("last_move_earlier", "ja", earlier)] if earlier else []),
            *taken[earlier:], prompt]
    page.wait_for_function("(want) => document.getElementById('announce').textContent"
                           " === want", arg="".join(said), timeout=WAIT)
    assert page.evaluate("window.saidLines") == said
    assert not page.errors, page.errors


def test_an_undo_back_to_a_single_choice_after_a_reload_takes_it_back(browser,
                                                                      server) -> None:
    """Reloaded (or with the option applied on another visit), the page no longer knew
    it had applied that single option: an Undo back to it applied it again at once and
    brought the reader forward to where they had undone, so Undo did nothing. The page
    now leaves a decision an Undo brought it back to for the reader, whose option still
    plays it (繁體中文)."""
    page, step = _applied_then_undo_offered(browser, server, "zh-TW")
    page.reload()
    page.wait_for_selector(f".table[data-step='{step + 1}'] #undo:not([disabled])",
                           timeout=WAIT)
    page.click("#undo")
    page.wait_for_selector(f".table[data-step='{step}']", timeout=WAIT)
    page.wait_for_timeout(1000)   # the page would send the option at once (applySingle)
    assert [m["type"] for m in page.evaluate("window.sentMessages")] == ["hello", "undo"]
    assert page.get_attribute(".table", "data-step") == str(step)
    assert page.locator("#auto-note").count() == 0
    only = page.locator(".table .legal")
    assert only.count() == 1
    only.click()
    page.wait_for_selector(f".table[data-step='{step + 1}']", timeout=WAIT)
    assert not page.errors, page.errors
