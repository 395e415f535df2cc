"""Naming a seat (and muting one) behind several processes on one PostgreSQL.

Found by session 32's strangers' pass (h199): two and three `keizai serve` processes on
one database, one client renaming a seat as fast as it may with its requests alternating
between them (a round-robin proxy), a spectator on each process. Each name is a write
and a NOTIFY that every process holding the game reads (its seat rows, a presence to
each page), but it took only the answering process's action budget (60, then 15 a
second): over 10 s, 42 names stored a second through two processes and 63 through three,
each spectator sent 63 and 84 presences a second, 277 and 475 reads of the seat rows a
second. And the process that stored a name read it back and sent the presence twice: its
own notice came back and did it once more. Now the budget holds for all processes
together (the store's `rate_budgets`, as the chat's), and a process reads its own
notice of a seat changed no more."""

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
GAME = "national-economy/mecenat"


def test_a_client_names_seats_within_one_budget_whichever_process_answers(
        own_database: str) -> None:
    """A client renaming a seat through two apps on one store in turn (each's memory
    apart, as two processes'), an action's budget of 6 (refilled too slowly to
    matter): six names in all, then both refuse (before: ten, five through each). A mute
    counts in it too."""
    limits = replace(Limits.off(), act=(6, 0.001))
    apps = [create_app(own_database, bot_workers=1, limits=limits) for _ in range(2)]
    with TestClient(from_address(apps[0])) as a, TestClient(from_address(apps[1])) as b:
        game = a.post("/api/tables", json={"game": GAME, "seats": ["human", "human"]},
                      headers={"x-test-client": "10.8.8.8"}).json()
        codes = [(a, b)[n % 2].post(
            f"/api/games/{game['id']}/seats/0/join",
            json={"token": game["seats"][0]["token"], "name": f"Ann {n}"},
            headers={"x-test-client": "10.9.9.9"}).status_code for n in range(10)]
        assert codes == [200] * 6 + [429] * 4
        muted = b.post(f"/api/games/{game['id']}/chat/mute", json={
            "token": game["host_token"], "seat": 1}, headers={"x-test-client": "10.9.9.9"})
        assert muted.status_code == 429, muted.text
        # another client's budget is its own
        assert a.post(f"/api/games/{game['id']}/seats/1/join", json={
            "token": game["seats"][1]["token"], "name": "Bo"},
            headers={"x-test-client": "10.7.7.7"}).status_code == 200


def seat_names(ws: Any, seat: int, last: str) -> list[str | None]:
    """The name of `seat` in each presence a page is sent, up to the one naming it
    `last`."""
    names = []
    while True:
        message = ws.receive_json()
        assert "error" not in message, message
        if message["type"] == "presence":
            names.append(message["seats"][seat]["name"])
            if names[-1] == last:
                return names


def test_each_page_gets_one_presence_per_name_whichever_process_stored_it(
        own_database: str) -> None:
    """A seat named eight times, through two apps on one store in turn, a page open on
    each: each page gets one presence per name, in order (before: the page on the app
    that stored a name got it twice, the second when its own notice came back)."""
    apps = [create_app(own_database, bot_workers=1, limits=Limits.off()) for _ in range(2)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        game = a.post("/api/tables", json={"game": GAME, "seats": ["human", "human"]}
                      ).json()
        b.get(f"/api/games/{game['id']}")   # held by both
        names = [f"Ann {n}" for n in range(8)]
        with live(a, game) as first, live(b, game) as second:
            next_state(first)
            next_state(second)
            seen: tuple[list[str | None], list[str | None]] = ([], [])
            for n, name in enumerate(names):
                joined = (a, b)[n % 2].post(f"/api/games/{game['id']}/seats/0/join", json={
                    "token": game["seats"][0]["token"], "name": name})
                assert joined.status_code == 200, joined.text
                for page, names_seen in zip((first, second), seen, strict=True):
                    names_seen.extend(seat_names(page, 0, name))
            # a mute through the other: the pages' next presences are the mute's
            muted = b.post(f"/api/games/{game['id']}/chat/mute", json={
                "token": game["host_token"], "seat": 1})
            assert muted.status_code == 200, muted.text
            for page in (first, second):
                message = page.receive_json()
                assert message["type"] == "presence" and message["seats"][1]["muted"], \
                    message
        assert seen == (names, names)
