"""The seat to move handed to a bot through one of two processes on one PostgreSQL: its turn
clock stops on both, the storing one's too.

Found by session 32's strangers' pass (h207, reading the code; reproduced by h209 with two
apps on one PostgreSQL): `Table._hand_over` told the hooks nothing, so the process that
stored the hand-over kept the clock of a seat a bot now played, and its pages showed that
deadline until the bot moved (a slow bot, or one another process thinks for), while the
other process, loading the change (`Table.refresh` → `loaded` → `_arm`), had stopped it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.engine import State
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.postgres import new_database, unavailable_reason
from tests.web.conftest import live, next_state
from tests.web.social_helpers import wait_for
from tests.web.test_hardening_bots import GAME, ThreadPool
from tests.web.test_multiprocess_clock import deadline

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
PERIOD = 30.0   # seconds: no clock runs out during the test


class HeldPool(ThreadPool):
    """A bot pool whose bots decide only once `release` is set: the bot handed the seat
    has not moved while the test looks."""

    def __init__(self, release: threading.Event) -> None:
        super().__init__(0.0)
        self.release = release

    def think(self, spec: str, seed: int, state: State) -> str:
        self.release.wait()
        return super().think(spec, seed, state)


@pytest.fixture
def h209_database(postgres_url: str) -> str:
    return new_database(postgres_url, "h209_clock")


@pytest.fixture
def release() -> Iterator[threading.Event]:
    event = threading.Event()
    yield event
    event.set()   # the held bots decide and the apps shut down


def next_told(page: Any) -> dict[str, Any]:
    """The page's next state or presence."""
    while True:
        message: dict[str, Any] = page.receive_json()
        assert message.get("type") != "error", message
        if message.get("type") in ("state", "presence"):
            return message


def wait_for_bot(client: TestClient, game_id: str, seat: int) -> None:
    """Until `client`'s process holds the seat as a bot's (another process's change:
    its notice loads it)."""
    wait_for(lambda: client.get(f"/api/games/{game_id}").json()["seats"][seat]["kind"]
             == "bot")


def test_the_movers_clock_stops_on_the_process_that_stored_its_hand_over(
        h209_database: str, release: threading.Event) -> None:
    config = SocialConfig(clock_seconds={"relaxed": PERIOD, "fast": PERIOD})
    apps = [create_app(h209_database, pool=HeldPool(release), limits=Limits.off(),
                       social_config=config) for _ in range(2)]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        created = first.post("/api/tables", json={
            "game": GAME, "seats": ["human", "human", "human"], "clock": "fast"}).json()
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        mover = first.get(f"/api/games/{game_id}").json()["current_player"]
        other = (mover + 1) % 3
        for client in (first, second):   # both hold the game, the mover's clock running
            assert deadline(client, game_id, mover, tokens[mover])["seat"] == mover
        with live(first, created, other) as page:
            assert next_state(page)["table"]["deadline"]["seat"] == mover
            handed = first.post(f"/api/games/{game_id}/seats/{mover}/bot",
                                json={"token": tokens[mover], "agent": "random"})
            assert handed.status_code == 200, handed.text
            told = next_told(page)
            # the deadline moved: the page gets its view, not the seat lines alone
            assert told["type"] == "state", told
            assert told["table"]["deadline"] is None
        wait_for_bot(second, game_id, mover)
        for client in (first, second):   # the bot has not moved: no deadline anywhere
            assert deadline(client, game_id, mover, tokens[mover]) is None, client
            assert client.get(f"/api/games/{game_id}").json()["current_player"] == mover
