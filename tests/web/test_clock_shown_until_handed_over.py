"""A turn clock that ran out shows its deadline until the seat is handed to a bot.

Found by session 32 reading the code (reproduced by h217 in session 33): `Clocks._run`
dropped the deadline before the clock's hand-over (`Social._out_of_time`) took the
table's lock. While another write held it (here another seat handed to a bot, its store
write slow), a view showed the seat to move as a person's with no deadline at all: a
page stopped its countdown and said nothing of the time being out."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.web.social_helpers import wait_for
from tests.web.test_hardening_bots import GAME, ThreadPool

PERIOD = 1.0   # seconds per decision: the mover's clock runs out during the test


@pytest.fixture
def release() -> Iterator[threading.Event]:
    event = threading.Event()
    yield event
    event.set()   # the held write ends and the app shuts down


def spectated(client: TestClient, game_id: str) -> dict[str, Any]:
    """What a spectator's view shows (it writes nothing: no seat's read is touched)."""
    view: dict[str, Any] = client.get(f"/api/games/{game_id}/view").json()
    return view


def test_a_clock_that_ran_out_shows_its_deadline_until_the_seat_is_handed_over(
        db_url: str, release: threading.Event) -> None:
    config = SocialConfig(clock_seconds={"relaxed": PERIOD, "fast": PERIOD})
    app = create_app(db_url, pool=ThreadPool(0.0), limits=Limits.off(),
                     social_config=config)
    with TestClient(app) as client:
        created = client.post("/api/tables", json={
            "game": GAME, "seats": ["human", "human", "human"], "clock": "fast"}).json()
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        mover = client.get(f"/api/games/{game_id}").json()["current_player"]
        other = (mover + 1) % 3
        store, clocks = app.state.tables.store, app.state.social.clocks
        set_seat = store.set_seat

        def held_set_seat(game: str, seat: int, **values: Any) -> int:
            if seat == other:   # the other seat's hand-over holds the table's lock
                assert release.wait(30)
            return set_seat(game, seat, **values)

        store.set_seat = held_set_seat
        leaving = threading.Thread(target=lambda: client.post(
            f"/api/games/{game_id}/seats/{other}/bot",
            json={"token": tokens[other], "agent": "random"}))
        leaving.start()
        try:
            assert game_id in clocks.timers
            wait_for(lambda: game_id not in clocks.timers)
            # the mover's clock ran out; its hand-over waits for the table's lock
            during = spectated(client, game_id)
            assert during["seats"][mover]["kind"] == "human"
            assert during["current_player"] == mover
            # before: None, the seat to move a person's with no clock
            assert during["table"]["deadline"] is not None
            assert during["table"]["deadline"]["seat"] == mover
        finally:
            release.set()
            leaving.join(30)
        wait_for(lambda: spectated(client, game_id)["seats"][mover]["kind"] == "bot")
        after = spectated(client, game_id)   # no bot's clock (the next seat's, if moved)
        shown = after["table"]["deadline"]
        assert shown is None or after["seats"][shown["seat"]]["kind"] == "human", after
