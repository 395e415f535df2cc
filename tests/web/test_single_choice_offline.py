"""A decision of one option the page applies by itself is sent once the page can send it,
at the step it was offered at, and the refusal of an earlier one, late, alarms nobody.

Found by h178 in Chromium from session 29's note on applySingle: its timer did not send
the option while the connection was down (or the option went out on a connection that
dropped before it arrived), and the page held that step as applied, so once back online
it showed the option as a button and waited: nothing was said (the live region had not
said the prompt, the option being the page's to apply), nothing moved until the player
clicked it.

And with the seat's other page quicker, the state of a second single option came before
the refusal of the page's first (sent at a step the game had left): the page took the
refusal for an error ("Error: the game is at step …; reload the view") and let the
player's clicks go while its second option was on its way."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http
from tests.web.test_single_choice_two_pages import _a_move_to_a_single_option

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
GAME = "national-economy/progress"


class Wire:
    """The page's WebSockets routed through the test: the moves it sends reach the server
    (`acts`: their steps and actions) or are lost while `lose` is set; what the server
    sends waits in `held` while `hold` is set, until `release`; `cut()` closes the
    latest connection (the page reconnects)."""

    def __init__(self, page) -> None:
        self.page = page
        self.acts: list[tuple[int, str]] = []
        self.lost: list[str] = []
        self.lose = False
        self.hold = False
        self.held: list[tuple[Any, str]] = []
        self.routes: list = []
        page.route_web_socket("**/ws/games/**", self.route)

    def route(self, ws) -> None:
        server = ws.connect_to_server()
        self.routes.append(ws)

        def from_page(message: str) -> None:
            sent = json.loads(message)
            if sent.get("type") == "act":
                if self.lose:
                    self.lost.append(sent["action"])
                    return
                self.acts.append((sent["step"], sent["action"]))
            server.send(message)

        def from_server(message: str) -> None:
            if self.hold:
                self.held.append((ws, message))
            else:
                ws.send(message)
        ws.on_message(from_page)
        server.on_message(from_server)

    def release(self, count: int | None = None) -> None:
        """The first `count` messages held (all of them) sent on to the page."""
        count = len(self.held) if count is None else count
        out, self.held = self.held[:count], self.held[count:]
        for ws, message in out:
            ws.send(message)

    def cut(self) -> None:
        self.routes[-1].close()

    def until(self, done: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + WAIT / 1000
        while not done():
            assert time.monotonic() < deadline, what
            self.page.wait_for_timeout(20)


def _step(server, game: dict) -> int:
    return http().get(f"{server.url}/api/games/{game['id']}").json()["step"]


def _post(server, game: dict, step: int, action: str) -> None:
    """A move of the seat's other page (over HTTP)."""
    reply = http().post(f"{server.url}/api/games/{game['id']}/actions", json={
        "seat": 0, "token": game["seats"][0]["token"], "step": step, "action": action})
    assert reply.status_code == 200, reply.text


def _reached(page, server, game: dict, step: int) -> bool:
    """Whether the game reaches `step` within WAIT (the page's WebSockets routed through
    the test meanwhile: Playwright runs the routes while the test waits on the page)."""
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        if _step(server, game) >= step:
            return True
        page.wait_for_timeout(50)
    return False


def _single_after(seed: int, actions: list[str], name: str) -> str:
    state = keizai.new_game(GAME, 1, seed=seed)
    for move in [*actions, name]:
        state.apply(move)
    return state.legal_actions()[0].name


def test_a_single_option_sent_on_a_connection_that_dropped_is_sent_again(
        browser, server) -> None:
    """The option went out on a connection that died before it arrived: the page sends it
    again once back, at the step it was offered at (it stayed at that step)."""
    seed, actions, name = _a_move_to_a_single_option()
    single = _single_after(seed, actions, name)
    at = len(actions)
    game = game_at(server, GAME, ["human"], seed, actions)
    page = language_page(browser)
    wire = Wire(page)
    play_seat(page, server, game)
    page.wait_for_selector(f".table[data-step='{at}']", timeout=WAIT)
    wire.lose = True
    _post(server, game, at, name)   # the reader's move from the seat's other page
    wire.until(lambda: wire.lost == [single], "the page sent no option")
    wire.lose = False
    wire.cut()
    assert _reached(page, server, game, at + 2), "the page never sent the option again"
    assert wire.acts[0] == (at + 1, single), wire.acts
    page.wait_for_selector("#auto-note", timeout=WAIT)
    page.wait_for_selector(".table:not(.offline)", timeout=WAIT)
    assert page.is_hidden("#banner"), page.inner_text("#banner")
    assert not page.errors, page.errors


@pytest.mark.parametrize("meanwhile", ["nothing", "other page"])
def test_a_single_option_offered_as_the_connection_drops_is_sent_once_back(
        browser, server, meanwhile: str) -> None:
    """The connection dropped between the drawing of a single option and its timer: the
    page sends it once back online, at the step it was offered at; not at all where the
    seat's other page applied it meanwhile (the game is past that step)."""
    seed, actions, name = _a_move_to_a_single_option()
    single = _single_after(seed, actions, name)
    at = len(actions)
    game = game_at(server, GAME, ["human"], seed, actions)
    page = language_page(browser)
    page.clock.install()
    wire = Wire(page)
    play_seat(page, server, game)
    page.wait_for_selector(f".table[data-step='{at}']", timeout=WAIT)
    page.clock.pause_at(time.time() + 1)   # the page's timers wait (a slow page)
    _post(server, game, at, name)
    page.wait_for_selector(f".table[data-step='{at + 1}']", state="attached", timeout=WAIT)
    wire.cut()
    page.wait_for_selector(".table.offline", state="attached", timeout=WAIT)
    page.clock.run_for(100)   # the option's timer, offline (not the reconnection's 500 ms)
    if meanwhile == "other page":
        _post(server, game, at + 1, single)
    page.clock.resume()
    page.wait_for_selector(".table:not(.offline)", state="attached", timeout=WAIT)
    if meanwhile == "nothing":
        assert _reached(page, server, game, at + 2), "the page never sent the option"
        assert wire.acts[0] == (at + 1, single), wire.acts
        page.wait_for_selector("#auto-note", timeout=WAIT)
    else:
        page.wait_for_selector(f".table[data-step='{at + 2}']", state="attached",
                               timeout=WAIT)
        page.wait_for_timeout(800)   # an option sent at a later step has come
        assert _step(server, game) == at + 2, "the page sent the option at another step"
        assert all(step == at + 1 for step, _ in wire.acts), wire.acts
        assert page.locator("#auto-note").count() == 0, page.inner_text("#last-move")
    assert page.is_hidden("#banner"), page.inner_text("#banner")
    assert not page.errors, page.errors


def _two_single_options() -> tuple[int, list[str], str, str, str]:
    """A solo seed, the moves to a decision of several options, the option after which
    the next two decisions have one option each (and the game goes on), and those two."""
    for seed in range(200):
        rng = random.Random(seed)
        state = keizai.new_game(GAME, 1, seed=seed)
        actions: list[str] = []
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal if len(legal) > 1 and actions else []:
                after = state.clone()
                after.apply(action.name)
                firsts = after.legal_actions()
                if after.is_over or len(firsts) != 1:
                    continue
                after.apply(firsts[0].name)
                seconds = after.legal_actions()
                if not after.is_over and len(seconds) == 1:
                    return seed, actions, action.name, firsts[0].name, seconds[0].name
            actions.append(rng.choice(legal).name)
            state.apply(actions[-1])
    raise AssertionError("no such position")


def _held_kinds(wire: Wire) -> list[str]:
    kinds = []
    for _, message in wire.held:
        got = json.loads(message)
        kinds.append(f"state {got['step']}" if got.get("type") == "state"
                     else got.get("error", {}).get("code", got.get("type", "?")))
    return kinds


def test_a_late_refusal_of_an_earlier_single_option_says_nothing(browser, server) -> None:
    """The seat's other page applied the first of two single options before this page:
    the state of the second came to this page before the refusal of its first. The page
    applies the second; the refusal shows no error and frees no click while the second is
    on its way."""
    seed, actions, name, first, second = _two_single_options()
    at = len(actions)
    game = game_at(server, GAME, ["human"], seed, actions)
    page = language_page(browser)
    page.clock.install()
    wire = Wire(page)
    play_seat(page, server, game)
    page.wait_for_selector(f".table[data-step='{at}']", timeout=WAIT)
    page.clock.pause_at(time.time() + 1)
    _post(server, game, at, name)
    page.wait_for_selector(f".table[data-step='{at + 1}']", state="attached", timeout=WAIT)
    wire.hold = True
    _post(server, game, at + 1, first)   # the other page, quicker
    wire.until(lambda: _held_kinds(wire) == [f"state {at + 2}"], "no state came")
    page.clock.run_for(100)   # this page's first option, at the step the game has left
    wire.until(lambda: _held_kinds(wire) == [f"state {at + 2}", "stale"],
               f"no refusal came: {_held_kinds(wire)}")
    wire.release(1)   # the state of the second option, before the refusal of the first
    page.wait_for_selector(f".table[data-step='{at + 2}']", state="attached", timeout=WAIT)
    page.clock.run_for(100)   # the second option goes
    wire.until(lambda: _held_kinds(wire) == ["stale", f"state {at + 3}"],
               f"the second option was not taken: {_held_kinds(wire)}")
    wire.release(1)   # the refusal of the first
    page.wait_for_timeout(300)
    assert page.is_hidden("#banner"), page.inner_text("#banner")
    assert page.locator(".table.busy").count() == 1, "a click would go meanwhile"
    wire.hold = False
    wire.release()
    page.clock.resume()
    page.wait_for_selector(f".table[data-step='{at + 3}']", state="attached", timeout=WAIT)
    assert wire.acts == [(at + 1, first), (at + 2, second)], wire.acts
    assert page.locator("#auto-note").count() == 1, page.inner_text("#last-move")
    assert page.is_hidden("#banner"), page.inner_text("#banner")
    assert not page.errors, page.errors
