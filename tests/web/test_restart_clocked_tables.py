"""A restarted server loaded every unfinished game whose turn clock runs for a human, to
arm the clock again (#18): found by the session-27 attack pass, a client's clocked tables
with an invited seat it never opens stay unfinished until `delete_abandoned` (30 days),
and each start loaded them all (1,000 Mecenat or 企業帝國 tables: 1.0-1.7 s of CPU, 2-5 s
on a loaded machine, every one of them replayed though only the 200 held stay in memory;
at one table per 5 s a client makes 17,280 a day). A start now loads the clocked games
last changed or used, no more than it holds; the clock of another arms when the game is
opened, as before #18."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from keizai.store.db import games
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.web.social_helpers import new_table, token_of, view, wait_for

HELD = 2


@pytest.fixture(params=["sqlite", "postgresql"])
def own_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A SQLite file, or a PostgreSQL database of the test's own: the session's shared one
    holds other tests' unfinished clocked games, which a start arms too (the CI rehearsal
    loaded two of them in place of this test's)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
    return str(request.getfixturevalue("own_database"))


def test_a_start_arms_the_clocks_of_the_games_last_used_and_no_more(own_url: str,
                                                                    monkeypatch) -> None:
    slow = SocialConfig(clock_seconds={"relaxed": 60.0, "fast": 60.0})
    created: list[dict[str, Any]] = []
    with TestClient(create_app(own_url, bot_workers=1, limits=Limits.off(),
                               social_config=slow)) as client:
        for _ in range(HELD + 1):   # the oldest used first
            table = new_table(client, ["human", "random"], clock="fast")
            wait_for(lambda t=table: view(client, t["id"], 0, token_of(t, 0))["legal"])
            created.append(table)
    oldest, *latest = [table["id"] for table in created]
    # when each was last used, an hour apart, written outright: the times the server
    # stored come from a view's throttled touch and a bot's move, whose order a loaded
    # machine may change (CI rehearsal, PostgreSQL: the oldest was touched last)
    engine = create_engine(own_url)
    with engine.begin() as conn:
        for hours, game_id in enumerate(reversed([oldest, *latest])):
            conn.execute(update(games).where(games.c.id == game_id)
                         .values(touched=datetime.now(UTC) - timedelta(hours=hours + 1)))
    engine.dispose()
    fast = SocialConfig(clock_seconds={"relaxed": 60.0, "fast": 0.5})
    app = create_app(own_url, bot_workers=1, limits=Limits.off(), social_config=fast,
                     bot_games_each=HELD + 1)   # each ends as a game of bots alone
    tables = app.state.tables
    tables.held = HELD
    loaded: list[str] = []
    load = tables.store.load

    def counted(game_id: str) -> Any:
        loaded.append(game_id)
        return load(game_id)

    monkeypatch.setattr(tables.store, "load", counted)
    with TestClient(app) as client:
        assert sorted(loaded) == sorted(latest), (loaded, latest)

        def seat_0(game_id: str) -> str:   # the lobby's stored line: it loads no game
            return next(g for g in client.get("/api/games").json()["games"]
                        if g["id"] == game_id)["seats"][0]["kind"]

        for game_id in latest:   # their clocks ran out with nobody looking
            wait_for(lambda g=game_id: seat_0(g) == "bot", 10)
        assert seat_0(oldest) == "human" and oldest not in loaded
        # opened (its player looks once, and goes), the oldest's clock runs again
        assert view(client, oldest, 0, token_of(created[0], 0))["current_player"] == 0
        wait_for(lambda: seat_0(oldest) == "bot", 10)
