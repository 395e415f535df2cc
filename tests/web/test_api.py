"""The JSON API: creating, listing, acting, and every refusal changing nothing."""

from __future__ import annotations

import keizai
from keizai import i18n
from tests.web.conftest import create


def view(client, game, seat):
    token = game["seats"][seat]["token"]
    response = client.get(f"/api/games/{game['id']}/view", params={"seat": seat,
                                                                    "token": token})
    assert response.status_code == 200
    return response.json()


def act(client, game, seat, action, token=None, **extra):
    body = {"seat": seat, "token": token or game["seats"][seat]["token"], "action": action,
            **extra}
    return client.post(f"/api/games/{game['id']}/actions", json=body)


def error_of(response, status, code):
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    return body


def test_catalog_lists_every_game_and_the_bots(client) -> None:
    body = client.get("/api/catalog").json()
    assert [g["id"] for g in body["games"]] == keizai.games()
    assert "random" in body["bots"]


def test_create_list_and_view(client) -> None:
    game = create(client)
    assert all(len(s["token"]) >= 24 for s in game["seats"])
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]]
    assert "token" not in str(listed)
    first = view(client, game, 0)
    assert first["current_player"] == 0
    assert first["legal"]
    assert view(client, game, 1)["legal"] == []


def test_an_action_is_applied_and_stored(client) -> None:
    game = create(client)
    legal = view(client, game, 0)["legal"]
    response = act(client, game, 0, legal[0]["name"])
    assert response.json() == {"ok": True, "step": 1}
    table = client.app.state.tables.get(game["id"])
    assert table.store.load(game["id"]).actions == [legal[0]["name"]]


def test_refusals_change_nothing(client) -> None:
    game = create(client)
    gid = game["id"]
    before = view(client, game, 0)
    url = f"/api/games/{gid}/actions"
    legal = before["legal"][0]["name"]
    error_of(client.post(url, content=b"{not json", headers={"content-type":
                                                              "application/json"}),
             400, "bad_json")
    error_of(client.post(url, content=b"[1, 2]"), 400, "bad_json")
    error_of(client.post(url, content=b"x" * (70 * 1024)), 413, "too_large")
    error_of(client.post(url, content=b'{"a": "' + b"x" * (70 * 1024) + b'"}',
                         headers={"content-length": "12"}), 413, "too_large")
    error_of(act(client, game, 0, legal, token="guess"), 403, "forbidden")
    error_of(act(client, game, 0, legal, token=game["seats"][1]["token"]), 403, "forbidden")
    error_of(act(client, game, 1, legal), 409, "not_your_turn")
    error_of(act(client, game, 0, "build:nonsense"), 422, "illegal_action")
    error_of(act(client, game, 0, "pay:item"), 422, "illegal_action")
    error_of(act(client, game, 0, 12), 400, "invalid_request")
    error_of(act(client, game, 0, "x" * 500), 400, "invalid_request")
    error_of(act(client, game, 7, legal, token="t"), 400, "invalid_request")
    error_of(act(client, game, 0, legal, step=5), 409, "stale")
    error_of(client.post("/api/games/nope/actions", json={}), 404, "not_found")
    error_of(client.get("/api/nothing"), 404, "not_found")
    error_of(client.post(f"/api/games/{gid}/seats/x/claim"), 400, "invalid_request")
    error_of(client.get(f"/api/games/{gid}/view", params={"seat": "-1"}), 400,
             "invalid_request")
    assert view(client, game, 0) == before
    assert client.app.state.tables.get(gid).store.action_count(gid) == 0


def test_bad_creation_requests(client) -> None:
    error_of(client.post("/api/games", json={"game": "chess", "seats": ["human"]}), 400,
             "unknown_game")
    error_of(client.post("/api/games", json={"game": "national-economy/glory",
                                             "seats": ["human"] * 5}), 400, "invalid_request")
    error_of(client.post("/api/games", json={"game": "national-economy/glory",
                                             "seats": ["human", "genius"]}), 400, "unknown_bot")
    error_of(client.post("/api/games", json={"game": "national-economy/glory",
                                             "seats": ["human"], "options": {"x": 1}}),
             400, "invalid_request")
    error_of(client.post("/api/games", json={"game": "national-economy/glory",
                                             "seats": ["human"], "seed": "s"}),
             400, "invalid_request")
    assert client.get("/api/games").json()["games"] == []


def test_claim_an_open_seat_once(client) -> None:
    game = create(client)
    answer = client.post(f"/api/games/{game['id']}/seats/1/claim").json()
    assert answer["token"] == game["seats"][1]["token"]
    error_of(client.post(f"/api/games/{game['id']}/seats/1/claim"), 409, "seat_taken")


def test_a_seat_is_handed_to_a_bot_which_plays_it(client) -> None:
    game = create(client, seats=["human", "human"])
    gid = game["id"]
    url = f"/api/games/{gid}/seats/0/bot"
    error_of(client.post(url, json={"token": "nobody"}), 403, "forbidden")
    error_of(client.post(url, json={"token": game["host_token"], "agent": "genius"}),
             400, "unknown_bot")
    assert client.post(url, json={"token": game["host_token"]}).json() == {"ok": True}
    with client.websocket_connect(f"/ws/games/{gid}?seat=1&token="
                                  f"{game['seats'][1]['token']}") as ws:
        message = ws.receive_json()
        while message["current_player"] != 1:
            message = ws.receive_json()
        assert message["step"] >= 1
        assert message["seats"][0]["kind"] == "bot"


def test_records_and_replays_only_after_the_end(client) -> None:
    game = create(client, seats=["human", "random"])
    for part in ("record", "replay"):
        body = error_of(client.get(f"/api/games/{game['id']}/{part}"), 403, "forbidden")
        assert "actions" not in body and "seed" not in body  # nothing of the record leaks


def test_a_finished_bot_game_can_be_replayed(client) -> None:
    game = create(client, seats=["random", "random"])
    gid = game["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        message = ws.receive_json()
        while not message["over"]:
            message = ws.receive_json()
    assert "scores" in message and "ranking" in message
    record = client.get(f"/api/games/{gid}/record").json()
    final = keizai.replay(record)
    assert final.is_over
    assert message["places"] == final.places()  # the game-over payload's (shared) places
    middle = client.get(f"/api/games/{gid}/replay", params={"step": 10, "seat": 1}).json()
    assert middle["view"] == keizai.replay({**record, "actions": record["actions"][:10]}
                                           ).view(1)
    error_of(client.get(f"/api/games/{gid}/replay", params={"step": 10**6}), 400,
             "invalid_request")


def test_a_connected_players_seat_is_not_taken_from_them(client) -> None:
    game = create(client, seats=["human", "human"])
    gid = game["id"]
    token0 = game["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?seat=0&token={token0}") as ws:
        assert ws.receive_json()["seats"][0]["connected"]
        error_of(client.post(f"/api/games/{gid}/seats/0/bot",
                             json={"token": game["host_token"]}), 409, "seat_in_use")
        assert client.get(f"/api/games/{gid}").json()["seats"][0]["kind"] == "human"
        assert client.post(f"/api/games/{gid}/seats/0/bot",
                           json={"token": token0}).json() == {"ok": True}
    assert client.get(f"/api/games/{gid}").json()["seats"][0]["kind"] == "bot"


def test_a_bot_that_no_longer_exists_still_moves(client) -> None:
    """A stored bot name the agents no longer know (renamed, removed) does not stall the
    game: a random legal action is played for it."""
    from keizai.store import SeatRow

    game = create(client, seats=["human", "random"], seed=1)
    table = client.app.state.tables.get(game["id"])
    old = table.seats[1]
    table.seats[1] = SeatRow(1, "bot", "vanished", old.token, True)
    with client.websocket_connect(f"/ws/games/{game['id']}?seat=0&token="
                                  f"{game['seats'][0]['token']}") as ws:
        first = ws.receive_json()
        ws.send_json({"type": "act", "action": first["legal"][0]["name"]})
        message = ws.receive_json()
        while not (message["current_player"] == 0 and message["step"] >= 2):
            message = ws.receive_json()
    assert table.movers[1] == 1


def test_the_page_gets_the_message_catalogue_of_each_language(client) -> None:
    for lang in i18n.LANGUAGES:
        response = client.get(f"/i18n/{lang}.json")
        assert response.status_code == 200
        assert response.json()["ne.card.quarry"] == i18n.tr("ne.card.quarry", lang)
    error_of(client.get("/i18n/fr.json"), 404, "not_found")
    error_of(client.get("/i18n/..%2Fen.json"), 404, "not_found")


def test_a_replay_frame_carries_the_log_as_messages(client) -> None:
    game = create(client, seats=["random", "random"])
    with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        while not ws.receive_json()["over"]:
            pass
    frame = client.get(f"/api/games/{game['id']}/replay", params={"step": 12}).json()
    assert len(frame["events"]) == len(frame["log"]) > 0
    assert [i18n.render((e["id"], e["params"]), "en") for e in frame["events"]] == frame["log"]
    assert all(i18n.render((e["id"], e["params"]), "ja") for e in frame["events"])
