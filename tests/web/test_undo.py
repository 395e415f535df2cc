"""Undo against bots: back to your previous decision, never past a revealed card."""

from __future__ import annotations

import keizai
from keizai.web import undo
from tests.web.conftest import create, next_state


def connect(client, game):
    return client.websocket_connect(
        f"/ws/games/{game['id']}?seat=0&token={game['seats'][0]['token']}")


def my_turn(step_at_least: int):
    return lambda m: m["current_player"] == 0 and m["step"] >= step_at_least


def test_undo_goes_back_when_nothing_was_revealed(client) -> None:
    # Seed 1: P1 trains a worker at School, the random bot then places without revealing.
    game = create(client, seats=["human", "random"], seed=1)
    table = client.app.state.tables.get(game["id"])
    with connect(client, game) as ws:
        first = next_state(ws)
        assert not first["undo"]
        ws.send_json({"type": "act", "action": "place:school", "step": 0})
        later = next_state(ws, my_turn(2))
        assert later["undo"]
        ws.send_json({"type": "undo"})
        back = next_state(ws, lambda m: m["step"] == 0)
    assert back["view"] == first["view"]
    assert back["log_from"] == 0 and back["log"] == first["log"]
    assert table.store.action_count(game["id"]) == 0
    assert table.state.record() == keizai.new_game(
        "national-economy/mecenat", 2, 1).record()


def test_undo_is_refused_after_a_card_was_drawn(client) -> None:
    game = create(client, seats=["human", "random"], seed=1)
    table = client.app.state.tables.get(game["id"])
    with connect(client, game) as ws:
        next_state(ws)
        ws.send_json({"type": "act", "action": "place:mine", "step": 0})
        later = next_state(ws, my_turn(2))
        record = table.state.record()
        ws.send_json({"type": "undo"})
        refused = next_state(ws, lambda m: False)
    assert refused["error"]["code"] == "undo_unavailable"
    assert table.state.record() == record
    assert table.store.action_count(game["id"]) == later["step"]


def test_the_rule_sees_a_bots_face_up_discards() -> None:
    # Seed 4: the bot builds at Carpenter and discards two cards face up.
    state = keizai.new_game("national-economy/mecenat", 2, seed=4)
    state.apply("place:school")
    state.apply("place:carpenter")
    assert state.current_player == 0
    assert not undo.reveals_nothing(state.record(), 0, 0, state)


def test_previous_decision() -> None:
    assert undo.previous_decision([0, 1, 1, 0, 1], 0) == 3
    assert undo.previous_decision([1, 1], 0) is None
