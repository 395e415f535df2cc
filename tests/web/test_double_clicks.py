"""A decision is sent once however often its button is clicked, and the page's own
request answered `stale` (it had sent that step's decision already) alarms nobody, in
headless Chromium: over the WebSocket (moves, undo) and over HTTP (the lobby's Create)."""

from __future__ import annotations

import json

import pytest

from tests.web.browser import language_page, play_seat, table_step, unavailable_reason
from tests.web.live_server import game_at, http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


def _decisions(frames: list[str]) -> list[dict]:
    """The moves and undos among the page's WebSocket messages."""
    sent = [json.loads(f) for f in frames]
    return [m for m in sent if m["type"] in ("act", "act_whole", "undo")]


def _watched(page) -> list[str]:
    """The page's WebSocket messages to the server, gathered as they go."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: frames.append(f)))
    return frames


def _between_people(server) -> dict:
    """A new Futuropia game of two people (any deal: each first turn offers every tile)."""
    return http().post(f"{server.url}/api/games", json={"game": "futuropia",
                                                        "seats": ["human", "human"]}).json()


def test_a_double_clicked_undo_takes_back_one_decision_quietly(browser, server) -> None:
    """A double-clicked Undo sent two undos of the same step: the first went back, the
    second was refused as stale and the page said "Error: the game is at step 0, not 1;
    reload the view". The page sends one undo; nothing is said."""
    game = game_at(server, "futuropia", ["human", "random"], 3)
    page = language_page(browser)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    frames = _watched(page)
    play_seat(page, server, game)
    page.click("[data-action='action:food']", timeout=WAIT)
    page.wait_for_selector("#undo:not([disabled])", timeout=WAIT)
    assert table_step(page) == "1"
    page.dblclick("#undo")
    page.wait_for_selector(".table[data-step='0']", timeout=WAIT)
    page.wait_for_timeout(500)
    assert [m["type"] for m in _decisions(frames)] == ["act", "undo"]
    assert page.locator("#banner").is_hidden(), page.inner_text("#banner")
    assert not page.errors, page.errors


class Held:
    """The page's WebSockets routed through the test: its moves are held (`held`) until
    the test sends them on (`release`); `cut()` closes the page's side of the latest
    connection (the page reconnects) while the server's side stays open to carry what
    was held."""

    def __init__(self, page) -> None:
        self.held: list = []
        self.routes: list = []
        page.route_web_socket("**/ws/games/**", self.route)

    def route(self, ws) -> None:
        server = ws.connect_to_server()
        self.routes.append(ws)
        ws.on_close(lambda code, reason: None)   # the server's side is not closed with it

        def from_page(message) -> None:
            if json.loads(message).get("type") == "act":
                self.held.append((server, message))
            else:
                server.send(message)
        ws.on_message(from_page)

    def release(self) -> None:
        held, self.held = self.held, []
        for server, message in held:
            server.send(message)

    def cut(self) -> None:
        self.routes[-1].close()


def test_a_state_of_the_same_step_does_not_free_a_second_click(browser, server) -> None:
    """A move on its way, and the other player sat down (a state of the same step): the
    page took that state for its move's answer and let the next click send another move
    at the same step, which the server refused as stale ("reload the view"). The page
    waits for its move's answer: one move goes, nothing is said."""
    game = _between_people(server)
    page = language_page(browser)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    frames = _watched(page)
    held = Held(page)
    play_seat(page, server, game)
    page.click("[data-action='action:food']", timeout=WAIT)
    page.wait_for_timeout(300)
    joined = http().post(f"{server.url}/api/games/{game['id']}/seats/1/join",
                        json={"token": game["seats"][1]["token"], "name": "Bea"})
    assert joined.status_code == 200, joined.text
    page.wait_for_selector(".seats-panel :text('Bea')", timeout=WAIT)
    page.locator("[data-action='action:food']").click(force=True)
    page.wait_for_timeout(300)
    held.release()
    page.wait_for_selector(".table[data-step='1']", timeout=WAIT)
    page.wait_for_timeout(500)
    assert [m["type"] for m in _decisions(frames)] == ["act"]
    assert page.locator("#banner").is_hidden(), page.inner_text("#banner")
    assert not page.errors, page.errors


def test_the_pages_own_move_sent_again_is_not_an_error(browser, server) -> None:
    """The connection was lost with a move on its way, which arrived after the page had
    reconnected and the player had made the move again: the second, the page's own move
    at a step it had already sent, was refused as stale and the page said "reload the
    view". It says nothing: the table shows the move made."""
    game = _between_people(server)
    page = language_page(browser)
    page.add_init_script("localStorage.setItem('keizai.auto_single', 'no')")
    held = Held(page)
    play_seat(page, server, game)
    page.click("[data-action='action:food']", timeout=WAIT)
    page.wait_for_timeout(300)
    first, held.held = held.held, []
    held.cut()
    page.wait_for_selector(".table.offline", timeout=WAIT)
    page.wait_for_selector(".table:not(.offline):not(.busy)", timeout=WAIT)
    page.click("[data-action='action:food']", timeout=WAIT)
    page.wait_for_timeout(300)
    assert len(held.held) == 1
    for server_side, message in first:   # the first arrives, then the second
        server_side.send(message)
    page.wait_for_selector(".table[data-step='1']", timeout=WAIT)
    held.release()
    page.wait_for_timeout(800)
    assert table_step(page) == "1"
    assert page.locator("#banner").is_hidden(), page.inner_text("#banner")
    assert not page.errors, page.errors


def test_a_double_clicked_create_makes_one_game(browser, server) -> None:
    """The lobby's Create clicked twice created two games; the second click's request is
    the first's, on its way."""
    before = {g["id"] for g in http().get(f"{server.url}/api/games").json()["games"]}
    page = language_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "futuropia")
    page.dblclick("#create-game")
    page.wait_for_selector(".own-seat", timeout=WAIT)
    page.wait_for_timeout(500)
    # the server is shared with other modules: the games listed that were not before
    after = {g["id"] for g in http().get(f"{server.url}/api/games").json()["games"]}
    assert len(after - before) == 1, after - before
    assert not page.errors, page.errors
