"""A game that ends on a process whose copy of its seats is behind the store is rated by
the seats as stored. Found in session 30 (h177, looking for decisions made from the
cached seat rows): `Social._rate` read whose seats they were from the process's cache,
so an account that sat down through another process whose notice this one missed (a
lost LISTEN, here a process deaf to notices) counted as a guest, and the game was noted
unrated ("guest") for good. Alice opens her seat's socket on the second process by its
link (with her session), sits down through the first, then plays the game out against
a bot on the second, which alone holds the game at its end."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.accounts import COOKIE
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.conftest import within
from tests.web.social_helpers import new_table, register, token_of, wait_for
from tests.web.test_hardening_bots import GAME, ThreadPool
from tests.web.test_multiprocess_succession import deaf

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
HTTPS = "https://testserver"


def play_out(ws: Any, seat: int) -> None:
    """Seat `seat`'s first legal move at each of its turns, until the game is over."""
    acted = -1
    while True:
        message = ws.receive_json()
        assert "error" not in message, message
        if message.get("type") != "state":
            continue
        if message["over"]:
            return
        if message["current_player"] == seat and message["legal"] \
                and message["step"] > acted:
            acted = message["step"]
            ws.send_json({"type": "act", "action": message["legal"][0]["name"],
                          "step": acted})


def test_a_game_over_on_a_process_behind_is_rated_by_the_stored_seats(
        own_database: str) -> None:
    apps = [create_app(own_database, pool=ThreadPool(0.0), limits=Limits.off())
            for _ in range(2)]
    with TestClient(apps[1], base_url=HTTPS) as second, ExitStack() as held:
        with TestClient(apps[0], base_url=HTTPS) as first:
            created = new_table(first, ["human", "random"], game=GAME)   # a guest host's
            game_id, token = created["id"], token_of(created, 0)
            assert second.get(f"/api/games/{game_id}").json()["step"] == 0   # held there
            deaf(second)
            csrf = register(first, "alice")
            cookie = {"cookie": f"{COOKIE}={first.cookies[COOKIE]}"}
            ws = held.enter_context(second.websocket_connect(f"/ws/games/{game_id}",
                                                             headers=cookie))
            ws.send_json({"type": "hello", "seat": 0, "token": token, "csrf": csrf})
            joined = first.post(f"/api/games/{game_id}/seats/0/join", json={"token": token},
                                headers={"x-csrf-token": csrf})
            assert joined.status_code == 200 and joined.json()["account"] == "alice"
        within(120, play_out, ws, 0)   # the first is gone: the second alone rates it
        app: Any = second.app
        settings = wait_for(lambda: (s := app.state.social.db.settings(game_id)) is not None
                            and (s.rated or s.unrated) and s)
        assert (bool(settings.rated), settings.unrated) == (True, None)
        ratings = second.get("/api/player", params={"name": "alice"}).json()["ratings"]
        assert [r["game"] for r in ratings] == [GAME]
