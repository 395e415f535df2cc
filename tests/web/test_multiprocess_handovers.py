"""A client's hand-overs take one budget across the processes on one PostgreSQL, and a
hand-over stored by one process sends the other's pages the seat lines, not views.

Found by session 32's strangers' pass (h199), measured by h207 with two `keizai serve`
processes on one PostgreSQL (default limits), a 4-player 企業帝國 game, a spectator on
each process: one client handing its own seat to a bot and taking it back, its requests
alternating between the processes, had each process's action budget (201 hand-overs and
201 take-backs in 10 s), and each was sent to every page as a whole state, by the
process that stored it and by the other when its notice came (`Table.refresh`): 40 views
a second to each spectator, 137 KB/s. Now both take a bucket of their own in the store
with the actions' numbers (`RateLimiter.COUNTED_AS`), as a name and an undo do, and the
pages other than the seat's own get a presence: 20.8 presences a second, 13.7 KB/s."""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import Any

import pytest

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.conftest import live, next_state
from tests.web.test_hardening_bots import from_address

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
GAME = "enterprise-empire"
CLIENT = {"x-test-client": "10.9.9.9"}


def not_to_move(client: TestClient, game: dict[str, Any]) -> int:
    """A seat whose bot would not move at once (a hand-over changes the seats alone)."""
    current = client.get(f"/api/games/{game['id']}").json()["current_player"]
    return 0 if current != 0 else 1


def test_a_clients_hand_overs_take_one_budget_whichever_process_answers(
        own_database: str) -> None:
    """A seat handed to a bot and taken back in turn through two apps on one store (each's
    memory apart, as two processes'), an action's budget of 6 (refilled too slowly to
    matter): six answered in all, then both refuse (before: ten, five through each)."""
    limits = replace(Limits.off(), act=(6, 0.001))
    apps = [create_app(own_database, bot_workers=1, limits=limits) for _ in range(2)]
    with TestClient(from_address(apps[0])) as a, TestClient(from_address(apps[1])) as b:
        game = a.post("/api/games", json={"game": GAME, "seats": ["human"] * 4},
                      headers={"x-test-client": "10.8.8.8"}).json()
        seat = not_to_move(a, game)
        codes = [(a, b)[n % 2].post(
            f"/api/games/{game['id']}/seats/{seat}/{('bot', 'back')[n % 2]}",
            json={"token": game["seats"][seat]["token"]}, headers=CLIENT).status_code
            for n in range(10)]
        assert codes == [200] * 6 + [429] * 4


def until_away(ws: Any, seat: int, away: bool) -> list[dict[str, Any]]:
    """The messages sent to `ws` up to the first whose seat lines show `seat` `away`."""
    messages = []
    while True:
        message = ws.receive_json()
        assert "error" not in message, message
        messages.append(message)
        if "seats" in message and message["seats"][seat]["away"] is away:
            return messages


def test_a_hand_over_stored_by_another_process_sends_the_seat_lines(
        own_database: str) -> None:
    """A page on each app; the seat handed over and taken back three times, in turn
    through each app: every page learns each change from a presence (before: a state from
    each app, the storing one's and the other's when its notice came)."""
    apps = [create_app(own_database, bot_workers=1, limits=Limits.off()) for _ in range(2)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        game = a.post("/api/games", json={"game": GAME, "seats": ["human"] * 4}).json()
        seat = not_to_move(a, game)
        b.get(f"/api/games/{game['id']}")   # held by both
        with live(a, game) as first, live(b, game) as second:
            next_state(first)
            next_state(second)
            for n in range(6):
                away = n % 2 == 0
                answer = (a, b)[n % 2].post(
                    f"/api/games/{game['id']}/seats/{seat}/{'bot' if away else 'back'}",
                    json={"token": game["seats"][seat]["token"]})
                assert answer.status_code == 200, answer.text
                for page in (first, second):
                    kinds = [m["type"] for m in until_away(page, seat, away)]
                    assert kinds == ["presence"], (n, kinds)
