"""A game deleted from the store while a process holds it with a bot to move: the bot
stops. Found by session 33's strangers' pass (h219) against `keizai serve` on SQLite: a
game of two `random` bots (`--bot-delay 1`) deleted by the operator's clean-up
(`Store.delete_abandoned`, docs/web.md "Abandoned games") while its bot thought made the
process spin at most of a core for as long as it ran: the bot's move was refused as
stale, the game read again (nothing: it is gone), the same move tried again at once, for
good, one write and one read a turn, and the table, its bot never done, was never
dropped."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from keizai.store import Store
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import portal_of, tables_of
from tests.web.test_bot_churn import GAME, WAIT, GatedPool, bot_first


@pytest.fixture
def gated() -> Iterator[GatedPool]:
    pool = GatedPool()
    yield pool
    for _ in range(8):   # a decision still waiting ends at once
        pool.answer()


def test_a_bot_of_a_deleted_game_stops(db_url: str, gated: GatedPool,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(db_url, pool=gated, limits=Limits.off(),
                               chosen_seeds=True)) as client:
        game = client.post("/api/games", json={"game": GAME, "seed": bot_first(),
                                               "seats": ["random", "human", "random"]})
        assert game.status_code == 201, game.text
        game_id = game.json()["id"]
        assert gated.wait_asked(1)   # seat 0's bot thinks

        tables = tables_of(client)
        table = tables.tables[game_id]
        loads = 0
        load = Store.load

        def counted_load(store: Store, wanted: str) -> object:
            nonlocal loads
            if wanted == game_id:
                loads += 1
            return load(store, wanted)

        monkeypatch.setattr(Store, "load", counted_load)
        assert tables.store.delete_abandoned(timedelta(0)) == 1   # the operator's clean-up
        gated.answer()   # the bot's move comes back for a game no longer stored

        deadline = time.monotonic() + WAIT
        while not portal_of(client).call(_bot_done, table) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert portal_of(client).call(_bot_done, table), \
            f"the bot still tries to move after {loads} reads of the deleted game"
        assert loads == 1   # the refusal's read, which found it gone
        assert gated.asked == 1   # and it did not think again
        assert not table.busy()   # so the table may be dropped

        # a person's move there is refused as before (docs/web.md: 409 stale)
        token = game.json()["seats"][1]["token"]
        answer = client.post(f"/api/games/{game_id}/actions",
                             json={"seat": 1, "token": token, "action": "anything"})
        assert answer.status_code in (404, 409), answer.text


async def _bot_done(table: object) -> bool:
    task = getattr(table, "bot_task", None)
    return task is None or task.done()
