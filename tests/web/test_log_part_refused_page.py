"""A table page whose ask for the log's next part is refused (the connect budget spent:
each part counts as a WebSocket opening since session 30) asks again once the refusal
says it may, and draws the whole log. Found attacking e8f0089 against `keizai serve` with
its rate limits on: the refusal came back as an error message, the page never asked
again, and a finished game (no move to bring another state message) stayed undrawn for
good: a player whose address had opened a few long games' pages (or a stranger of its
/48 spending the connect budget) saw an empty table."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

import keizai
from keizai import i18n
from keizai.web.table import LOG_PART
from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import LiveServer
from tests.web.test_hello_parts import long_finished_game, stored_with_people

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
GAME_ID = "0123456789ef"
WAIT = 15_000


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return long_finished_game()


@pytest.fixture(scope="module")
def server(tmp_path_factory: Any, record: dict[str, Any]) -> Iterator[LiveServer]:
    """`keizai serve` with its rate limits on, the game stored with people's seats."""
    path: Path = tmp_path_factory.mktemp("log_part_refused")
    url = f"sqlite:///{path / 'web.sqlite3'}"
    stored_with_people(url, GAME_ID, record)
    live = LiveServer(url, path / "server.log", extra=("--log-level", "info")).start()
    yield live
    live.stop()


def spend_connects(server: LiveServer) -> int:
    """This address's connect budget spent down by a socket asking for parts of a log it
    holds whole (each ask costs a connect, refused or not): how many were refused."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/games/{GAME_ID}",
                 origin=Origin(server.url)) as ws:
        ws.send(json.dumps({"type": "hello", "since": 10**6, "log": False}))
        assert json.loads(ws.recv())["type"] == "state"
        for _ in range(40):
            ws.send(json.dumps({"type": "log"}))
        ws.send(json.dumps({"type": "ping"}))
        refused = 0
        while (message := json.loads(ws.recv())) != {"type": "pong"}:
            assert message["error"]["code"] == "rate_limited", message
            refused += 1
        return refused


class SpentAtFirstPart:
    """The page's WebSockets pass through the test: before the page's first ask for a
    part reaches the server, the address's connect budget is spent (the server refuses
    that ask, as it would after a few other pages or a stranger of the /48)."""

    def __init__(self, page: Any, server: LiveServer) -> None:
        self.server = server
        self.refused: list[int] = []
        self.errors: list[str] = []   # the error codes the server sent the page
        page.route_web_socket(re.compile(r".*/ws/games/.*"), self.route)

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if isinstance(message, str) and json.loads(message).get("type") == "log" \
                    and not self.refused:
                self.refused.append(spend_connects(self.server))
            server.send(message)

        def from_server(message: str | bytes) -> None:
            if isinstance(message, str) and "error" in (parsed := json.loads(message)):
                self.errors.append(parsed["error"]["code"])
            ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)


def test_a_page_whose_part_is_refused_asks_again_and_draws_the_whole_log(
        browser: Any, server: LiveServer, record: dict[str, Any]) -> None:
    whole = [i18n.render(entry, "en") for entry in keizai.replay(record).events(0)]
    assert len(whole) > 2 * LOG_PART   # a hello and at least two parts
    page = language_page(browser, "en")
    spent = SpentAtFirstPart(page, server)
    page.goto(f"{server.url}/#/play/{GAME_ID}/0/token0")
    for _ in range(WAIT // 100):   # the page's ask for a part refused
        if spent.errors:
            break
        page.wait_for_timeout(100)
    assert spent.refused and spent.refused[0] > 0 and spent.errors == ["rate_limited"]
    page.wait_for_selector(f".table[data-step='{len(record['actions'])}']",
                           state="attached", timeout=WAIT)
    assert page.locator("#log li").all_inner_texts() == whole
    assert not page.errors, page.errors
