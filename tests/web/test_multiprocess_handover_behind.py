"""A seat handed to a bot through a process whose copy of the game has not yet heard of
the last move (its notice on the way; two apps on one PostgreSQL) is handed over, not
refused. Found by h156 while testing the games of bots alone across processes: a player
leaving through another process just after a bot's move there was refused 409 `stale`
('the game changed meanwhile'), though a hand-over is asked for no position."""

from __future__ import annotations

import pytest

import keizai
from tests.postgres import unavailable_reason
from tests.web.test_hardening_bots import GAME
from tests.web.test_multiprocess_succession import a_game_held_by_two

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")


def test_a_hand_over_through_a_process_behind_is_taken(own_database: str) -> None:
    with a_game_held_by_two(own_database) as (first, second, game_id, tokens):
        state = keizai.new_game(GAME, 2, seed=3)
        mover = state.current_player
        assert mover is not None
        moved = first.post(f"/api/games/{game_id}/actions", json={
            "seat": mover, "token": tokens[mover], "action": state.legal_actions()[0].name})
        assert moved.status_code == 200, moved.text
        left = second.post(f"/api/games/{game_id}/seats/{mover}/bot",
                           json={"token": tokens[mover], "agent": "random"})
        assert left.status_code == 200, left.text
        assert second.get(f"/api/games/{game_id}").json()["seats"][mover]["kind"] == "bot"
