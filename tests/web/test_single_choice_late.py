"""A decision of one option the page applies by itself is sent for the step it was
offered at, or not at all. Found by h160 comparing live pages with fresh ones in
Chromium: the page sends it a moment after drawing the table (a timer), and with the
step the table shows then; when the next state had come meanwhile (the seat's other page
applied the option first, and the page was slow), it sent the old option at the new step,
where the server took it as the reader's next decision when it was legal there (National
Economy's Mine, say: a worker placed for them) or refused it ("Error: the game is over"
on the last turn).

Such a page also said it had applied the option ("The only choice, applied for you: …",
to a screen reader too), though it sent nothing: the note now comes with the move the page
sends (h167, from the attack pass's list)."""

from __future__ import annotations

import random
import time

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
needs_browser = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/progress"
NOTE = "The only choice, applied for you"


def _a_single_option_legal_again() -> tuple[int, list[str]]:
    """A solo seed and the moves to a decision of several options whose chosen one
    (the last of the moves) leads to a decision of one option, after which that option
    is among the next decision's several."""
    for seed in range(100):
        rng = random.Random(seed)
        state = keizai.new_game(GAME, 1, seed=seed)
        actions: list[str] = []
        before: list = []   # the options of the decision before
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) == 1 and len(before) > 1:
                after = state.clone()
                after.apply(legal[0].name)
                if not after.is_over and len(after.legal_actions()) > 1 and legal[0].name \
                        in {a.name for a in after.legal_actions()}:
                    return seed, actions
            before = legal
            actions.append(rng.choice(legal).name)
            state.apply(actions[-1])
    raise AssertionError("no such position")


@needs_browser
def test_a_single_option_applied_late_is_not_sent_for_the_next_step(browser,
                                                                   server) -> None:
    seed, actions = _a_single_option_legal_again()
    state = keizai.new_game(GAME, 1, seed=seed)
    for name in actions:
        state.apply(name)
    single = state.legal_actions()[0].name
    game = game_at(server, GAME, ["human"], seed, actions[:-1])
    page = language_page(browser)
    page.clock.install()
    play_seat(page, server, game)
    page.wait_for_selector(f".table[data-step='{len(actions) - 1}']", timeout=WAIT)
    # the page's timers held: it draws what comes, its timers wait (a slow page)
    page.clock.pause_at(time.time() + 1)
    url = f"{server.url}/api/games/{game['id']}/actions"
    token = game["seats"][0]["token"]
    for step, name in ((len(actions) - 1, actions[-1]), (len(actions), single)):
        # the reader's move, then the single option, from the seat's other page
        reply = http().post(url, json={"seat": 0, "token": token, "step": step,
                                       "action": name})
        assert reply.status_code == 200, reply.text
        page.wait_for_selector(f".table[data-step='{step + 1}']", state="attached",
                               timeout=WAIT)
    page.clock.run_for(1000)   # the page's timer for the single option it was offered
    page.clock.resume()
    page.wait_for_timeout(1000)   # a move it sent has come back
    assert http().get(f"{server.url}/api/games/{game['id']}").json()["step"] \
        == len(actions) + 1, "the page made a move for its reader"
    assert page.is_hidden("#banner"), page.inner_text("#banner")
    assert page.locator("#auto-note").count() == 0, page.inner_text("#last-move")
    assert NOTE not in page.inner_text("#announce")
    assert not page.errors, page.errors
