"""Live play over WebSockets: each seat sees only its own view, reconnection, errors."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

import keizai
from keizai import i18n
from keizai.engine import undo
from keizai.web.table import MAX_OUTBOX, Connection, encode
from tests.web import conftest
from tests.web.conftest import create, hello, live, next_state

FORBIDDEN_KEYS = {"deck", "seed", "rng", "record", "token", "host_token", "actions"}


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(keys_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_in(v) for v in value)) if value else set()
    return set()




@pytest.mark.parametrize("game_id", keizai.games())
def test_no_payload_shows_a_seat_anything_of_another_seat(client, game_id: str) -> None:
    """Three humans and a spectator play a whole game; every payload is checked against
    the engine's view for its seat, and carries no hand, deck, seed or token of others."""
    # 企業帝國 plays about 300 decisions to a natural end; its turn cap ends it sooner (a
    # whole game all the same, over by the safety limit), as the payloads of every step are
    # checked alike
    options = {"max_turns": 60} if game_id == "enterprise-empire" else {}
    game = create(client, game_id, ["human"] * 3, seed=21, options=options)
    chooser = random.Random(3)
    received: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], 2: [], None: []}
    seats = [0, 1, 2, None]
    with live(client, game, 0) as ws0, \
            live(client, game, 1) as ws1, \
            live(client, game, 2) as ws2, \
            live(client, game, None) as spectator:
        sockets = dict(zip(seats, (ws0, ws1, ws2, spectator), strict=True))
        step = 0
        while True:
            latest: dict[int | None, dict[str, Any]] = {}
            for seat, ws in sockets.items():
                while True:
                    message = ws.receive_json()
                    if message["type"] == "presence":
                        continue
                    received[seat].append(message)
                    if message["step"] == step:
                        latest[seat] = message
                        break
            if latest[0]["over"]:
                break
            mover = latest[0]["current_player"]
            choice = chooser.choice(latest[mover]["legal"])["name"]
            sockets[mover].send_json({"type": "act", "action": choice, "step": step})
            step += 1
    record = client.app.state.tables.get(game["id"]).state.record()
    assert keizai.replay(record).is_over
    states = [keizai.new_game(record["game"], 3, record["seed"], record["options"])]
    for name in record["actions"]:
        nxt = states[-1].clone()
        nxt.apply(name)
        states.append(nxt)
    total = 0
    for seat, messages in received.items():
        log: list[str] = []
        events: list[dict] = []
        for message in messages:
            state = states[message["step"]]
            assert message["view"] == state.view(seat)
            assert not keys_in(message) & FORBIDDEN_KEYS
            players = message["view"].get("players")
            for player in players if isinstance(players, list) else []:
                assert "hand" not in player or player["seat"] == seat
            if message["legal"]:
                assert seat == state.current_player
            log = log[:message["log_from"]] + message["log"]
            events = events[:message["log_from"]] + message["events"]
            total += 1
        assert log == states[-1].log(seat)
        # The same log as catalogue messages (id + params), for the page's language.
        assert events == [i18n.to_json(e) for e in states[-1].events(seat)]
        assert [i18n.render((e["id"], e["params"]), "en") for e in events] == log
    assert total > 4 * len(record["actions"])
    public, seat_logs = states[-1].log(None), [states[-1].log(s) for s in range(3)]
    private_lines = {i for i in range(len(public))
                     if any(seat_log[i] != public[i] for seat_log in seat_logs)}
    if game_id.startswith("national-economy/"):
        assert private_lines   # the game had private events, and they were kept apart


def test_a_reconnecting_client_gets_the_view_and_the_log_it_missed(client) -> None:
    game = create(client, seats=["human", "human"], seed=5)
    with live(client, game, 0) as ws:
        first = next_state(ws)
        seen = first["log"]
        ws.send_json({"type": "act", "action": first["legal"][0]["name"]})
        seen = seen + next_state(ws, lambda m: m["step"] == 1)["log"]
    table = client.app.state.tables.get(game["id"])
    token1 = game["seats"][1]["token"]
    for _ in range(3):   # seat 1 plays while seat 0 is away
        state = table.state
        if state.current_player != 1:
            break
        response = client.post(f"/api/games/{game['id']}/actions", json={
            "seat": 1, "token": token1, "action": state.legal_actions()[0].name})
        assert response.status_code == 200
    with live(client, game, 0, since=len(seen)) as ws:
        message = next_state(ws)
    assert message["log_from"] == len(seen)
    assert message["log"]
    assert seen + message["log"] == table.state.log(0)
    assert message["view"] == table.state.view(0)


def test_websocket_refusals_change_nothing(client) -> None:
    game = create(client, seats=["human", "human"], seed=9)
    table = client.app.state.tables.get(game["id"])
    with live(client, game, 0, token="wrong") as ws:
        assert ws.receive_json()["error"]["code"] == "forbidden"
    with client.websocket_connect("/ws/games/unknown") as ws:
        assert ws.receive_json()["error"]["code"] == "not_found"
    before = table.state.record()
    with live(client, game, 0) as ws0, \
            live(client, game, None) as spectator:
        first = next_state(ws0)
        cases = [
            ("{oops", "bad_json"),
            ('"text"', "bad_json"),
            ('{"type": "act", "action": "' + "y" * 9000 + '"}', "too_large"),
            ('{"type": "dance"}', "invalid_request"),
            ('{"type": "act", "action": "build:nothing"}', "illegal_action"),
            ('{"type": "act"}', "invalid_request"),
            ('{"type": "undo"}', "undo_unavailable"),
        ]
        for raw, code in cases:
            ws0.send_text(raw)
            assert next_state(ws0, lambda m: False)["error"]["code"] == code
        ws0.send_bytes(b'{"type": "ping"}')
        assert next_state(ws0, lambda m: False)["error"]["code"] == "bad_json"
        spectator.send_json({"type": "act", "action": first["legal"][0]["name"]})
        assert next_state(spectator, lambda m: False)["error"]["code"] == "forbidden"
        ws0.send_json({"type": "ping"})
        assert ws0.receive_json() == {"type": "pong"}
    assert table.state.record() == before
    assert table.store.action_count(game["id"]) == 0


def test_a_client_may_leave_out_the_english_log_lines(client) -> None:
    """`"log": false` in the hello (the page sends it: it renders `events`) leaves the
    English lines out of the state messages; the events are the same, and spectators
    with and without the lines each get their own shared message."""
    game = create(client, seats=["human", "human"], seed=5)
    with client.websocket_connect(f"/ws/games/{game['id']}") as lean, \
            client.websocket_connect(f"/ws/games/{game['id']}") as full, \
            client.websocket_connect(f"/ws/games/{game['id']}") as watcher, \
            live(client, game, 0) as player:
        lean.send_json({"type": "hello", "seat": 0, "token": game["seats"][0]["token"],
                        "log": False})
        full.send_json({"type": "hello"})
        watcher.send_json({"type": "hello", "log": False})
        first = next_state(lean)
        assert "log" not in first and first["events"]
        assert next_state(full)["log"] and "log" not in next_state(watcher)
        next_state(player)
        player.send_json({"type": "act", "action": first["legal"][0]["name"]})
        after = [next_state(ws, lambda m: m["step"] == 1) for ws in (lean, full, watcher)]
    table = client.app.state.tables.get(game["id"])
    assert "log" not in after[0] and "log" not in after[2]
    assert after[1]["log"] == table.state.log(None)[after[1]["log_from"]:]
    assert after[0]["events"] == [i18n.to_json(e) for e in
                                  table.state.events(0)[after[0]["log_from"]:]]
    assert after[2]["events"] == after[1]["events"]


def test_a_client_that_falls_too_far_behind_is_closed_and_one_that_reads_is_not() -> None:
    async def run() -> None:
        slow, reader = Connection(0, 0), Connection(1, 0)
        for n in range(MAX_OUTBOX + 1):
            slow.send(f"m{n}")
            reader.send(f"m{n}")
            assert await reader.next() == f"m{n}"
        slow.send("later")
        assert [await slow.next(), await slow.next()] == [None, "later"]
        waiting = asyncio.ensure_future(reader.next())
        await asyncio.sleep(0)
        assert not waiting.done()
        reader.send("now")
        assert await waiting == "now"

    asyncio.run(run())


def test_a_message_with_keys_other_than_strings_is_still_encoded() -> None:
    assert encode({"view": {1: "one"}, "seat": 0}) == '{"view":{"1":"one"},"seat":0}'


def test_every_state_says_where_just_now_begins(client) -> None:
    """A page opened mid-game cannot tell from the log where "Just now" begins (it showed
    the last two lines): each state message says it, the first entry of the seat's latest
    run of moves; a spectator's, the latest decision's (all the steps of a compound one);
    a reconnecting page, which keeps its log, is told too (until session 29 only a message
    with the whole log said it, and a page open all along followed the runs itself)."""
    game = create(client, seats=["human", "human"], seed=5)
    table = client.app.state.tables.get(game["id"])
    runs: dict[int, list[int]] = {0: [], 1: []}
    last = decision = None
    compound = 0
    for _ in range(12):
        state = table.state
        seat = state.current_player
        if seat != last:
            runs[seat].append(state.event_count())
        kind = undo.decision_kind(state)
        if kind is None or (seat, kind) != decision:
            latest = state.event_count()
        else:
            compound += 1
        last, decision = seat, (None if kind is None else (seat, kind))
        response = client.post(f"/api/games/{game['id']}/actions", json={
            "seat": seat, "token": game["seats"][seat]["token"],
            "action": state.legal_actions()[0].name})
        assert response.status_code == 200
    for seat in (0, 1):
        with live(client, game, seat) as ws:
            message = next_state(ws)
        assert message["just_now_from"] == runs[seat][-1]
    assert compound   # a compound decision of several steps was played
    with live(client, game) as ws:
        assert next_state(ws)["just_now_from"] == latest
    with live(client, game, 0, since=3) as ws:
        assert next_state(ws)["just_now_from"] == runs[0][-1]


def test_a_websocket_that_says_nothing_fails_the_test_in_time(client, monkeypatch) -> None:
    """The suite's guard (tests/web/conftest.py, WS_WAIT): a TestClient WebSocket's
    receive that gets nothing fails the test with a message rather than waiting for good
    (Starlette's wait has no end). Here a connection that has not said hello, to which
    the server says nothing for 10 s; the connection goes on afterwards, nothing lost."""
    monkeypatch.setattr(conftest, "WS_WAIT", 0.5)
    game = create(client)
    with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        with pytest.raises(AssertionError, match=r"no WebSocket message in 0\.5 s"):
            ws.receive_json()
        ws.send_json(hello())
        assert ws.receive_json()["type"] == "state"
