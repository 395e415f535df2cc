"""A seat claimed from the lobby through one `keizai serve` process on one PostgreSQL is
listed taken at once by the others holding the game. Found by h149/h150 reading the code,
confirmed here: a claim raises no version and sent no notice, so a process holding the
game listed the seat open, in its lobby and its pages' seat lines, until the game's next
move (or until the claimer connected, c195eb5); a script that claims and never connects
left it 'open' there, and a stranger pressing it was refused `seat_taken`."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.test_hardening_bots import GAME, ThreadPool

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
WAIT = 10.0   # seconds: a hang guard, far past the milliseconds a notice takes


def claimed(client: TestClient, game_id: str) -> tuple[bool, bool]:
    """Whether seat 1 is listed claimed in the game's summary and in the lobby."""
    summary = client.get(f"/api/games/{game_id}").json()["seats"][1]["claimed"]
    lobby: Any = next(line for line in client.get("/api/games").json()["games"]
                      if line["id"] == game_id)
    return summary, lobby["seats"][1]["claimed"]


def test_a_seat_claimed_through_one_process_is_listed_taken_by_another(
        own_database: str) -> None:
    apps = [create_app(own_database, pool=ThreadPool(0.0), limits=Limits.off())
            for _ in range(2)]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        game_id = first.post("/api/games", json={"game": GAME,
                                                 "seats": ["human", "open"]}).json()["id"]
        assert claimed(second, game_id) == (False, False)   # held there, open
        taken = first.post(f"/api/games/{game_id}/seats/1/claim")
        assert taken.status_code == 200, taken.text   # and its player never connects
        deadline = time.monotonic() + WAIT
        while claimed(second, game_id) != (True, True):
            assert time.monotonic() < deadline, claimed(second, game_id)
            time.sleep(0.05)
        refused = second.post(f"/api/games/{game_id}/seats/1/claim")
        assert refused.json()["error"]["code"] == "seat_taken"
