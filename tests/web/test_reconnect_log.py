"""A page whose connection came back asks only for the log lines it missed: the lines it
has must still be the game's. Found trying to break the table's incremental redraw
(5c98e35) in Chromium: the seat's other page (a phone, a second tab) took a move back
with Undo and played another while this page was offline; back online, this page kept the
undone move's line ("P1 discards Cafeteria" where the game, and a page opened now, say
"P1 discards Laboratory"), since the server sent the lines after the count the page had."""

from __future__ import annotations

import re
import time

import pytest

from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.conftest import create, hello
from tests.web.live_server import game_at, http

reason = unavailable_reason()
needs_browser = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def _first_state(client, game: dict, **said) -> dict:
    """The first state of a WebSocket whose hello says `since` 3 and `said`."""
    with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        ws.send_json({**hello(0, game["seats"][0]["token"], since=3), **said})
        return ws.receive_json()


def test_a_hello_keeps_its_lines_only_with_the_mark_of_the_game_as_it_is(client) -> None:
    """Its lines kept with the mark and step of the game's state; the whole log sent
    again with the mark of another step or game, a step past the game's, no step, or a
    mark that is no text; kept from an older page that sends no mark. A step that is no
    step is refused, as a `since` that is none."""
    game = create(client, seats=["human", "human"])
    for seat in (0, 1):   # two steps, each seat's first option
        token = game["seats"][seat]["token"]
        view = client.get(f"/api/games/{game['id']}/view", params={"seat": seat},
                          headers={"x-keizai-token": token}).json()
        assert client.post(f"/api/games/{game['id']}/actions", json={
            "seat": seat, "token": token, "action": view["legal"][0]["name"]}).status_code == 200
    now = _first_state(client, game)
    assert now["log_from"] == 3 and now["step"] == 2
    assert _first_state(client, game, step=2, mark=now["mark"])["log_from"] == 3
    for step, mark in [(0, now["mark"]), (1, now["mark"]), (3, now["mark"]), (2, "0" * 16), (2, 7),
                       (None, now["mark"])]:
        assert _first_state(client, game, step=step, mark=mark)["log_from"] == 0, (step, mark)
    for bad in ("2", -1, True):
        refused = _first_state(client, game, step=bad, mark=now["mark"])
        assert refused["error"]["code"] == "invalid_request", refused


class Outage:
    """The page's WebSockets pass through the test (Playwright's route), which can drop
    them and refuse new ones until `end`: the server stays up for the seat's other page."""

    def __init__(self, page) -> None:
        self.down = False
        self.open: list = []
        page.route_web_socket(re.compile(r".*/ws/games/.*"), self.route)

    def route(self, ws) -> None:
        if self.down:
            ws.close()
            return
        ws.connect_to_server()
        self.open.append(ws)

    def begin(self) -> None:
        self.down = True
        for ws in self.open:
            ws.close()
        self.open.clear()

    def end(self) -> None:
        self.down = False


def _view(server, game: dict) -> dict:
    """Seat 0's view once it is its turn (the bot moves on its own)."""
    url = f"{server.url}/api/games/{game['id']}/view"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        view = http().get(url, params={"seat": 0},
                          headers={"x-keizai-token": game["seats"][0]["token"]}).json()
        if view["legal"]:
            return view
        time.sleep(0.05)
    raise AssertionError("seat 0 never had a turn")


def _post(server, game: dict, what: str, **body) -> None:
    """Seat 0's other page sends a move or an Undo (over HTTP)."""
    reply = http().post(f"{server.url}/api/games/{game['id']}/{what}", json={
        "seat": 0, "token": game["seats"][0]["token"], **body})
    assert reply.status_code == 200, reply.text


@needs_browser
def test_a_page_back_online_drops_the_log_lines_an_undo_took_back_meanwhile(
        browser, server) -> None:
    game = game_at(server, "national-economy/mecenat", ["human", "random"], 1)
    page = language_page(browser)
    outage = Outage(page)
    play_seat(page, server, game)
    # seat 0 moves (its first option) until its last decision may be taken back
    while not (view := _view(server, game))["undo"]:
        _post(server, game, "actions", step=view["step"], action=view["legal"][0]["name"])
    page.wait_for_selector(f".table[data-step='{view['step']}']", state="attached",
                           timeout=WAIT)
    outage.begin()
    page.wait_for_selector(".table.offline", state="attached", timeout=WAIT)
    # meanwhile the seat's other page: Undo, then other moves (the last option each)
    _post(server, game, "undo", step=view["step"])
    for _ in range(3):
        view = _view(server, game)
        _post(server, game, "actions", step=view["step"], action=view["legal"][-1]["name"])
    view = _view(server, game)
    outage.end()
    page.wait_for_selector(f".table:not(.offline)[data-step='{view['step']}']",
                           state="attached", timeout=WAIT)
    fresh = language_page(browser)
    play_seat(fresh, server, game)
    fresh.wait_for_selector(f".table[data-step='{view['step']}']", state="attached",
                            timeout=WAIT)
    assert page.locator("#log li").all_inner_texts() \
        == fresh.locator("#log li").all_inner_texts()
    assert page.inner_text("#last-move") == fresh.inner_text("#last-move")
    assert not page.errors, page.errors
