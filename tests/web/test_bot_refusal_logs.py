"""A bot's move refused as stale is logged as what it is: expected and handled.

Found in session 29 after a1b804a: a bot's move the store refused as stale (another
process changed the game, its notice still on its way) is tried again, yet `Table._bots`
logged every such refusal at error level, so an operator running two processes saw
errors at every seat handed over and back elsewhere. It is logged at info now
(test_bot_churn's stale refusal checks the level); a refusal the loop does not expect
(the database failing) stays an error."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

from tests.web.conftest import tables_of
from tests.web.test_bot_churn import WAIT, GatedPool, app, bots_refusals, new_table


def test_a_bots_move_the_database_fails_to_store_is_an_error(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """The store fails once as the bot's move is written: an error, and the bot decides
    again shortly (a guard of the level the stale refusal left)."""
    caplog.set_level(logging.DEBUG, logger="keizai.web")
    pool = GatedPool()
    try:
        with app(db_url, pool) as client:
            game_id, _token = new_table(client)
            store: Any = tables_of(client).tables[game_id].store
            real = store.append
            failures = [RuntimeError("the database is down")]

            async def append(*args: Any, **kwargs: Any) -> int:
                if failures:
                    raise failures.pop()
                return await real(*args, **kwargs)

            assert pool.wait_asked(1)
            store.append = append
            pool.answer()
            assert pool.wait_asked(2)   # refused: the bot decides again a second later
            pool.answer()
            deadline = time.monotonic() + WAIT
            while client.get(f"/api/games/{game_id}").json()["step"] == 0:
                assert time.monotonic() < deadline, "the bot's move was never stored"
                time.sleep(0.05)
            assert not failures
    finally:
        pool.executor.shutdown(wait=False, cancel_futures=True)
    assert [(record.levelname, record.getMessage()) for record in bots_refusals(caplog)] \
        == [("ERROR", f"a bot's move was refused in game {game_id}: storage_error")]
