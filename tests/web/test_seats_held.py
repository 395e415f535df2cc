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
from tests.web.social_helpers import play_out, token_of
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


def test_the_clients_of_one_ipv6_48_share_sixteen_clients_bounds(database_url: str) -> None:
    """An IPv6 client is its /64, and one holder of a /48 (which tunnel brokers give
    anyone) has 65,536 of them: each took its own seats (before: the 17th /64's claim
    got 200, as would the 65,536th's). Its /64s now hold `WIDE_SHARE` clients' seats
    together; a /64 of another /48 is not bound by them. Here each client may hold one."""
    from keizai.web.tables import WIDE_SHARE

    app = create_app(database_url, bot_workers=1,
                     limits=dataclasses.replace(Limits.off(), open_seats=1))
    with TestClient(from_address(app), base_url="https://testserver") as client:
        tables = open_tables(client, WIDE_SHARE // SEATS + 1)
        every = [(game_id, seat) for game_id in tables for seat in range(SEATS)]
        for n, (game_id, seat) in enumerate(every[:WIDE_SHARE]):
            status, answer = claim(client, f"2001:db8:7:{n:x}::1", game_id, seat)
            assert status == 200, answer
        status, answer = claim(client, f"2001:db8:7:{WIDE_SHARE:x}::1", *every[WIDE_SHARE])
        assert status == 429, answer
        error = answer["error"]
        assert (error["code"], error["id"], error["params"]) == (
            "too_many_seats", "web.err.network_seats_held", {"most": WIDE_SHARE})
        for lang in ("en", "ja", "zh-TW"):
            assert str(WIDE_SHARE) in i18n.tr("web.err.network_seats_held", lang,
                                              most=WIDE_SHARE)
        status, answer = claim(client, "2001:db8:8::1", *every[WIDE_SHARE])
        assert status == 200, answer
        with app.state.tables.store.engine.connect() as conn:
            networks = set(conn.execute(select(seats.c.claimer_net).where(
                seats.c.game_id.in_(tables), seats.c.claimed == 1)).scalars())
        # a keyed hash of each /48, no address
        assert len(networks) == 2 and all(
            len(n) == 32 and "2001" not in n for n in networks)


def test_a_rematch_seat_is_given_not_claimed_and_does_not_count(database_url: str) -> None:
    """A seat of a rematch goes to the player who held it in the game before (by
    `rematch/seat`): the lobby never offered it, so it takes nothing from the others,
    and it counts toward no bound (its game over, the old seat no longer counts either).
    A client at its bound still gets its rematch's seat and plays on."""
    app = create_app(database_url, bot_workers=1,
                     limits=dataclasses.replace(Limits.off(), open_seats=1))
    with TestClient(from_address(app), base_url="https://testserver") as client:
        created = client.post("/api/tables", headers={"x-test-client": HOST}, json={
            "game": "national-economy/mecenat", "seats": ["human", "open"]})
        assert created.status_code == 201, created.text
        old = created.json()
        status, answer = claim(client, GRABBER, old["id"], 1)
        assert status == 200, answer
        theirs = answer["token"]
        play_out(client, old["id"], {0: token_of(old, 0), 1: theirs})
        table = open_tables(client, 1)[0]
        status, answer = claim(client, GRABBER, table, 0)   # at its bound of one now
        assert status == 200, answer
        rematch = client.post(f"/api/games/{old['id']}/rematch",
                              headers={"x-test-client": HOST},
                              json={"token": old["host_token"]})
        assert rematch.status_code == 200, rematch.text
        seat = client.post(f"/api/games/{old['id']}/rematch/seat",
                           headers={"x-test-client": GRABBER},
                           json={"seat": 1, "token": theirs})
        assert seat.status_code == 200, seat.text
        # still at its bound: the rematch's seat did not count, nor take a place
        status, answer = claim(client, GRABBER, table, 1)
        assert status == 429 and answer["error"]["params"] == {"most": 1}, answer
