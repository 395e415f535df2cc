"""The replay page asks each frame only for the events after those it holds of the view
shown, and for the rest of them when a frame carries a part (`app.FRAME_EVENTS`): its
log is the step's whole log, in English, 日本語 and 繁體中文, stepping forward and back,
jumping and seen by another seat. Until session 30 each frame carried every event up to
its step (the last of a long 企業帝國 game: 3,176 events, 276 KB) though a step forward
added a few."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

import keizai
from keizai import i18n
from keizai.web.app import FRAME_EVENTS
from tests.web.browser import language_page, unavailable_reason
from tests.web.test_replay import WAIT, _click, finished  # noqa: F401  (a fixture)

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")


def lines(record: dict[str, Any], step: int, seat: int | None, lang: str) -> list[str]:
    """The log `seat` may read after `step` actions, in `lang`, from a replay of its own."""
    state = keizai.replay({**record, "actions": record["actions"][:step]})
    return [i18n.render(entry, lang) for entry in state.events(seat)]


def shown(page: Any) -> list[str]:
    return page.locator("#log li").all_inner_texts()


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_replay_s_log_is_the_step_s_whole_log_asked_in_parts(
        browser: Any, server: Any, finished: Any, lang: str) -> None:  # noqa: F811
    created, record = finished("enterprise-empire")
    steps = len(record["actions"])
    last = lines(record, steps, None, lang)
    assert len(last) > FRAME_EVENTS   # a game whose last frame comes in parts
    page = language_page(browser, lang)
    asked: list[dict[str, list[str]]] = []
    page.on("request", lambda request: asked.append(parse_qs(urlsplit(request.url).query))
            if "/replay?" in request.url else None)
    page.goto(f"{server.url}/#/replay/{created['id']}")
    page.wait_for_selector("#log", timeout=WAIT)
    assert shown(page) == lines(record, 0, None, lang)
    assert _click(page, "#replay-forward") == 1
    assert shown(page) == lines(record, 1, None, lang)
    assert asked[-1]["since"] == [str(len(lines(record, 0, None, lang)))]
    held = len(asked)
    assert _click(page, "#replay-last") == steps
    assert shown(page) == last
    # the events after those of step 1, in parts of at most FRAME_EVENTS
    parts = asked[held:]
    new = len(last) - len(lines(record, 1, None, lang))
    assert len(parts) == -(-new // FRAME_EVENTS), parts
    assert _click(page, "#replay-back") == steps - 1
    assert shown(page) == lines(record, steps - 1, None, lang)
    assert asked[-1]["since"] == [str(len(last))]   # all held: none sent again
    assert _click(page, "#replay-first") == 0
    assert shown(page) == lines(record, 0, None, lang)
    middle = steps // 2
    page.eval_on_selector("#replay-slider", """(slider, step) => {
        slider.value = String(step);
        slider.dispatchEvent(new Event("change"));
    }""", middle)
    page.wait_for_selector(f".replay[data-step='{middle}']", timeout=WAIT)
    assert shown(page) == lines(record, middle, None, lang)
    page.select_option("#replay-seat", "1")
    page.wait_for_selector("#replay-seat option[value='1'][selected]", state="attached",
                           timeout=WAIT)
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length === "
                           f"{len(lines(record, middle, 1, lang))}", timeout=WAIT)
    assert shown(page) == lines(record, middle, 1, lang)
    assert asked[-1]["seat"] == ["1"]
    assert _click(page, "#replay-forward") == middle + 1
    assert shown(page) == lines(record, middle + 1, 1, lang)
    assert not page.errors, page.errors
