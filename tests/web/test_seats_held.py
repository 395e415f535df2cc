"""One client took every open seat of the lobby: claims were bounded by their rate limit
alone, one per 2 s (found by the session-27 attack pass). A client now holds at most
`Limits.open_seats` seats taken from the lobby in games not over; past it a claim is
refused, in the reader's language, until one of those games ends. The claimer is stored
as a keyed hash of the client, not its address. `Limits.off()` (`keizai serve
--no-rate-limits`, the tests' live servers) has no bound. SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from keizai import i18n
from keizai.store.db import games, seats
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.test_hardening_bots import from_address

GRABBER = "203.0.113.7"
HOST = "198.51.100.20"
PLAYER = "192.0.2.44"
SEATS = 4   # open seats of each table


def open_tables(client: TestClient, count: int) -> list[str]:
    """`count` public tables of SEATS open seats, made by HOST."""
    made = []
    for _ in range(count):
        response = client.post("/api/tables", headers={"x-test-client": HOST}, json={
            "game": "national-economy/mecenat", "seats": ["open"] * SEATS})
        assert response.status_code == 201, response.text
        made.append(str(response.json()["id"]))
    return made


def claim(client: TestClient, address: str, game_id: str, seat: int) -> tuple[int, dict]:
    response = client.post(f"/api/games/{game_id}/seats/{seat}/claim",
                           headers={"x-test-client": address})
    return response.status_code, response.json()


def test_one_client_holds_a_bounded_number_of_open_seats(database_url: str) -> None:
    most = Limits().open_seats
    assert most is not None
    # the real bound; the rate limits off, so that the test need not wait for them
    app = create_app(database_url, bot_workers=1,
                     limits=dataclasses.replace(Limits.off(), open_seats=most))
    with TestClient(from_address(app), base_url="https://testserver") as client:
        tables = open_tables(client, most // SEATS + 1)
        every = [(game_id, seat) for game_id in tables for seat in range(SEATS)]
        for game_id, seat in every[:most]:
            status, answer = claim(client, GRABBER, game_id, seat)
            assert status == 200, answer
        game_id, seat = every[most]
        status, answer = claim(client, GRABBER, game_id, seat)
        assert status == 429, answer
        error = answer["error"]
        assert (error["code"], error["id"], error["params"]) == (
            "too_many_seats", "web.err.seats_held", {"most": most})
        for lang in ("en", "ja", "zh-TW"):
            assert str(most) in i18n.tr("web.err.seats_held", lang, most=most)
        # the seat is still open: another client takes it
        status, answer = claim(client, PLAYER, game_id, seat)
        assert status == 200, answer
        # once one of the grabber's games is over, it may take a seat again
        with app.state.tables.store.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == tables[0]).values(over=1))
        status, answer = claim(client, GRABBER, *every[most + 1])
        assert status == 200, answer
        with app.state.tables.store.engine.connect() as conn:
            claimers = set(conn.execute(select(seats.c.claimer).where(
                seats.c.game_id.in_(tables), seats.c.claimer.is_not(None))).scalars())
        # a keyed hash of each client, no address
        assert len(claimers) == 2 and all(
            len(c) == 32 and GRABBER not in c and PLAYER not in c for c in claimers)


def test_without_rate_limits_there_is_no_bound(database_url: str) -> None:
    """The tests' live servers claim many seats from 127.0.0.1 (`Limits.off()`)."""
    most = Limits().open_seats
    assert most is not None
    app = create_app(database_url, bot_workers=1, limits=Limits.off())
    with TestClient(from_address(app), base_url="https://testserver") as client:
        tables = open_tables(client, most // SEATS + 1)
        for game_id in tables:
            for seat in range(SEATS):
                status, answer = claim(client, GRABBER, game_id, seat)
                assert status == 200, answer
