"""The note that a single option was applied ("The only choice, applied for you: …")
is on the page that applied it only.

Found from the session-29 attack pass's list (h161): a page drew the note, and said it
to a screen reader, as it drew a decision of one option, before its timer sent the
option; when the seat's other page applied it first, this page sent nothing (7bc92ee)
or was refused as late (ec39f70), yet said it had applied it. The note now comes with
the move the page sends, and goes when the server took the other page's instead."""

from __future__ import annotations

import time

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http
from tests.web.test_single_choice_late import _a_single_option_legal_again
from tests.web.test_single_choice_two_pages import _a_move_to_a_single_option

reason = unavailable_reason()
needs_browser = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/progress"
NOTE = "The only choice, applied for you"


@needs_browser
def test_a_page_whose_single_option_the_other_page_applied_says_nothing_of_it(
        browser, server) -> None:
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
    page.clock.pause_at(time.time() + 1)   # a slow page: it draws, its timers wait
    url = f"{server.url}/api/games/{game['id']}/actions"
    token = game["seats"][0]["token"]
    for step, name in ((len(actions) - 1, actions[-1]), (len(actions), single)):
        # the reader's move, then the single option, from the seat's other page
        reply = http().post(url, json={"seat": 0, "token": token, "step": step,
                                       "action": name})
        assert reply.status_code == 200, reply.text
        page.wait_for_selector(f".table[data-step='{step + 1}']", state="attached",
                               timeout=WAIT)
    page.clock.run_for(1000)
    page.clock.resume()
    page.wait_for_timeout(1000)
    assert http().get(f"{server.url}/api/games/{game['id']}").json()["step"] \
        == len(actions) + 1   # (the page made no move)
    assert page.locator("#auto-note").count() == 0, page.inner_text("#last-move")
    assert NOTE not in page.inner_text("#announce")
    assert not page.errors, page.errors


@needs_browser
def test_of_two_pages_applying_a_single_option_only_the_one_taken_says_so(
        browser, server) -> None:
    seed, actions, name = _a_move_to_a_single_option()
    game = game_at(server, GAME, ["human"], seed, actions)
    pages = [language_page(browser), language_page(browser)]
    for page in pages:
        play_seat(page, server, game)
        page.wait_for_selector(f".table[data-step='{len(actions)}']", timeout=WAIT)
    reply = http().post(f"{server.url}/api/games/{game['id']}/actions", json={
        "seat": 0, "token": game["seats"][0]["token"], "step": len(actions),
        "action": name})
    assert reply.status_code == 200, reply.text
    for page in pages:
        page.wait_for_selector(f".table[data-step='{len(actions) + 2}']", state="attached",
                               timeout=WAIT)
    pages[0].wait_for_timeout(500)   # a refusal on its way has come
    notes = [page.locator("#auto-note").count() for page in pages]
    assert sorted(notes) == [0, 1], notes
    for page in pages:
        assert page.is_hidden("#banner"), page.inner_text("#banner")
        assert not page.errors, page.errors
