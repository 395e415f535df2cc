"""Found by the session-27 attack pass: a WebSocket outlived the session that opened it.

A seat an account sat down at opens only with that account's session (session 21), but
the session was asked only at the WebSocket's hello: once the player logged out (on a
shared computer, say, from another tab) the connection opened with the session went on
receiving the seat's view, its hand, and took its moves, all game. So did one opened
with a copied cookie after the player's logout ended that session. Now the connections
of an account's seat opened with a session that ended are sent `seat_owned` and closed:
at once on the process that took the logout, within `SocialConfig.session_check`
seconds on any other (a session that expired, or ended on another process)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from keizai.web import create_app
from keizai.web.accounts import COOKIE, session_id
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.web.conftest import within
from tests.web.social_helpers import new_table, register, token_of


def first_refusal(ws) -> dict:
    """The first message that is not a state, presence or pong message."""
    while (message := ws.receive_json()).get("type") in ("state", "presence", "pong"):
        pass
    return message


@pytest.mark.parametrize("ended", ["logout", "elsewhere"])
def test_a_connection_opened_with_a_session_ends_with_it(db_url: str, ended: str) -> None:
    """`logout`: the player logs out in this browser; `elsewhere`: the session ends
    without this process hearing of it (another process took the logout, or it
    expired)."""
    config = SocialConfig(session_check=0.2)
    app = create_app(db_url, bot_workers=1, limits=Limits.off(), social_config=config)
    with TestClient(app, base_url="https://testserver") as player:
        csrf = register(player, "leaving")
        game = new_table(player, ["human", "human"], csrf, own_seat=0)
        spectator_game = game["id"]
        secret = player.cookies[COOKIE]
        cookie = {"cookie": f"{COOKIE}={secret}"}
        with player.websocket_connect(f"/ws/games/{game['id']}", headers=cookie) as ws, \
                player.websocket_connect(f"/ws/games/{spectator_game}") as watching:
            ws.send_json({"type": "hello", "seat": 0, "token": token_of(game, 0),
                          "csrf": csrf})
            assert ws.receive_json()["view"]["players"][0]["hand"]
            watching.send_json({"type": "hello"})
            assert watching.receive_json()["type"] == "state"
            if ended == "logout":
                assert player.post("/api/account/logout",
                                   headers={"x-csrf-token": csrf}).status_code == 200
            else:
                app.state.social.db.delete_session(session_id(secret))
            refusal = within(10, first_refusal, ws)
            assert refusal["error"]["code"] == "seat_owned"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
            # a spectator's connection has no seat to close
            watching.send_json({"type": "ping"})
            assert within(10, watching.receive_json)["type"] in ("pong", "state")
