"""The Log panel drawn anew (another language, an Undo) is the one in the page. Found
trying to break the table's morph (af548e9) in Chromium (h159): the table kept its new
Log panel apart and the morph brought the page's panel to it, keeping the page's
elements, so the lines of later moves went into the detached list, and each draw moved
the newest of them into the page and took out the ones moved before: after a language
switch and a few moves the page's log missed lines a page opened then has."""

from __future__ import annotations

import time

import pytest

from tests.web.browser import choose_language, language_page, play_seat, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
needs_browser = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def _turn(server, game: dict) -> dict:
    """Seat 0's view once it is its turn (the bot moves on its own)."""
    url = f"{server.url}/api/games/{game['id']}/view"
    headers = {"x-keizai-token": game["seats"][0]["token"]}
    deadline = time.monotonic() + 15
    while not (view := http().get(url, params={"seat": 0}, headers=headers).json())["legal"]:
        assert time.monotonic() < deadline, "seat 0 never had a turn"
        time.sleep(0.05)
    return view


def _move(server, game: dict) -> int:
    """Seat 0's first option once it is its turn; the step it was sent at."""
    view = _turn(server, game)
    reply = http().post(f"{server.url}/api/games/{game['id']}/actions", json={
        "seat": 0, "token": game["seats"][0]["token"], "step": view["step"],
        "action": view["legal"][0]["name"]})
    assert reply.status_code == 200, reply.text
    return view["step"]


@needs_browser
def test_the_log_after_a_language_switch_has_every_later_move(browser, server) -> None:
    game = game_at(server, "national-economy/mecenat", ["human", "random"], 5)
    page = language_page(browser)
    play_seat(page, server, game)
    choose_language(page, "ja")
    for _ in range(4):
        step = _move(server, game)
        page.wait_for_selector(f".table:not([data-step='{step}'])", state="attached",
                               timeout=WAIT)
    step = _turn(server, game)["step"]
    page.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=WAIT)
    fresh = language_page(browser, "ja")
    play_seat(fresh, server, game)
    fresh.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=WAIT)
    assert page.locator("#log li").all_inner_texts() \
        == fresh.locator("#log li").all_inner_texts()
    assert page.locator("#log").count() == 1
    assert not page.errors, page.errors
