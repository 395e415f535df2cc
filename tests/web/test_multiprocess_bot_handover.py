"""A seat handed to a bot on one process while another process's bot decides the move
(two apps on one PostgreSQL): each move is decided by one of them, not both (a game
left to bots alone is run by the process that handed the last seat over, which counted it
in its bound; the other stops). Found by the session-28 attack
pass: the hand-over started this process's bots at once, and from then on both
processes decided every bot move of the game (one decision of each thrown away, as the
version lets one through) until a person was to move again; in a game left to bots, to
its end."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.store import Store
from keizai.web import create_app
from keizai.web import tables as tables_module
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.test_hardening_bots import GAME
from tests.web.test_multiprocess_bots import StepPool, human_first, moved

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
TAKEOVER, MARK, THINK = 3.0, 0.2, 0.5   # seconds


@pytest.fixture(autouse=True)
def quick(monkeypatch: Any) -> None:
    monkeypatch.setattr(tables_module, "BOT_TAKEOVER", TAKEOVER)
    monkeypatch.setattr(tables_module, "THINKING_MARK", MARK)


def test_a_seat_handed_over_elsewhere_leaves_the_bot_to_its_process(
        own_database: str) -> None:
    deciding, other = StepPool(THINK), StepPool(THINK)
    with TestClient(create_app(own_database, pool=deciding, limits=Limits.off())) as first, \
            TestClient(create_app(own_database, pool=other, limits=Limits.off())) as second:
        created = first.post("/api/games", json={"game": GAME, "seats": ["human", "random"],
                                                  "seed": human_first()}).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        assert second.get(f"/api/games/{game_id}").status_code == 200   # held there too
        view = first.get(f"/api/games/{game_id}/view", params={"seat": 0},
                         headers={"x-keizai-token": token}).json()
        moved_here = first.post(f"/api/games/{game_id}/actions", json={
            "seat": 0, "token": token, "action": view["legal"][0]["name"]})
        assert moved_here.status_code == 200, moved_here.text   # the first's bot decides
        # while it does, the person leaves through the second process: a bot plays
        # their seat too, and bots alone play on
        left = second.post(f"/api/games/{game_id}/seats/0/bot",
                           json={"token": token, "agent": "random"})
        assert left.status_code == 200, left.text
        store = Store(own_database)
        try:
            assert moved(store, game_id, 8, 30)
        finally:
            store.close()
        # each move decided by one process (before b64e234: by both from the
        # hand-over on, half of the decisions thrown away). The game is one of bots
        # alone now, which the second counted in its bound: the second runs its bots,
        # and the first stops after the decision it was making, thrown away as the
        # version changed (as it was when the first decided it again; test
        # test_multiprocess_bots_alone)
        assert deciding.steps in ([], [1]), (deciding.steps, other.steps)
        assert other.steps[:1] == [1]
        assert len(set(other.steps)) == len(other.steps), other.steps
