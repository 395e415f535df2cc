"""What a replay frame (`GET /api/games/{id}/replay`) costs the server: each frame replayed
the finished game three times (up to the step before, up to the step, and the whole
record for its rounds), and a client could ask for frames without any rate limit."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

from fastapi.testclient import TestClient

import keizai
from keizai.engine import State, registry
from keizai.web import create_app
from keizai.web.app import Limits, Outlines
from tests.web.conftest import create, tables_of
from tests.web.test_api import error_of


def _finished(client: TestClient, game: str = "national-economy/mecenat") -> dict[str, Any]:
    """A two-seat game played to its end at random on `client`'s server, each move sent
    through the API by the seat to move (random bots took seconds a game)."""
    created = create(client, game, seats=["human", "human"])
    table = tables_of(client).get(created["id"])
    chooser = random.Random(0)
    while not table.state.is_over:
        seat = table.state.current_player
        response = client.post(f"/api/games/{created['id']}/actions", json={
            "seat": seat, "token": created["seats"][seat]["token"],
            "action": chooser.choice(table.state.legal_actions()).name})
        assert response.status_code == 200, response.text
    return created


def _frame(client: TestClient, gid: str, **params: Any) -> dict[str, Any]:
    response = client.get(f"/api/games/{gid}/replay", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_frame_replays_the_game_once_and_its_outline_once_per_game(client, monkeypatch
                                                                      ) -> None:
    gid = _finished(client)["id"]
    record = client.get(f"/api/games/{gid}/record").json()
    set_ups: list[int] = []
    real = registry.new_game

    def counted(*args: Any, **kwargs: Any) -> State:
        set_ups.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(registry, "new_game", counted)
    steps = [0, 1, 2, len(record["actions"]) // 2, len(record["actions"])]
    frames = [_frame(client, gid, step=step, seat=1) for step in steps]
    # one replay per frame, and one of the whole record for the game's rounds and movers
    assert len(set_ups) == len(steps) + 1
    # what the cached outline gives each frame is what replaying the record says
    reference = keizai.new_game(record["game"], record["players"], record["seed"],
                                record["options"])
    rounds, movers = [reference.game.round_number(reference)], []
    for name in record["actions"]:
        movers.append(reference.current_player)
        reference.apply(name)
        rounds.append(reference.game.round_number(reference))
    starts = [k for k in range(1, len(rounds)) if rounds[k] != rounds[k - 1]]
    for step, frame in zip(steps, frames, strict=True):
        at = keizai.replay({**record, "actions": record["actions"][:step]})
        assert frame["view"] == at.view(1) and frame["log"] == at.log(1)
        assert frame["last_seat"] == (movers[step - 1] if step else None)
        assert (frame["round"], frame["round_starts"]) == (rounds[step], starts)


def test_log_false_leaves_out_the_english_lines_but_not_the_events(client) -> None:
    """The page renders `events` in its reader's language and asks without the lines."""
    gid = _finished(client)["id"]
    full = _frame(client, gid, step=20)
    bare = _frame(client, gid, step=20, log="false")
    assert "log" not in bare and full["log"]
    assert bare == {key: value for key, value in full.items() if key != "log"}


def test_replay_frames_are_rate_limited_per_client(db_url) -> None:
    app = create_app(db_url, bot_workers=1, limits=replace(Limits.off(), replay=(3, 0.01)))
    with TestClient(app) as client, TestClient(app, client=("192.0.2.9", 5000)) as other:
        gid = _finished(client)["id"]
        for step in range(3):
            _frame(client, gid, step=step)
        refused = error_of(client.get(f"/api/games/{gid}/replay", params={"step": 3}),
                           429, "rate_limited")
        assert "view" not in refused
        assert _frame(other, gid, step=3)["step"] == 3   # another client is not refused


def test_the_outline_cache_keeps_the_games_asked_for_last(client) -> None:
    records = {}
    for _ in range(3):
        gid = _finished(client)["id"]
        records[gid] = client.get(f"/api/games/{gid}/record").json()
    outlines = Outlines(size=2)
    first, second, third = records
    for gid in (first, second, first, third):   # the first asked again, the second last
        asyncio.run(outlines.of(gid, records[gid]))
    assert [key[0] for key in outlines.cached] == [first, third]
    assert outlines.cached[(third, len(records[third]["actions"]))] == \
        registry.replay_outline(records[third])
