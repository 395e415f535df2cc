"""A table page joined late in a long game gets its log in parts (a state message carries
at most `LOG_PART` entries since session 30) and shows the whole of it, as one message
brought it before: the Log panel, "Just now" and, once the game is over, the replay
link; also when its connection drops while the parts come and it opens again, in
English, 日本語 and 繁體中文."""

from __future__ import annotations

import json
import re
from random import Random
from typing import Any

import pytest

import keizai
from keizai import i18n
from keizai.web.table import LOG_PART
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http, play_on

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000
LEFT = 3   # the game's last actions, played once the page shows the log


class CutInParts:
    """The page's WebSockets pass through the test (Playwright's route): the first time
    the page asks for the log's next part, its connection is dropped instead."""

    def __init__(self, page: Any) -> None:
        self.asked: list[int] = []   # the parts asked for, by connection
        page.route_web_socket(re.compile(r".*/ws/games/.*"), self.route)

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.asked.append(0)
        number = len(self.asked) - 1

        def from_page(message: str | bytes) -> None:
            if isinstance(message, str) and json.loads(message).get("type") == "log":
                self.asked[number] += 1
                if number == 0:
                    ws.close()
                    server.close()
                    return
            server.send(message)

        ws.on_message(from_page)


def lines(record: dict[str, Any], step: int, seat: int, lang: str) -> list[str]:
    state = keizai.replay({**record, "actions": record["actions"][:step]})
    return [i18n.render(entry, lang) for entry in state.events(seat)]


def just_now_from(server: Any, game: dict) -> int:
    view = http().get(f"{server.url}/api/games/{game['id']}/view", params={"seat": 0},
                      headers={"x-keizai-token": game["seats"][0]["token"]}).json()
    return view["just_now_from"]


def check_log(page: Any, server: Any, game: dict, record: dict[str, Any], step: int,
              lang: str) -> None:
    page.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=WAIT)
    whole = lines(record, step, 0, lang)
    assert page.locator("#log li").all_inner_texts() == whole
    more = page.locator("#last-move-more")
    if more.count() and more.get_attribute("aria-expanded") == "false":
        more.click()
    shown = page.locator("#last-move li:not(.more)").all_inner_texts()
    assert shown == whole[just_now_from(server, game):]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_page_joined_late_shows_the_whole_log_asked_in_parts(
        browser: Any, server: Any, lang: str) -> None:
    state, chooser = keizai.new_game("enterprise-empire", 2, seed=1), Random(1)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    record = state.record()
    steps = len(record["actions"])
    game = game_at(server, "enterprise-empire", ["human", "human"], 1,
                   record["actions"][:steps - LEFT])
    assert len(lines(record, steps - LEFT, 0, "en")) > LOG_PART   # in parts
    page = language_page(browser, lang)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    cut = CutInParts(page)
    play_seat(page, server, game)
    check_log(page, server, game, record, steps - LEFT, lang)
    # the first connection dropped at its first ask; the next asked for every part
    assert cut.asked[0] == 1 and len(cut.asked) == 2 and cut.asked[1] >= 1, cut.asked
    live = keizai.new_game("enterprise-empire", 2, seed=1)
    for name in record["actions"][:steps - LEFT]:
        live.apply(name)
    play_on(server, game, live, record["actions"][steps - LEFT:])
    check_log(page, server, game, record, steps, lang)
    assert page.locator(f".table a[href='#/replay/{game['id']}']").count() == 1
    assert not page.errors, page.errors
