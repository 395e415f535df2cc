"""A client's undos take one budget across the processes on one PostgreSQL.

Found by session 32's strangers' pass (h199): an undo is a write that every process
holding the game pays for with the whole game replayed up to the decision (its notice
is no extension of the held record), but it took only the answering process's action
budget. Measured with two `keizai serve` processes on one PostgreSQL (default limits,
`--bot-delay 0.4`), a 2-player 企業帝國 game against a random bot at step 200, a
spectator on each process: one client moving and undoing in turn, its requests
alternating between the processes, stored 209 moves and 209 undos in 10 s (each
process's 60 + 15 a second), and each process spent 2.0-2.2 s of CPU on them (13 s
counted); the process that only held the game spent 6.8 ms per move and undo, the
one answering them 9.7 (scratch /work/runs/lead32/h199/measure_undos.py). Now an
undo also takes from a bucket of its own in the store with the actions' numbers, as a
name does (`RateLimiter.COUNTED_AS`), through HTTP and through a seat's WebSocket."""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import Any

import pytest

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import unavailable_reason
from tests.web.conftest import hello
from tests.web.test_hardening_bots import from_address

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.skipif(unavailable_reason() is not None,
                                reason=unavailable_reason() or "")
CLIENT = {"x-test-client": "10.9.9.9"}


def undone_by_socket(ws: Any) -> str:
    """The code of the answer to an undo sent on a seat's WebSocket."""
    ws.send_json({"type": "undo"})
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            return str(message["error"]["code"])


def test_a_clients_undos_take_one_budget_whichever_process_answers(
        own_database: str) -> None:
    """Undos of a seat with nothing to undo (each refused by the table, after its
    budget), an action's budget of 6 (refilled too slowly to matter), through two apps
    on one store in turn (each's memory apart, as two processes'): four over HTTP, then
    four over each app's WebSocket of the seat. Six are answered, then both refuse
    (before: all eight, four through each)."""
    limits = replace(Limits.off(), act=(6, 0.001))
    apps = [create_app(own_database, bot_workers=1, limits=limits) for _ in range(2)]
    with TestClient(from_address(apps[0])) as a, TestClient(from_address(apps[1])) as b:
        game = a.post("/api/games", json={"game": "national-economy/mecenat",
                                          "seats": ["human", "random"]},
                      headers={"x-test-client": "10.8.8.8"}).json()
        token = game["seats"][0]["token"]
        codes = []
        for n in range(4):
            undone = (a, b)[n % 2].post(f"/api/games/{game['id']}/undo", json={
                "seat": 0, "token": token}, headers=CLIENT)
            codes.append(undone.json()["error"]["code"])
        path = f"/ws/games/{game['id']}"
        with a.websocket_connect(path, headers=CLIENT) as first, \
                b.websocket_connect(path, headers=CLIENT) as second:
            for ws in (first, second):
                ws.send_json(hello(0, token))
                assert ws.receive_json()["type"] == "state"
            codes += [undone_by_socket(ws) for ws in (first, second, first, second)]
        assert codes == ["undo_unavailable"] * 6 + ["rate_limited"] * 2
