"""Presence in the store: the marks every server process writes of its connected seats
(`Store.mark_seen_many`), which another process's hand-over reads (`Store.seen_for`)."""

from __future__ import annotations

import secrets
import threading
import time

from sqlalchemy import event

import keizai
from keizai.store import SeatRow, Store

GAME = "national-economy/mecenat"


def games(store: Store, count: int) -> list[str]:
    record = keizai.new_game(GAME, 2, 1).record()
    ids = [secrets.token_hex(6) for _ in range(count)]
    for game_id in ids:
        store.create_game(game_id, record, "host", [
            SeatRow(0, "human", None, "t0", True), SeatRow(1, "human", None, "t1", True)])
    return ids


def test_a_seat_marked_seen_is_seen_by_the_databases_clock(database_url: str) -> None:
    store = Store(database_url)
    try:
        (game_id,) = games(store, 1)
        assert store.seen_for(game_id, 0) is None
        store.mark_seen_many({game_id: [0]})
        seen = store.seen_for(game_id, 0)
        assert seen is not None and -1 < seen < 5
        assert store.seen_for(game_id, 1) is None
    finally:
        store.close()


def test_processes_marking_the_same_games_at_once_do_not_deadlock(postgres_url: str) -> None:
    """Two processes hold the same games, each in its own order (the order it opened
    them), and mark their connected seats at the same moment, each in one transaction.
    Before, each updated the games in its own order: they locked each other's rows and
    PostgreSQL aborted one (measured: 162 of 200 marks failed, each after a second's
    wait), and a missed mark let a connected player's seat pass for away."""
    first, second = Store(postgres_url), Store(postgres_url)
    errors: list[Exception] = []
    try:
        ids = games(first, 20)

        def mark(store: Store, order: list[str]) -> None:
            for _ in range(20):
                try:
                    store.mark_seen_many({game_id: [0, 1] for game_id in order})
                except Exception as error:
                    errors.append(error)

        threads = [threading.Thread(target=mark, args=(first, ids)),
                   threading.Thread(target=mark, args=(second, ids[::-1]))]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert time.monotonic() - started < 10
    finally:
        first.close()
        second.close()


def test_a_beat_marks_every_games_seats_in_one_statement(postgres_url: str) -> None:
    """A process marks its connected seats every beat (every second with
    `--handover-after` <= 4 s), in the store's writer thread, which stores every move
    too. Before, one UPDATE a game: 200 games with connected seats cost 100-270 ms of
    that thread per beat; one statement costs 3.5 ms. The marks are those of each
    seat named, and of no other."""
    store = Store(postgres_url)
    sent: list[str] = []

    def note(*args: object) -> None:
        statement = args[2]
        if isinstance(statement, str) and "seen" in statement:
            sent.append(statement)

    try:
        ids = games(store, 30)
        event.listen(store.engine, "before_cursor_execute", note)
        store.mark_seen_many({game_id: [0] if n % 2 else [0, 1]
                              for n, game_id in enumerate(ids)})
        event.remove(store.engine, "before_cursor_execute", note)
        assert len(sent) == 1, f"{len(sent)} statements"
        for n, game_id in enumerate(ids):
            assert store.seen_for(game_id, 0) is not None
            assert (store.seen_for(game_id, 1) is None) == bool(n % 2)
    finally:
        store.close()
