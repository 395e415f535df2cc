"""What a message to the table draws anew, in headless Chromium: a move adds its lines to
the log and keeps the lines there and the chat as they were (each move drew the whole log
again: a long game's page made 70-170 thousand nodes, bench/web_redraw.py); a player
coming or going redraws the Seats panel, not the board; a presence that changes nothing
draws nothing. The rest is drawn afresh and morphed into the page's elements (morph.js):
an opened <details> stays open and a number being typed stays in its box; the social bar
reads the seat lines a presence brought; the focus on a "Hand to a bot" stays on its
seat's."""

from __future__ import annotations

import json
import random
import re
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
    page.eval_on_selector_all(".board, .board *, .seats-panel, #choices, #choices *", MARK)
    board = page.eval_on_selector_all(".board, .board *, #choices, #choices *", KEPT)
    with _hello(server, game, 1):
        page.wait_for_selector(".seats-panel li:has-text('P2 online')", timeout=WAIT)
        assert page.eval_on_selector_all(".board, .board *, #choices, #choices *", KEPT) == board
        # the panel's line says the change in the elements it had
        assert page.eval_on_selector_all(".seats-panel", KEPT) == 1
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


class _Wire:
    """The page's WebSocket through the test (Playwright's route): what the server sends
    passes on, its last state kept, and the test can add a message of its own."""

    def __init__(self, page) -> None:
        self.states: list[dict] = []
        self.socket = None
        page.route_web_socket(re.compile(r".*/ws/games/.*"), self.route)

    def route(self, ws) -> None:
        server = ws.connect_to_server()

        def passed(message) -> None:
            data = json.loads(message)
            if data.get("type") == "state":
                self.states.append(data)
            ws.send(message)

        server.on_message(passed)
        self.socket = ws

    def presence(self, change: dict[int, dict]) -> None:
        """A presence message: the last state's seat lines, seat `s`'s changed by
        `change[s]`."""
        seats = [dict(line, **change.get(line["seat"], {})) for line in self.states[-1]["seats"]]
        assert self.socket is not None
        self.socket.send(json.dumps({"type": "presence", "seats": seats}))


def test_a_move_keeps_an_opened_details_element_open(browser, server) -> None:
    """A Futuropia market's supply, opened by the reader, closed again at each move of the
    other player: the board was drawn anew. The board's elements are kept and brought up
    to date (morph.js), an opened <details> with them."""
    game = game_at(server, "futuropia", ["human", "human"], 0, ["action:subsidy"])
    page = language_page(browser)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-turn=other]", timeout=WAIT)
    page.click(".board details summary")
    assert page.eval_on_selector(".board details", "(el) => el.open")
    page.eval_on_selector_all(".board details", MARK)
    step = _move(server, game)
    page.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=WAIT)
    assert page.eval_on_selector(".board details", "(el) => el.open && el.keizaiKept")
    assert not page.errors, page.errors


def _interest_to_type() -> tuple[int, list[str]]:
    """A seed and moves of a two-player Futuropia to seat 0's interest payment with a box
    to type the money in (tests/web/test_whole_decisions.py)."""
    for seed in range(200):
        rng = random.Random(seed)
        state = keizai.new_game("futuropia", 2, seed=seed)
        while not state.is_over:
            d = state.pending_decision() if state.current_player == 0 else None
            if (d is not None and d.kind == "interest" and d.amount >= 4
                    and any(c.id == "money" and c.count > 4 for c in d.candidates)):
                return seed, state.record()["actions"]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def test_a_number_being_typed_stays_through_a_redraw(browser, server) -> None:
    """The reader types how much money pays the interest (the box's change comes when they
    leave it) and the other player sits down under a name meanwhile: the box stays in the
    page with the focus and the number typed (morph.js leaves a focused box's value as it
    is). Before morph.js the box was drawn anew and its removal fired its change, which
    took the number in: this passes before too, and guards the morph."""
    seed, actions = _interest_to_type()
    game = game_at(server, "futuropia", ["human", "human"], seed, actions)
    page = language_page(browser)
    play_seat(page, server, game)
    box = ".whole-candidate[data-pick='money'] .whole-number"
    page.wait_for_selector(box, timeout=WAIT)
    page.focus(box)
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    joined = http().post(f"{server.url}/api/games/{game['id']}/seats/1/join",
                         json={"token": game["seats"][1]["token"], "name": "Hana"})
    assert joined.status_code == 200, joined.text
    page.wait_for_selector(".seats-panel li:has-text('Hana')", timeout=WAIT)
    assert page.eval_on_selector(box, "(el) => el === document.activeElement")
    assert page.input_value(box) == "3"
    page.keyboard.press("Tab")   # the box's change: the chip counts what was typed
    page.wait_for_function("() => document.querySelector('.table').dataset.picked === '3'",
                           timeout=WAIT)
    assert not page.errors, page.errors


def test_the_away_bar_follows_a_presence_message(browser, server) -> None:
    """table.js brought its seat lines up to date with a presence message, table_social.js
    kept its own copy from the last state: a presence saying the reader's seat is away
    (a bot standing in) redrew the table, whose bar still read the old lines and showed
    no "I'm back". Both read the one state the table shows."""
    game = game_at(server, "national-economy/mecenat", ["human", "human"], 3)
    page = language_page(browser)
    wire = _Wire(page)
    play_seat(page, server, game)
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    assert page.query_selector("#away-bar") is None
    wire.presence({0: {"away": True}})
    page.wait_for_selector("#away-bar #im-back", timeout=WAIT)
    assert not page.errors, page.errors


def test_the_focus_on_a_hand_over_button_stays_on_its_seat(browser, server) -> None:
    """focusKey found a Seats-panel "Hand to a bot" by its place among the table's buttons:
    when another seat's came before it, the focus went over to that seat's. The button is
    named by its seat (an id)."""
    game = game_at(server, "national-economy/mecenat", ["human"] * 3, 3)
    page = language_page(browser)
    wire = _Wire(page)
    play_seat(page, server, game)
    page.wait_for_selector(".seats-panel", timeout=WAIT)
    away = {"kind": "human", "claimed": True, "connected": False, "handover_in": 0}
    wire.presence({2: away})
    third = page.locator(".seats-panel li").nth(2).locator("button")
    third.wait_for(timeout=WAIT)
    third.focus()
    label = third.get_attribute("aria-label")
    wire.presence({1: away, 2: away})
    page.wait_for_function("() => document.querySelectorAll('.seats-panel li button').length"
                           " === 2", timeout=WAIT)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == label
    assert not page.errors, page.errors
