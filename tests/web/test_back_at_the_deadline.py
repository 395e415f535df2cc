""""I'm back" landing as the turn's time runs out keeps the seat its player's. Found by
session 33's strangers' pass (h224, reading the code): a turn clock's timer that had fired
(`Clocks._run`: no longer among the timers) waited for the table's lock while a take-back
held it; the take-back gave the seat back with its one more period and armed the clock
again, but could not stop the fired timer, which then found the same step and a person's
seat and handed it straight back to the bot, the player's new deadline far off.

Two processes on one PostgreSQL: the seat to move handed to a bot through the second, its
notice not yet read by the first (on its way), whose clock fires as its player's "I'm
back" (through the first) holds the table's lock, catching up with the hand-over."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.postgres import unavailable_reason
from tests.web.social_helpers import wait_for
from tests.web.test_hardening_bots import GAME
from tests.web.test_multiprocess_clock import deadline
from tests.web.test_multiprocess_handover_clock import HeldPool

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
PERIOD = 2.0   # seconds per decision
WAIT = 10.0


@pytest.fixture
def release() -> Iterator[threading.Event]:
    event = threading.Event()
    yield event
    event.set()   # the held bots decide and the apps shut down


def test_a_take_back_as_the_clock_runs_out_keeps_the_seat(
        own_database: str, release: threading.Event) -> None:
    config = SocialConfig(clock_seconds={"relaxed": PERIOD, "fast": PERIOD})
    apps = [create_app(own_database, pool=HeldPool(release), limits=Limits.off(),
                       social_config=config) for _ in range(2)]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        created = first.post("/api/tables", json={
            "game": GAME, "seats": ["human", "human"], "clock": "fast"}).json()
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        mover = first.get(f"/api/games/{game_id}").json()["current_player"]
        token = tokens[mover]
        armed = deadline(first, game_id, mover, token)
        assert armed is not None and armed["seat"] == mover
        assert deadline(second, game_id, mover, token)["at"] == pytest.approx(
            armed["at"], abs=0.5)   # both hold the game, the mover's clock running

        tables: Any = apps[0].state.tables
        social: Any = apps[0].state.social
        table = tables.tables[game_id]
        noticed = tables.noticed
        tables.noticed = lambda payload: None if game_id in payload else noticed(payload)

        holding = threading.Event()   # the take-back holds the lock, catching up
        waiting = threading.Event()   # the fired timer waits for that lock
        done = threading.Event()
        seen: dict[str, Any] = {}
        version = tables.store.version

        def catching_up(asked: str) -> Any:
            if asked == game_id and table.lock.locked() and not holding.is_set():
                holding.set()
                assert waiting.wait(WAIT), "the clock did not run out"
            return version(asked)

        out_of_time = social._out_of_time

        async def fired(at: Any, seat: int, step: int, end: float) -> None:
            if at.id != game_id or done.is_set() or "kind" in seen:
                await out_of_time(at, seat, step, end)
                return
            seen["kind"] = "pending"
            assert await asyncio.to_thread(holding.wait, WAIT), "no take-back"
            asyncio.get_running_loop().call_soon(waiting.set)   # once queued for the lock
            await out_of_time(at, seat, step, end)
            now = tables.tables[game_id]
            stored = tables.store.load(game_id)
            seen.update(kind=now.seats[seat].kind,
                        stored=next(s.kind for s in stored.seats if s.seat == seat),
                        deadline=social.clocks.deadline(game_id))
            done.set()

        social._out_of_time = fired
        tables.store.version = catching_up

        handed = second.post(f"/api/games/{game_id}/seats/{mover}/bot",
                             json={"token": token, "agent": "random"})
        assert handed.status_code == 200, handed.text
        back = first.post(f"/api/games/{game_id}/seats/{mover}/back", json={"token": token})
        assert back.status_code == 200, back.text
        assert done.wait(WAIT), "the fired timer did not run"
        tables.store.version, tables.noticed = version, noticed

        # the seat stays its player's, in the store too, with its one more period
        assert seen["kind"] == "human" and seen["stored"] == "human", seen
        assert seen["deadline"] is not None, seen
        assert seen["deadline"][0] == mover and seen["deadline"][1] > armed["at"], seen
        # and that period runs out in its turn: the bot plays the decision
        wait_for(lambda: first.get(f"/api/games/{game_id}").json()["seats"][mover]["kind"]
                 == "bot", timeout=WAIT)
