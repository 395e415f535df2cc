"""PostgreSQL restarted under a running store: the pool's connections are all dead. A
move's write (the driver's own statements, apart from SQLAlchemy's disconnect handling)
found one of them, failed, and gave it back to the pool as it was, so each pooled
connection failed one move in turn: after a restart a player's move was refused as many
times in a row as the pool held connections (measured with keizai serve: 4). Now the
first write to find the database gone empties the pool, as SQLAlchemy does for its
own statements."""

from __future__ import annotations

import pytest

from keizai.store import Store
from tests.postgres import postgres_control, unavailable_reason
from tests.store.rows import loaded
from tests.store.test_stopped_holder import new_game

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")


def test_after_a_restart_one_write_fails_not_one_per_pooled_connection() -> None:
    with postgres_control() as server:
        store = Store(server.url)
        try:
            game_id, move = new_game(store)
            held = [store.engine.raw_connection() for _ in range(6)]   # six at once
            for connection in held:
                connection.close()   # back to the pool, which now holds six
            server.stop()
            server.start()
            failures = 0
            while True:
                try:
                    assert store.append_action(game_id, 0, move) == 1
                    break
                except Exception:
                    failures += 1
                    assert failures <= 10
            assert failures <= 1   # before: 6, one for each connection of the pool
            assert loaded(store, game_id).actions == [move]
        finally:
            store.close()
