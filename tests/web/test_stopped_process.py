"""Several processes on one PostgreSQL, one of them stopped (SIGSTOP, a paused virtual
machine, its host cut off) in the middle of a transaction on a game: the players of that
game, on the other processes, get a clear answer to their moves and messages in
seconds, the rest of the server goes on, and the game takes moves again once PostgreSQL
has ended the stopped session. Before, every request on that game waited for as long as
the process stayed stopped, each holding a thread: six chat messages took every thread
of the default pool on a two-core host, and the lobby and the creation of games waited
too."""

from __future__ import annotations

import time
import warnings
from concurrent.futures import ThreadPoolExecutor, wait

import httpx
import pytest

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.store.test_stopped_holder import stopped_holder

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")


def test_a_game_locked_by_a_stopped_process_answers_and_plays_on(own_database: str) -> None:
    with TestClient(create_app(own_database, bot_workers=1, limits=Limits.off())) as client, \
            ThreadPoolExecutor(8) as requests:
        game = client.post("/api/games", json={"game": "national-economy/progress",
                                               "seats": ["human", "human"]}).json()
        tokens = {s["seat"]: s["token"] for s in game["seats"]}
        def view(seat: int) -> dict:
            return client.get(f"/api/games/{game['id']}/view", params={"seat": seat},
                              headers={"x-keizai-token": tokens[seat]}).json()

        mover = view(0)["current_player"]
        legal = view(mover)["legal"]
        move = {"seat": mover, "token": tokens[mover], "action": legal[0]["name"]}
        with stopped_holder(own_database, game["id"]):
            start = time.monotonic()

            def timed_move() -> tuple[float, httpx.Response]:
                answer = client.post(f"/api/games/{game['id']}/actions", json=move)
                return time.monotonic() - start, answer

            moved = requests.submit(timed_move)
            sent = []
            sent += [requests.submit(client.post, f"/api/games/{game['id']}/chat",
                                     json={"seat": n % 2, "token": tokens[n % 2],
                                           "text": f"still there? {n}"})
                     for n in range(6)]
            lobby = requests.submit(client.get, "/api/games")
            _done, waiting = wait([moved, *sent, lobby], timeout=15)
            # Before: all of them still waiting after 15 s.
            assert not waiting, f"{len(waiting)} requests still waiting after 15 s"
            assert time.monotonic() - start < 12
            assert lobby.result().status_code == 200
            # Each answer is a clear one: not stored and said so (the lock waited for
            # 5 s), or stored (a request that reached the lock once PostgreSQL ended the
            # stopped session).
            waited, answer = moved.result()
            answers = [answer, *(f.result() for f in sent)]
            for answer in answers:
                assert answer.status_code in (503, 200, 201), answer.text
                if answer.status_code == 503:
                    assert answer.json()["error"]["code"] == "storage_error"
            # The move waited on the lock either way: the 5 s of lock_timeout, or (on a
            # loaded host, reaching the lock late) until PostgreSQL ended the stopped
            # session 10 s after it locked.
            assert waited > 4.5
            # PostgreSQL ends the stopped session: the move goes through.
            deadline = time.monotonic() + 20
            while answers[0].status_code != 200:
                assert answers[0].status_code == 503, answers[0].text
                assert time.monotonic() < deadline
                time.sleep(0.5)
                answers[0] = client.post(f"/api/games/{game['id']}/actions", json=move)
            assert answers[0].json() == {"ok": True, "step": 1}
        said = [a.json()["text"] for a in answers[1:] if a.status_code == 201]
        chat = client.get(f"/api/games/{game['id']}/chat").json()["messages"]
        assert sorted(m["text"] for m in chat) == sorted(said)   # nothing else kept
        assert client.get(f"/api/games/{game['id']}").json()["step"] == 1
