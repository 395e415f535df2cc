"""Issue #12, findings 7 and 8: spectators cost one message each, the public view is
encoded once per step; only live games are held in memory; rate limits per client."""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient

import keizai
from keizai.store import SeatRow, Store, Summary
from keizai.web import create_app
from keizai.web import table as table_module
from keizai.web.app import Limits
from tests.web.conftest import create, live, next_state, tables_of


def drain_until_pong(ws) -> list[dict[str, Any]]:
    """Every message queued for the connection before a pong (ping is answered in order)."""
    ws.send_json({"type": "ping"})
    seen: list[dict[str, Any]] = []
    while True:
        message = ws.receive_json()
        if message == {"type": "pong"}:
            return seen
        seen.append(message)


# ----- finding 7: spectators -----------------------------------------------------------
def test_joining_costs_one_message_to_the_joiner_and_a_small_presence(client) -> None:
    game = create(client)
    with ExitStack() as stack:
        player = stack.enter_context(live(client, game, 0))
        next_state(player)
        watchers = [stack.enter_context(live(client, game)) for _ in range(30)]
        for ws in watchers:
            assert ws.receive_json()["type"] == "state"     # one view each, on joining
        assert drain_until_pong(player) == []              # nobody else was sent anything
        assert all(drain_until_pong(ws) == [] for ws in watchers[:3])
        second = stack.enter_context(live(client, game, 1))   # a seat's player comes
        next_state(second)
        told = drain_until_pong(player)
        assert [m["type"] for m in told] == ["presence"]
        assert "view" not in told[0] and told[0]["seats"][1]["connected"]
        assert [m["type"] for m in drain_until_pong(watchers[0])] == ["presence"]


def test_the_public_view_is_encoded_once_per_step(client, monkeypatch) -> None:
    game = create(client)
    encoded: list[str] = []
    real = table_module.encode

    def counting(message: dict[str, Any]) -> str:
        encoded.append(message["type"])
        return real(message)

    with ExitStack() as stack:
        player = stack.enter_context(live(client, game, 0))
        first = next_state(player)
        watchers = [stack.enter_context(live(client, game)) for _ in range(25)]
        for ws in watchers:
            ws.receive_json()
        monkeypatch.setattr(table_module, "encode", counting)
        player.send_json({"type": "act", "action": first["legal"][0]["name"], "step": 0})
        moved = next_state(player, lambda m: m["step"] == 1)
        views = [next_state(ws, lambda m: m["step"] == 1) for ws in watchers]
        assert encoded == ["state", "state"]   # the player's view, one for all watchers
    assert all(v == views[0] for v in views)
    table = tables_of(client).get(game["id"])
    assert views[0]["view"] == table.state.view(None)
    assert moved["view"] == table.state.view(0) != views[0]["view"]


# ----- finding 8: memory and start-up ----------------------------------------------------
def store_finished_games(url: str, count: int) -> list[str]:
    """`count` finished games written straight into the store (as a long-running server
    would have left them)."""
    store = Store(url)
    state = keizai.new_game("futuropia", 2, 1)
    while not state.is_over:
        state.apply(state.legal_actions()[0].name)
    ids = []
    for n in range(count):
        game_id = f"{n:012x}"
        seats = [SeatRow(s, "human", None, f"t{s}-{n}", True) for s in range(2)]
        store.create_game(game_id, state.record(), "host", seats,
                          Summary(len(state.history), True, None))
        ids.append(game_id)
    store.close()
    return ids


def test_start_up_loads_no_finished_game_and_loads_one_on_demand(db_url, monkeypatch) -> None:
    ids = store_finished_games(db_url, 30)
    loads: list[str] = []
    real = Store.load

    def counting(self: Store, game_id: str):
        loads.append(game_id)
        return real(self, game_id)

    monkeypatch.setattr(Store, "load", counting)
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        tables = tables_of(client)
        assert loads == [] and tables.tables == {}
        listed = client.get("/api/games").json()["games"]
        assert {g["id"] for g in listed} == set(ids) and all(g["over"] for g in listed)
        assert loads == []                                  # listing loads no game
        record = client.get(f"/api/games/{ids[3]}/record").json()
        assert keizai.replay(record).is_over
        assert loads == [ids[3]] and list(tables.tables) == [ids[3]]


def test_idle_games_are_evicted_and_reloaded_from_their_record(db_url) -> None:
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off(),
                               idle_after=0.0)) as client:
        tables = tables_of(client)
        game = create(client)
        token = game["seats"][0]["token"]
        with live(client, game, 0) as ws:
            first = next_state(ws)
            ws.send_json({"type": "act", "action": first["legal"][0]["name"], "step": 0})
            next_state(ws, lambda m: m["step"] == 1)
            held = tables.get(game["id"])
            assert not tables.evict_if_idle(held, time.monotonic())   # someone is there
        assert tables.evict_if_idle(held, time.monotonic())
        assert game["id"] not in tables.tables
        summary = client.get(f"/api/games/{game['id']}").json()     # loaded again
        assert summary["step"] == 1
        reloaded = tables.get(game["id"])
        assert reloaded is not held and reloaded.state.record() == held.state.record()
        view = client.get(f"/api/games/{game['id']}/view", params={"seat": 1},
                          headers={"x-keizai-token": game["seats"][1]["token"]}).json()
        answer = client.post(f"/api/games/{game['id']}/actions", json={
            "seat": 1, "token": game["seats"][1]["token"],
            "action": view["legal"][0]["name"], "step": 1})
        assert answer.json() == {"ok": True, "step": 2}
        assert token


# ----- finding 8: rate limits -----------------------------------------------------------
def test_creation_claims_and_actions_are_rate_limited_per_client(db_url) -> None:
    app = create_app(db_url, bot_workers=1, limits=Limits(create=(3, 0.01), claim=(2, 0.01),
                                                          act=(4, 0.01)))
    with TestClient(app) as client, TestClient(app, client=("192.0.2.9", 5000)) as other:
        body = {"game": "futuropia", "seats": ["human", "open"]}
        for _ in range(3):
            assert client.post("/api/games", json=body).status_code == 201
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) >= 1
        assert other.post("/api/games", json=body).status_code == 201   # another client
        assert len(client.get("/api/games").json()["games"]) == 4
        ids = [g["id"] for g in client.get("/api/games").json()["games"]]
        assert client.post(f"/api/games/{ids[0]}/seats/1/claim").status_code == 200
        assert client.post(f"/api/games/{ids[1]}/seats/1/claim").status_code == 200
        assert client.post(f"/api/games/{ids[2]}/seats/1/claim").status_code == 429
        url = f"/api/games/{ids[0]}/actions"
        codes = [client.post(url, json={"seat": 1, "token": "x", "action": "a"}).status_code
                 for _ in range(5)]
        assert codes == [403, 403, 403, 403, 429]
        game = {"id": ids[3], "seats": [{"seat": 0}, {"seat": 1}]}
        with live(client, game) as ws:   # WebSocket messages count as actions too
            next_state(ws)
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["error"]["code"] == "rate_limited"
