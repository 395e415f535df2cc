"""An action that ends a seat's own game for good (Futuropia's Stop, reference §9) is
said once, by the rules (`Game.ends_seat`): the state message marks it `"ends": true`,
and the page asks before sending it, as the terminal does. The page used to decide it
itself from the action's name, a second source beside the rules'."""

from __future__ import annotations

import random

from tests.web.conftest import create, live, next_state


def test_the_state_message_marks_the_action_that_ends_a_seat(client) -> None:
    game = create(client, "futuropia", ["human", "human"])
    table = client.app.state.tables.get(game["id"])
    rng = random.Random(1)
    while not any(a.name == "stop" for a in table.state.legal_actions()):
        assert not table.state.is_over and len(table.state.history) < 600
        seat = table.state.current_player
        action = rng.choice(table.state.legal_actions()).name
        answer = client.post(f"/api/games/{game['id']}/actions", json={
            "seat": seat, "token": game["seats"][seat]["token"], "action": action})
        assert answer.status_code == 200, answer.text
    seat = table.state.current_player
    with live(client, game, seat) as ws:
        legal = next_state(ws)["legal"]
    assert [a["name"] for a in legal if a.get("ends")] == ["stop"]
    assert all(a.get("ends") is None for a in legal if a["name"] != "stop")
