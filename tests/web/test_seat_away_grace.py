"""A seat's player who reloads the page, or comes back by the link to a seat handed to a
bot, is not shown away to the others in between (keizai.web.table's AWAY_GRACE); one
who leaves is, once the grace is over."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.i18n import tr
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.conftest import create, live, next_state
from tests.web.live_server import http
from tests.web.test_scale import drain_until_pong

WAIT = 15_000
HANDOVER_AFTER = 1.5   # the grace is no longer than it

browser_only = pytest.mark.skipif(unavailable_reason() is not None,
                                  reason=unavailable_reason() or "")

# The text of the reader's Seats panel's line of P2 each time it changes, from now on.
WATCH = """() => { window.p2Lines = [];
  const line = () => document.querySelector('.seats-panel li:nth-child(2)')?.textContent;
  let last = line(); window.p2Lines.push(last);
  new MutationObserver(() => { const now = line();
    if (now !== last) { last = now; window.p2Lines.push(now); } })
  .observe(document.body, { childList: true, subtree: true, characterData: true }); }"""


@browser_only
def test_a_player_reloading_the_page_is_never_shown_away(browser, server) -> None:
    """P2 reloads their table: P1's Seats panel said 「P2不在」 (away) between P2's old
    connection closing and the new one's hello (40-140 ms here, the page's whole load on
    a phone's network), then 「P2接続中」 again. It now stays 「P2接続中」 throughout."""
    game = http().post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    page = language_page(browser, "ja")
    play_seat(page, server, game)
    other = language_page(browser, "en")
    play_seat(other, server, game, seat=1)
    online = tr("web.seat_line", "ja", seat="P2", what=tr("connected", "ja"))
    page.wait_for_selector(f".seats-panel li:nth-child(2):text-is(' {online}')", timeout=WAIT)
    page.evaluate(WATCH)
    for _ in range(2):
        other.reload()
        other.wait_for_selector(".table", timeout=WAIT)
        page.wait_for_timeout(500)   # P2's hello answered, its presence at P1's page
    assert page.evaluate("window.p2Lines") == [f" {online}"]
    assert not page.errors, page.errors


@pytest.fixture
def quick_client(db_url: str) -> Iterator[TestClient]:
    """Seats offered to a bot after HANDOVER_AFTER s away (the grace no longer)."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off(),
                               handover_after=HANDOVER_AFTER)) as test_client:
        yield test_client


def _p2(message: dict[str, Any]) -> tuple[str, bool]:
    seat = message["seats"][1]
    return seat["kind"], seat["connected"]


def test_a_seat_taken_back_by_its_link_is_not_shown_away_before_its_connection(
        quick_client) -> None:
    """P2 handed their seat to a bot and comes back by the link: the server took the
    seat back and sent everyone the seat as a person's away (its "Hand to a bot" offered
    again) a moment before P2's connection joined. It is now a person's here at once."""
    client = quick_client
    game = create(client, seats=["human", "human"])
    with live(client, game, 0) as ws:
        next_state(ws)
        reply = client.post(f"/api/games/{game['id']}/seats/1/bot",
                            json={"token": game["seats"][1]["token"]})
        assert reply.status_code == 200, reply.text
        # a presence: P1's page draws a seat's bot from the seat lines (h207, session 32)
        assert [_p2(m) for m in drain_until_pong(ws) if "seats" in m] == [("bot", False)]
        with live(client, game, 1) as back:
            next_state(back)
            told = [_p2(m) for m in drain_until_pong(ws) if "seats" in m]
        assert told and told[-1] == ("human", True)
        assert ("human", False) not in told, told


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_a_player_who_leaves_is_shown_away_once_the_grace_is_over(db_url: str,
                                                                 loop: str) -> None:
    """The grace does not hide a player who left: the others are told, once it is over,
    and the seat is offered to a bot as before, counted from the leaving. On uvloop, the
    loop `keizai serve` runs, the grace's timer woke up to a millisecond before the grace
    ended and did nothing: P2 stayed "online" to P1 for good, and no hand-over was
    offered (CI, tests/web/test_announcements.py, and 1 run in 8 under load here)."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off(), handover_after=HANDOVER_AFTER)
    with TestClient(app, backend_options={"use_uvloop": loop == "uvloop"}) as client:
        game = create(client, seats=["human", "human"])
        with live(client, game, 0) as ws:
            next_state(ws)
            with live(client, game, 1) as other:
                next_state(other)
            left = time.monotonic()
            assert [_p2(m) for m in drain_until_pong(ws) if "seats" in m] == [("human", True)]
            time.sleep(max(0.0, left + HANDOVER_AFTER - 0.3 - time.monotonic()))
            assert [m for m in drain_until_pong(ws) if "seats" in m] == []   # the grace
            time.sleep(max(0.0, left + HANDOVER_AFTER + 0.5 - time.monotonic()))
            told = [m for m in drain_until_pong(ws) if "seats" in m]
            assert [(m["type"], _p2(m)) for m in told] == [("presence", ("human", False))]
            assert told[0]["seats"][1]["handover_in"] == 0
