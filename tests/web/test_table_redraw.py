"""What a message to the table draws anew, in headless Chromium: a move adds its lines to
the log and keeps the lines there and the chat as they were (each move drew the whole log
again: a long game's page made 70-170 thousand nodes, bench/web_redraw.py); a player
coming or going redraws the Seats panel, not the board; a presence that changes nothing
draws nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from websockets.sync.client import connect

import keizai
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import LiveServer, game_at, http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000

# Marks elements with a property of the page's own (an element drawn anew has none).
MARK = "(els) => els.forEach((el) => { el.keizaiKept = true; })"
KEPT = "(els) => els.filter((el) => el.keizaiKept).length"


def _a_long_log(server: LiveServer) -> dict:
    """A two-player game 40 random moves in: its log is longer than the Log panel."""
    rng = random.Random(1)
    state = keizai.new_game("national-economy/mecenat", 2, seed=1)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    return game_at(server, "national-economy/mecenat", ["human", "human"], 1,
                   state.record()["actions"])


def _move(server: LiveServer, game: dict) -> int:
    """The seat to move takes its first option (over HTTP); the step after it."""
    url = f"{server.url}/api/games/{game['id']}"
    seat = http().get(url).json()["current_player"]
    token = game["seats"][seat]["token"]
    view = http().get(f"{url}/view", params={"seat": seat},
                      headers={"x-keizai-token": token}).json()
    reply = http().post(f"{url}/actions", json={"seat": seat, "token": token,
                                                "step": view["step"],
                                                "action": view["legal"][0]["name"]})
    assert reply.status_code == 200, reply.text
    return view["step"] + 1


@contextmanager
def _hello(server: LiveServer, game: dict, seat: int) -> Iterator[None]:
    """`seat`'s player here (another page's WebSocket, its first state received)."""
    with connect(server.url.replace("http", "ws") + f"/ws/games/{game['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "since": 0, "log": False, "seat": seat,
                            "token": game["seats"][seat]["token"]}))
        ws.recv()
        yield


def test_a_move_adds_its_lines_to_the_log_and_keeps_the_lines_there(browser, server) -> None:
    game = _a_long_log(server)
    page = language_page(browser)
    play_seat(page, server, game)
    page.eval_on_selector_all("#log li", MARK)
    before = page.locator("#log li").count()
    page.eval_on_selector_all("#chat-input, #chat", MARK)
    step = _move(server, game)
    page.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=WAIT)
    lines = page.locator("#log li")
    assert lines.count() > before
    # the lines there stay the same elements, the first ones, and a move's are added
    assert page.eval_on_selector_all("#log li", KEPT) == before
    assert page.eval_on_selector_all(f"#log li:nth-child(-n+{before})", KEPT) == before
    # as a page opened now draws the log, with the newest line in sight
    fresh = language_page(browser)
    play_seat(fresh, server, game)   # the same seat: its log names its own cards
    fresh.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=WAIT)
    assert lines.all_inner_texts() == fresh.locator("#log li").all_inner_texts()
    assert page.eval_on_selector("#log", "(ol) => ol.scrollHeight > ol.clientHeight && "
                                         "ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 1")
    # the chat (nothing changed in it) is the same box and list
    assert page.eval_on_selector_all("#chat-input, #chat", KEPT) == 2
    assert not page.errors, page.errors


def test_a_player_coming_redraws_the_seats_panel_and_not_the_board(browser, server) -> None:
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser)
    play_seat(page, server, game)
    page.wait_for_selector(".seats-panel li:has-text('not here yet')", timeout=WAIT)
    page.eval_on_selector_all(".board, .seats-panel, #choices", MARK)
    with _hello(server, game, 1):
        page.wait_for_selector(".seats-panel li:has-text('P2 online')", timeout=WAIT)
        assert page.eval_on_selector_all(".board, #choices", KEPT) == 2
        assert page.eval_on_selector_all(".seats-panel", KEPT) == 0
    assert not page.errors, page.errors


def test_a_presence_that_changes_nothing_draws_nothing(browser, server) -> None:
    """The other player's page reloads: the server held their seat online meanwhile, and
    says so again."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser)
    play_seat(page, server, game)
    with _hello(server, game, 1):
        page.wait_for_selector(".seats-panel li:has-text('P2 online')", timeout=WAIT)
        page.eval_on_selector_all(".board, .seats-panel", MARK)
    with _hello(server, game, 1):   # within the grace that shows them online
        # a chat line after it on the same connection: the presence came before it
        reply = http().post(f"{server.url}/api/games/{game['id']}/chat", json={
            "seat": 1, "token": game["seats"][1]["token"], "text": "back"})
        assert reply.status_code == 201, reply.text
        page.wait_for_selector("#chat li:has-text('back')", timeout=WAIT)
        assert page.eval_on_selector_all(".board, .seats-panel", KEPT) == 2
        assert "P2 online" in page.inner_text(".seats-panel")
    assert not page.errors, page.errors
