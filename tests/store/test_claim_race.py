"""A client's claims at the same instant in two processes could pass the bound on the
open seats it holds (`Store.claim_seat`, `Limits.open_seats`): each counted the seats
held, then wrote its own, so both counted the same number (found reading the code in
session 27; PostgreSQL's 8 writer threads and several processes, or two processes on one
SQLite file). The check and the claim are now one: here two stores on one database (two
processes' engines, each with its own writer lock), the first claim held up right after
its first statement until the second has answered (or 3 s, when the second waits for the
first). SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from typing import Any

from sqlalchemy import event

import keizai
from keizai.store import KeyedClient, SeatRow, SeatsHeld, Store

MOST = 2


def test_two_processes_claiming_at_once_keep_the_bound(database_url: str) -> None:
    first, second = Store(database_url), Store(database_url)
    try:
        state = keizai.new_game("national-economy/mecenat", MOST + 1, seed=1)
        first.create_game("race", state.record(), "host", [
            SeatRow(seat, "human", None, f"t{seat}", False, True) for seat in range(MOST + 1)])
        client = KeyedClient("a" * 32)
        assert first.claim_seat("race", 0, client, MOST)   # one held: room for one more

        held_up, answered = threading.Event(), threading.Event()
        results: dict[int, Any] = {}

        def hold_up(*_args: Any) -> None:
            if not held_up.is_set():
                held_up.set()
                answered.wait(3)

        def claim(store: Store, seat: int) -> None:
            try:
                results[seat] = store.claim_seat("race", seat, client, MOST)
            except SeatsHeld as refused:
                results[seat] = refused
            finally:
                if store is second:
                    answered.set()

        event.listen(first.engine, "after_cursor_execute", hold_up)
        one = threading.Thread(target=claim, args=(first, 1))
        one.start()
        assert held_up.wait(10)
        other = threading.Thread(target=claim, args=(second, 2))
        other.start()
        one.join(20)
        other.join(20)
        # one of the two took the last place, the other was refused and wrote nothing
        assert sorted(map(type, results.values()), key=str) == sorted(
            [bool, SeatsHeld], key=str), results
        stored = first.load("race")
        assert stored is not None
        assert sum(seat.claimed for seat in stored.seats) == MOST, results
    finally:
        first.close()
        second.close()
