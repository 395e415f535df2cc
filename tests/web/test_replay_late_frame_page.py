"""The replay page draws the frame of the step it was last sent to: a frame asked before
and answered after (a slow network) is not drawn over it. Found attacking 820f0b7: the
last frame of a long 企業帝國 game comes in parts (`app.FRAME_EVENTS` events a request,
asked one after another), so "Last" then "First" on a slow network drew step 0's frame,
then the last step's log, board and last move under "step 0" and the slider at 0."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from keizai.web.app import FRAME_EVENTS
from tests.web.browser import language_page, unavailable_reason
from tests.web.test_replay import WAIT, finished  # noqa: F401  (a fixture)
from tests.web.test_replay_events_page import lines, shown

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")


class HeldFrames:
    """The page's requests for the frames of one step are held until `release`."""

    def __init__(self, page: Any, step: int) -> None:
        self.step = str(step)
        self.held: list[Any] = []
        self.answered = 0   # that step's frames answered (parts included)
        self.holding = True
        page.route("**/replay?*", self.route)
        page.on("requestfinished", self.finished)

    def of_step(self, url: str) -> bool:
        return parse_qs(urlsplit(url).query).get("step") == [self.step]

    def route(self, route: Any) -> None:
        if self.holding and self.of_step(route.request.url):
            self.held.append(route)
        else:
            route.continue_()

    def finished(self, request: Any) -> None:
        if "/replay?" in request.url and self.of_step(request.url):
            self.answered += 1

    def release(self) -> None:
        self.holding = False
        for route in self.held:
            route.continue_()


def test_a_frame_answered_after_a_later_one_is_not_drawn(
        browser: Any, server: Any, finished: Any) -> None:  # noqa: F811
    created, record = finished("enterprise-empire")
    steps = len(record["actions"])
    assert len(lines(record, steps, None, "en")) > FRAME_EVENTS   # in parts
    page = language_page(browser, "en")
    held = HeldFrames(page, steps)
    page.goto(f"{server.url}/#/replay/{created['id']}")
    page.wait_for_selector(".replay[data-step='0']", timeout=WAIT)
    page.click("#replay-forward")
    page.wait_for_selector(".replay[data-step='1']", timeout=WAIT)
    page.click("#replay-last")   # asked, held: the network is slow
    for _ in range(WAIT // 50):
        if held.held:
            break
        page.wait_for_timeout(50)
    assert held.held
    page.click("#replay-first")   # the player goes on meanwhile
    page.wait_for_selector(".replay[data-step='0']", timeout=WAIT)
    assert shown(page) == lines(record, 0, None, "en")
    held.release()   # the last frame's parts arrive now
    parts = -(-(len(lines(record, steps, None, "en")) - len(lines(record, 1, None, "en")))
              // FRAME_EVENTS)
    for _ in range(WAIT // 50):
        if held.answered >= parts:
            break
        page.wait_for_timeout(50)
    assert held.answered == parts
    page.wait_for_timeout(300)   # time to draw, were they drawn
    assert page.locator(".replay").get_attribute("data-step") == "0"
    assert page.input_value("#replay-slider") == "0"
    assert shown(page) == lines(record, 0, None, "en")
    assert not page.errors, page.errors
