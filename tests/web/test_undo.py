"""Undo against bots: back to your previous decision, never past a card draw or reveal."""

from __future__ import annotations

import keizai
from tests.web.conftest import create, live, next_state


def connect(client, game):
    return live(client, game, 0)


def my_turn(step_at_least: int):
    return lambda m: m["current_player"] == 0 and m["step"] >= step_at_least


def test_undo_goes_back_when_nothing_was_revealed(client) -> None:
    # Futuropia has no hidden information and no chance after set-up: undo is allowed.
    game = create(client, "futuropia", seats=["human", "random"], seed=3)
    table = client.app.state.tables.get(game["id"])
    with connect(client, game) as ws:
        first = next_state(ws)
        assert not first["undo"]
        ws.send_json({"type": "act", "action": first["legal"][0]["name"], "step": 0})
        later = next_state(ws, lambda m: m["current_player"] == 0 and m["step"] >= 1)
        assert later["undo"]
        ws.send_json({"type": "undo"})
        back = next_state(ws, lambda m: m["step"] == 0)
    assert back["view"] == first["view"]
    assert back["log_from"] == 0 and back["log"] == first["log"]
    assert table.store.action_count(game["id"]) == 0
    assert table.state.record() == keizai.new_game("futuropia", 2, 3).record()


def test_undo_never_goes_back_past_a_bots_build(client) -> None:
    """Issue #12, finding 5. Seed 10: P1 trains at School; the random bot places at the
    Carpenter, builds a Potato Field and pays with a Laboratory from its hand. Both cards
    left its hidden hand: undoing and replaying would show P1 the bot's hand."""
    game = create(client, seats=["human", "random"], seed=10)
    table = client.app.state.tables.get(game["id"])
    with connect(client, game) as ws:
        next_state(ws)
        ws.send_json({"type": "act", "action": "place:school", "step": 0})
        later = next_state(ws, my_turn(2))
        assert [n for n in table.state.record()["actions"]] == [
            "place:school", "place:carpenter", "build:potato_field", "pay:laboratory"]
        assert not later["undo"]
        ws.send_json({"type": "undo"})
        assert next_state(ws, lambda m: False)["error"]["code"] == "undo_unavailable"
    assert table.store.action_count(game["id"]) == 4


def test_undo_is_refused_after_a_card_was_drawn(client) -> None:
    game = create(client, seats=["human", "random"], seed=1)
    table = client.app.state.tables.get(game["id"])
    with connect(client, game) as ws:
        next_state(ws)
        ws.send_json({"type": "act", "action": "place:mine", "step": 0})
        later = next_state(ws, my_turn(2))
        assert not later["undo"]
        record = table.state.record()
        ws.send_json({"type": "undo"})
        refused = next_state(ws, lambda m: False)
    assert refused["error"]["code"] == "undo_unavailable"
    assert table.state.record() == record
    assert table.store.action_count(game["id"]) == later["step"]


def test_a_bots_draw_blocks_undo_too(client) -> None:
    # Seed 1: after P1's School, the bot draws at the Mine: chance happened in between.
    game = create(client, seats=["human", "random"], seed=1)
    with connect(client, game) as ws:
        next_state(ws)
        ws.send_json({"type": "act", "action": "place:school", "step": 0})
        assert not next_state(ws, my_turn(2))["undo"]   # the page offers no undo
        ws.send_json({"type": "undo"})
        assert next_state(ws, lambda m: False)["error"]["code"] == "undo_unavailable"


def test_no_undo_over_a_seat_handed_to_a_bot(client) -> None:
    """Found by the session-13 attack pass: in a game between people, once the other
    seat was handed to a bot, a player could undo that person's own moves (the bot's seat
    counted as a bot's). A handed seat still belongs to its player: no undo."""
    game = create(client, "futuropia", seats=["human", "human"])
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    table = client.app.state.tables.get(gid)
    for _ in range(3):   # Futuropia reveals nothing: only the seats can refuse undo
        seat = table.state.current_player
        legal = client.get(f"/api/games/{gid}/view", params={"seat": seat},
                           headers={"x-keizai-token": tokens[seat]}).json()["legal"]
        assert client.post(f"/api/games/{gid}/actions", json={
            "seat": seat, "token": tokens[seat], "action": legal[0]["name"]}).status_code == 200
    movers = [table.state.current_player]
    handed = 1 - movers[0]   # the other seat, which has moved, leaves
    assert client.post(f"/api/games/{gid}/seats/{handed}/bot",
                       json={"token": tokens[handed], "agent": "random"}).status_code == 200
    record = table.state.record()
    stored = table.store.action_count(gid)
    refused = client.post(f"/api/games/{gid}/undo",
                          json={"seat": 1 - handed, "token": tokens[1 - handed]})
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["code"] == "undo_unavailable"
    assert table.store.action_count(gid) >= stored
    assert table.state.record()["actions"][:len(record["actions"])] == record["actions"]


def test_the_page_is_told_why_undo_is_gone(client) -> None:
    """Found playing against bots in the browser: the Undo button vanished about 0.4 s
    after the player's move, when the bot's move revealed something, and nothing said
    why. The state message now carries the reason while the player's last decision stands
    (the same one a refused undo gives): whose move showed something, the bot's or the
    player's own."""
    # Seed 1: after P1's School the bot draws at the Mine; after P1's Mine, P1 drew.
    for action, reason in (("place:school", {"id": "web.undo.revealed_by",
                                              "params": {"seat": 1}}),
                           ("place:mine", {"id": "web.undo.revealed_own", "params": {}})):
        game = create(client, seats=["human", "random"], seed=1)
        with connect(client, game) as ws:
            first = next_state(ws)
            assert "undo_blocked" not in first   # nothing to take back yet: nothing said
            ws.send_json({"type": "act", "action": action, "step": 0})
            later = next_state(ws, my_turn(2))
            assert not later["undo"] and later["undo_blocked"] == reason
            ws.send_json({"type": "undo"})
            error = next_state(ws, lambda m: False)["error"]
        assert (error["id"], error["params"]) == (reason["id"], reason["params"])


def test_no_undo_reason_between_people(client) -> None:
    """Undo is never offered at a table of people: their page has no disabled Undo and
    no reason on every move."""
    game = create(client, "futuropia", seats=["human", "human"])
    with connect(client, game) as ws:
        first = next_state(ws)
        ws.send_json({"type": "act", "action": first["legal"][0]["name"], "step": 0})
        later = next_state(ws, lambda m: m["step"] >= 1)
    assert not later["undo"] and "undo_blocked" not in later


def two_decisions(ws) -> tuple[int, int]:
    """Play the human's first two decisions of a Futuropia game against a bot (nothing is
    revealed: each may be taken back); the steps at which the second began and ended."""
    state = next_state(ws)
    starts = []
    for _ in range(2):
        starts.append(state["step"])
        ws.send_json({"type": "act", "action": state["legal"][0]["name"],
                      "step": state["step"]})
        state = next_state(ws, my_turn(state["step"] + 1))
    assert state["undo"]
    return starts[1], state["step"]


def test_an_undo_sent_twice_over_the_websocket_takes_back_one_decision(client) -> None:
    """Found by the session-18 multi-process attack pass: an undo carried no step, so the
    same undo sent twice (a double click, a message sent again) took back two decisions.
    An undo names the step its sender saw, as a move does; a stale one is refused."""
    game = create(client, "futuropia", seats=["human", "random"], seed=3)
    table = client.app.state.tables.get(game["id"])
    with connect(client, game) as ws:
        second, seen = two_decisions(ws)
        ws.send_json({"type": "undo", "step": seen})
        ws.send_json({"type": "undo", "step": seen})
        back = next_state(ws, lambda m: m["step"] < seen)
        refused = next_state(ws, lambda m: m["step"] < second)   # before: a state
    assert back["step"] == second
    assert refused.get("error", {}).get("code") == "stale", refused["step"]
    assert refused["error"]["id"] == "web.err.stale_step"
    assert len(table.state.history) == table.store.action_count(game["id"]) == second


def test_an_undo_retried_over_http_takes_back_one_decision(client) -> None:
    game = create(client, "futuropia", seats=["human", "random"], seed=3)
    gid, token = game["id"], game["seats"][0]["token"]
    table = client.app.state.tables.get(gid)
    with connect(client, game) as ws:
        second, seen = two_decisions(ws)
    answers = [client.post(f"/api/games/{gid}/undo",
                           json={"seat": 0, "token": token, "step": seen})
               for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 409], answers[1].text
    assert answers[0].json()["step"] == second
    assert answers[1].json()["error"]["code"] == "stale"
    assert len(table.state.history) == table.store.action_count(gid) == second
