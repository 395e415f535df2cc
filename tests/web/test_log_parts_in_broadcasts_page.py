"""A table page back after a gap longer than a log part gets the state of each move made
while it asks for the parts without their entries (since session 31 a broadcast sends
entries only to a connection holding the log it told before); it asks for what it
lacks, keeps showing the state it had until it holds the whole log, then shows the
whole of it and follows the next moves, in English and 日本語."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from random import Random
from typing import Any

import pytest

import keizai
from keizai.web.table import LOG_PART
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, play_on
from tests.web.test_hello_parts_page import check_log

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15.0   # seconds


class Gap:
    """The page's WebSockets pass through the test (Playwright's route). While `muted`
    the server's messages do not reach the page (its network gone; the server holds the
    connection); `cut` closes the page's connection; while `holding`, its asks for log
    parts wait in the test until `release`."""

    def __init__(self, page: Any) -> None:
        self.sockets: list[tuple[Any, Any]] = []   # (the page's side, the server's)
        self.asked: list[int] = []                 # asks for parts, by connection
        self.states: list[list[dict[str, Any]]] = []   # state messages sent the page
        self.muted = False
        self.holding = False
        self.held: list[tuple[Any, str]] = []
        page.route_web_socket(re.compile(r".*/ws/games/.*"), self.route)

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        number = len(self.sockets)
        self.sockets.append((ws, server))
        self.asked.append(0)
        self.states.append([])

        def from_page(message: str | bytes) -> None:
            if isinstance(message, str) and json.loads(message).get("type") == "log":
                self.asked[number] += 1
                if self.holding:
                    self.held.append((server, message))
                    return
            server.send(message)

        def from_server(message: str | bytes) -> None:
            if self.muted:
                return
            if isinstance(message, str) and '"type":"state"' in message:
                self.states[number].append(json.loads(message))
            ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    def cut(self) -> None:
        ws, server = self.sockets[-1]
        ws.close()
        server.close()

    def release(self) -> None:
        self.holding = False
        for server, message in self.held:
            server.send(message)
        self.held.clear()


def until(page: Any, condition: Callable[[], bool]) -> None:
    """Wait (letting Playwright dispatch the route's messages) until `condition`."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        page.wait_for_timeout(50)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_page_back_after_a_long_gap_asks_for_its_parts_while_moves_come(
        browser: Any, server: Any, lang: str) -> None:
    state, chooser = keizai.new_game("enterprise-empire", 2, seed=1), Random(1)
    counts = [state.event_count()]
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
        counts.append(state.event_count())
    actions = state.record()["actions"]
    start = 60   # the page shows this step, then loses its network
    back = next(step for step, count in enumerate(counts)
                if count - counts[start] > LOG_PART + 100)
    assert back + 3 < len(actions)
    game = game_at(server, "enterprise-empire", ["human", "human"], 1, actions[:start])
    page = language_page(browser, lang)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    gap = Gap(page)
    play_seat(page, server, game)
    check_log(page, server, game, state.record(), start, lang)
    shown = page.locator("#log li").all_inner_texts()
    gap.muted = True
    live = keizai.new_game("enterprise-empire", 2, seed=1)
    for name in actions[:start]:
        live.apply(name)
    play_on(server, game, live, actions[start:back])
    # back: the hello's part leaves the page more than a part short; its ask waits
    gap.holding, gap.muted = True, False
    gap.cut()
    until(page, lambda: len(gap.asked) == 2 and gap.asked[1] == 1)
    play_on(server, game, live, actions[back:back + 1])
    # the move's state came without entries, and the page asked again
    until(page, lambda: gap.asked[1] == 2)
    moved = gap.states[1][-1]
    assert moved["step"] == back + 1 and moved["events"] == []
    assert moved["log_from"] == counts[start] + LOG_PART
    # never a partial log: the page still shows the state it had
    assert page.locator(".table").get_attribute("data-step") == str(start)
    assert page.locator("#log li").all_inner_texts() == shown
    gap.release()
    check_log(page, server, game, state.record(), back + 1, lang)
    play_on(server, game, live, actions[back + 1:back + 3])
    check_log(page, server, game, state.record(), back + 3, lang)
    assert len(gap.sockets) == 2 and not page.errors, page.errors
