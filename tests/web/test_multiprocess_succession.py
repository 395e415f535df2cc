"""Two seats moving in quick succession through two processes on one PostgreSQL (two
apps): the second seat's move, made for the position the store holds, is taken by a
process whose copy has not yet heard of the first move (its notice on the way). Found by
the session-28 attack pass: a script reading its view on one process and acting on the
other, as a proxy's round robin sends it, had 77 of 200 moves refused as stale (or not
its turn without a step) and had to try again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

import keizai
from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.test_hardening_bots import GAME, ThreadPool

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")


def deaf(client: TestClient) -> None:
    """The process hears no notices (they are on their way, for as long as the test)."""
    tables: Any = client.app.state.tables   # type: ignore[attr-defined]
    tables.noticed = lambda _payload: None


@contextmanager
def a_game_held_by_two(database: str) -> Iterator[tuple[TestClient, TestClient, str,
                                                         list[str]]]:
    """Two apps on `database` holding a 2-player game of two persons (seed 3), the second
    deaf (`deaf`): the two clients, the game's id and its seats' tokens."""
    apps = [create_app(database, pool=ThreadPool(0.0), limits=Limits.off(),
                       chosen_seeds=True) for _ in range(2)]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        created = first.post("/api/games", json={"game": GAME, "seats": ["human", "human"],
                                                  "seed": 3}).json()
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        assert second.get(f"/api/games/{game_id}").json()["step"] == 0   # held there
        deaf(second)
        yield first, second, game_id, tokens


@pytest.mark.parametrize("with_step", [True, False])
def test_a_move_for_the_stored_position_is_taken_by_a_process_behind(
        own_database: str, with_step: bool) -> None:
    with a_game_held_by_two(own_database) as (first, second, game_id, tokens):
        state = keizai.new_game(GAME, 2, seed=3)
        for number in range(6):   # each seat's move through the other process
            client = (first, second)[number % 2]
            mover, name = state.current_player, state.legal_actions()[0].name
            assert mover is not None
            body: dict[str, Any] = {"seat": mover, "token": tokens[mover], "action": name}
            if with_step:
                body["step"] = len(state.history)
            answer = client.post(f"/api/games/{game_id}/actions", json=body)
            assert answer.status_code == 200, (number, answer.text)
            state.apply(name)
        assert second.get(f"/api/games/{game_id}").json()["step"] == 6   # deaf, caught up
        # a step the store never had is still refused as stale, by either
        mover = state.current_player
        assert mover is not None
        stale = second.post(f"/api/games/{game_id}/actions", json={
            "seat": mover, "token": tokens[mover],
            "action": state.legal_actions()[0].name, "step": 4})
        assert stale.status_code == 409
        assert stale.json()["error"]["code"] == "stale"
