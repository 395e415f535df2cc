"""A spectator's "Just now" shows the latest decision, every step of it, the same on a page
open all along and on one opened (or reloaded) afterwards, in headless Chromium."""

from __future__ import annotations

import random

import pytest

import keizai
from keizai import i18n
from keizai.engine import State
from keizai.engine.decision import steps as whole_steps
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/mecenat"


def _chosen(decision) -> dict[str, int]:
    """One card of each kind, as many as the discard asks for."""
    return {c.id: 1 for c in decision.candidates[:decision.amount]}


def _discard_of_several_kinds() -> tuple[int, list[str]]:
    """A seed and the actions (random play) that lead P1 to discard cards of several kinds
    at once: one decision, a step of its own (and a line of the log) for each kind."""
    for seed in range(200):
        rng = random.Random(seed)
        state = keizai.new_game(GAME, 2, seed=seed)
        while not state.is_over:
            decision = state.pending_decision()
            if (state.current_player == 0 and decision is not None
                    and decision.kind == "discard" and decision.constraint == "exactly"
                    and 2 <= decision.amount <= len(decision.candidates)):
                return seed, state.record()["actions"]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def _lines(state: State, start: int) -> list[str]:
    return [i18n.render(event) for event in state.events(None)[start:]]


def test_a_spectators_reload_shows_every_step_of_the_latest_decision(browser, server
                                                                     ) -> None:
    """P1 discards cards of several kinds at once (one decision, a step for each kind): the
    spectator's page open all along showed every card's line in "Just now", a page
    reloaded after it only the last kind's."""
    seed, actions = _discard_of_several_kinds()
    state = keizai.replay({"game": GAME, "players": 2, "seed": seed, "actions": actions})
    chosen = _chosen(state.pending_decision())
    before = state.event_count()
    names = whole_steps(state, chosen)
    for name in names:
        state.apply(name)
    expected = _lines(state, before)
    assert len(names) >= 2 and len(expected) <= 6   # "Just now" shows them all
    game = game_at(server, GAME, ["human", "human"], seed, actions)
    watcher = language_page(browser)
    watcher.goto(f"{server.url}/#/watch/{game['id']}")
    watcher.wait_for_selector(f".table[data-step='{len(actions)}']", timeout=WAIT)
    player = language_page(browser)
    player.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    play_seat(player, server, game)
    for candidate_id in chosen:
        player.click(f".whole-candidate[data-pick='{candidate_id}'] .plus")
    player.click("#whole-confirm")
    done = f".table[data-step='{len(state.history)}'] #last-move"
    shown = "ls => ls.map((l) => l.textContent)"
    watcher.wait_for_selector(done, timeout=WAIT)
    assert watcher.eval_on_selector_all("#last-move li", shown) == expected
    watcher.reload()
    watcher.wait_for_selector(done, timeout=WAIT)
    assert watcher.eval_on_selector_all("#last-move li", shown) == expected
    assert not watcher.errors and not player.errors, (watcher.errors, player.errors)
