"""The bound on games of bots alone (`bot_games_each` of one client a process) holds for
what each `keizai serve` process on one PostgreSQL runs. Found by h149/h150 reading the
code, confirmed here with three apps on one database: a person's game whose bot decided
on the first process became one of bots alone when they left through another process,
which counted it, while its bots ran on in the first (b64e234 left them there); so a
client handing its games over through the other processes had any number of games of
bots alone run in the first, its bound never asked."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.store import Store
from keizai.web import create_app
from keizai.web import tables as tables_module
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.test_multiprocess_bots import StepPool, a_game_moved_on_the_first

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
TAKEOVER, MARK, THINK = 3.0, 0.2, 0.3   # seconds
WAIT = 10.0   # a hang guard


@pytest.fixture(autouse=True)
def quick(monkeypatch: Any) -> None:
    monkeypatch.setattr(tables_module, "BOT_TAKEOVER", TAKEOVER)
    monkeypatch.setattr(tables_module, "THINKING_MARK", MARK)


def running_alone(client: TestClient) -> list[str]:
    """The games of bots alone whose bots run in this process."""
    tables: Any = client.app.state.tables   # type: ignore[attr-defined]
    return sorted(t.id for t in tables.tables.values() if t.bots_alone
                  and t.bot_task is not None and not t.bot_task.done())


def test_games_of_bots_alone_run_where_they_were_counted(own_database: str) -> None:
    pools = [StepPool(THINK) for _ in range(3)]
    apps = [create_app(own_database, pool=pool, limits=Limits.off(), bot_games_each=1)
            for pool in pools]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second, \
            TestClient(apps[2]) as third:
        games = [a_game_moved_on_the_first(first, second, third) for _ in range(2)]
        assert running_alone(first) == []   # a person plays each
        # the person leaves each game through another process: bots alone from then on,
        # each hand-over counted by the process it came through (one game of the client)
        for (game_id, token), through in zip(games, (second, third), strict=True):
            left = through.post(f"/api/games/{game_id}/seats/0/bot",
                                json={"token": token, "agent": "random"})
            assert left.status_code == 200, left.text
        deadline = time.monotonic() + WAIT
        while running_alone(second) != [games[0][0]] or running_alone(third) != [
                games[1][0]] or running_alone(first):
            assert time.monotonic() < deadline, [running_alone(c)
                                                 for c in (first, second, third)]
            time.sleep(0.05)
        # and they play on there: neither waits for the take-over of a process gone
        store = Store(own_database)
        try:
            counts = [store.action_count(game_id) for game_id, _ in games]
            time.sleep(4 * THINK)
            assert all(store.action_count(g) > n for (g, _), n in zip(games, counts,
                                                                      strict=True))
        finally:
            store.close()
        # a third game of the client's left through the second is refused there
        game_id, token = a_game_moved_on_the_first(first, second)
        refused = second.post(f"/api/games/{game_id}/seats/0/bot",
                              json={"token": token, "agent": "random"})
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"]["code"] == "too_many_games"
        # and taken through the first, which holds the two games of bots alone but runs
        # neither (held ones counted, anyone opening them would fill its places)
        left = first.post(f"/api/games/{game_id}/seats/0/bot",
                          json={"token": token, "agent": "random"})
        assert left.status_code == 200, left.text
        assert running_alone(first) == [game_id]
