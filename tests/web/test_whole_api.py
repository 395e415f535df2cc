"""Compound decisions over the WebSocket: the description goes to the deciding seat only,
and {"type": "act_whole"} applies a whole set or refuses it, changing nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import create, live, next_state
from tests.web.test_api import act, view


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """These tests reach a known position from a chosen seed with two humans."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off(),
                               chosen_seeds=True)) as test_client:
        yield test_client


def _to_house_purchase(client):
    game = create(client, "futuropia", seed=0)
    for name in ("action:invite", "invite:5"):
        assert act(client, game, 0, name).status_code == 200
    return game


def test_the_whole_decision_reaches_only_the_deciding_seat(client) -> None:
    game = _to_house_purchase(client)
    mine = view(client, game, 0)
    assert mine["whole"]["kind"] == "houses" and mine["whole"]["seat"] == 0
    assert "whole" not in view(client, game, 1)
    assert "whole" not in client.get(f"/api/games/{game['id']}/view").json()


def test_act_whole_refuses_with_the_reason_then_applies(client) -> None:
    game = _to_house_purchase(client)
    with live(client, game, 0) as ws:
        first = next_state(ws)
        assert first["step"] == 2
        ws.send_json({"type": "act_whole", "chosen": {"L01A": 1, "L02A": 1}, "step": 2})
        error = next_state(ws)
        assert error["type"] == "error" and error["error"]["code"] == "illegal_action"
        assert "between 5 and 10 beds" in error["error"]["message"]
        assert view(client, game, 0)["step"] == 2
        ws.send_json({"type": "act_whole", "chosen": "L01A", "step": 2})
        assert next_state(ws)["error"]["code"] == "invalid_request"
        ws.send_json({"type": "act_whole", "chosen": {"L01A": 1, "L03A": 1, "L05A": 1},
                      "step": 2})
        done = next_state(ws, lambda m: m["step"] == 6)
        assert done["current_player"] == 1 and "whole" not in done
    assert view(client, game, 1)["view"]["communities"][0]["beds"] == 9


def test_the_replay_names_who_took_the_last_action_and_what_it_was(client) -> None:
    """Issue 14: the replay's last-action line showed raw ids (pay:food_factory)."""
    import keizai

    game = create(client, seats=["random", "random"])
    gid = game["id"]
    deadline = time.monotonic() + 60   # the bots' game takes 1-2 s
    with live(client, game) as ws:
        message = ws.receive_json()
        while not message.get("over"):
            assert time.monotonic() < deadline, f"the bots' game at step {message.get('step')}"
            message = ws.receive_json()
    record = client.get(f"/api/games/{gid}/record").json()
    state = keizai.replay({**record, "actions": []})
    for step, name in enumerate(record["actions"][:12], 1):
        mover = state.current_player
        label = str(state.game.to_action(name))
        state.apply(name)
        frame = client.get(f"/api/games/{gid}/replay", params={"step": step}).json()
        assert (frame["last_seat"], frame["last_label"]) == (mover, label)
        assert ":" not in frame["last_label"]
