"""A turn's deadline is one for every server process and survives a restart.

Found by session 32 reading the code (reproduced by h217 in session 33): no turn start
was stored, so each process began the turn's period when it loaded the game
(`Clocks.arm`, its own `time.time()`). A page on a process that loaded the game later
showed a later deadline than the one at which another process handed the seat to a bot
(by the gap between the loads, up to a whole period), and a restarted server gave the
turn a whole new period: "45 s per decision" was not kept. The store now keeps when the
turn began (`games.turn_began`, the database's clock) and when its one more period
began (`games.turn_more`), and every process reckons the deadline from them."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.postgres import new_database, unavailable_reason
from tests.web.test_bot_churn import GatedPool
from tests.web.test_clock_runs_once import back, out_of_time
from tests.web.test_hardening_bots import GAME, ThreadPool
from tests.web.test_multiprocess_clock import deadline

PERIOD = 30.0   # seconds: no clock runs out before the test compares the deadlines
SHIFT = 1.5     # seconds between one process's load of the game and the next one's
CLOSE = SHIFT / 2   # deadlines this close are one (reads and notices take milliseconds)


def needs_postgres() -> Any:
    reason = unavailable_reason()
    return pytest.mark.skipif(reason is not None, reason=reason or "")


@pytest.fixture
def h217_database(postgres_url: str) -> str:
    return new_database(postgres_url, "h217_turn_start")


@pytest.fixture(params=["sqlite", "postgresql"])
def h217_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
    return str(request.getfixturevalue("h217_database"))


def app(url: str, period: float = PERIOD, pool: Any = None) -> Any:
    return create_app(url, pool=pool or ThreadPool(0.0), limits=Limits.off(),
                      social_config=SocialConfig(clock_seconds={"relaxed": period,
                                                                "fast": period}))


def clocked(client: TestClient, seats: int = 3) -> tuple[str, int, str]:
    """A fast-clocked table of people: its id, the seat to move and that seat's token."""
    created = client.post("/api/tables", json={
        "game": GAME, "seats": ["human"] * seats, "clock": "fast"})
    assert created.status_code == 201, created.text
    game = created.json()
    mover = client.get(f"/api/games/{game['id']}").json()["current_player"]
    return game["id"], mover, game["seats"][mover]["token"]


@needs_postgres()
def test_a_process_loading_the_game_later_shows_the_same_deadline(
        h217_database: str) -> None:
    with TestClient(app(h217_database)) as first, TestClient(app(h217_database)) as second:
        game_id, mover, token = clocked(first)
        made = deadline(first, game_id, mover, token)
        assert made is not None and made["seat"] == mover
        time.sleep(SHIFT)   # the second loads the game that much later
        loaded = deadline(second, game_id, mover, token)
        assert loaded is not None and loaded["seat"] == mover
        # before: the second's deadline was its load's, SHIFT later than the first's
        assert abs(loaded["at"] - made["at"]) < CLOSE, (made, loaded)


def test_a_restarted_server_keeps_the_turns_deadline(h217_url: str) -> None:
    with TestClient(app(h217_url)) as client:
        game_id, mover, token = clocked(client)
        before = deadline(client, game_id, mover, token)
        assert before is not None and before["seat"] == mover
    time.sleep(SHIFT)   # the server is down that long
    with TestClient(app(h217_url)) as client:
        after = deadline(client, game_id, mover, token)
        assert after is not None and after["seat"] == mover
        # before: a whole new period from the restart, SHIFT later
        assert abs(after["at"] - before["at"]) < CLOSE, (before, after)


@needs_postgres()
def test_the_one_more_period_after_a_time_out_is_every_processs(
        h217_database: str) -> None:
    """The seat taken back after its clock ran out has one more period (session 29's
    rule): a process that loads the game after that take-back, never having held it,
    shows that period's deadline too, and does not hand the seat over at once as one
    whose period ran out long ago. (A guard of the stored `turn_more`, which every
    process reads: the turn start alone would say the time is out.)"""
    short = 2.0
    pool = GatedPool()
    try:
        with TestClient(app(h217_database, short, pool)) as first:
            game_id, mover, token = clocked(first, 2)
            assert pool.wait_asked(1)   # out of time: a bot has the seat and thinks
            more = back(first, game_id, mover, token)
            assert more is not None and more["seat"] == mover
            with TestClient(app(h217_database, short)) as later:
                shown = deadline(later, game_id, mover, token)
                assert shown is not None, "handed over at once"
                assert abs(shown["at"] - more["at"]) < CLOSE, (more, shown)
            out_of_time(first, game_id, mover, token)   # that period runs out too
    finally:
        pool.executor.shutdown(wait=False, cancel_futures=True)
