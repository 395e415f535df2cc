"""A server killed with SIGKILL in the middle of games restarts with them exactly."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

import httpx
import pytest
from websockets.sync.client import connect

from tests.web.conftest import hello
from tests.web.live_server import LiveServer


@pytest.fixture(params=["sqlite", "postgresql"])
def crash_db(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    return request.getfixturevalue("postgres_url")


def views(server: LiveServer, game: dict, seats: int) -> list[dict]:
    out = []
    for seat in range(seats):
        token = game["seats"][seat]["token"]
        body = httpx.get(f"{server.url}/api/games/{game['id']}/view",
                         params={"seat": seat}, headers={"x-keizai-token": token}).json()
        out.append({k: body[k] for k in ("step", "view", "log", "legal", "current_player")})
    return out


def test_sigkill_mid_game_and_restart(crash_db: str, tmp_path) -> None:
    server = LiveServer(crash_db, tmp_path / "server.log").start()
    try:
        game = httpx.post(f"{server.url}/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "human", "human"]}).json()
        chooser = random.Random(1)
        ws_url = server.url.replace("http", "ws") + f"/ws/games/{game['id']}"
        sockets_open = ExitStack()
        sockets = [sockets_open.enter_context(connect(ws_url)) for s in range(3)]
        for seat, ws in enumerate(sockets):
            ws.send(json.dumps(hello(seat, game["seats"][seat]["token"])))
        step = 0
        for _ in range(25):   # play 25 decisions over WebSockets
            current = None
            for ws in sockets:
                while True:
                    message = json.loads(ws.recv())
                    assert "error" not in message, message
                    if message["type"] == "state" and message["step"] == step:
                        current = current or (message if message["legal"] else None)
                        break
            assert current is not None
            sockets[current["seat"]].send(json.dumps({
                "type": "act", "action": chooser.choice(current["legal"])["name"],
                "step": step}))
            step += 1
        for ws in sockets:   # every seat has been told of the last action
            while json.loads(ws.recv()).get("step") != step:
                pass
        before = views(server, game, 3)
        server.kill()
        sockets_open.close()
        server.start()
        after = views(server, game, 3)
        assert after == before
        assert after[0]["step"] == 25
        summary = httpx.get(f"{server.url}/api/games/{game['id']}").json()
        assert summary["step"] == 25 and not summary["over"]
        token = game["seats"][after[0]["current_player"]]["token"]
        response = httpx.post(f"{server.url}/api/games/{game['id']}/actions", json={
            "seat": after[0]["current_player"], "token": token,
            "action": after[after[0]["current_player"]]["legal"][0]["name"]})
        assert response.json() == {"ok": True, "step": 26}
    finally:
        server.stop()
