"""The JSON API: creating, listing, acting, and every refusal changing nothing."""

from __future__ import annotations

import pytest

import keizai
from keizai import i18n
from tests.web.conftest import create, live, next_state


def view(client, game, seat):
    token = game["seats"][seat]["token"]
    response = client.get(f"/api/games/{game['id']}/view", params={"seat": seat},
                          headers={"x-keizai-token": token})
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
    error_of(client.post(url, content=b"[1, 2]", headers={"content-type":
                                                           "application/json"}),
             400, "bad_json")
    error_of(client.post(url, content=b"x" * (70 * 1024),
                         headers={"content-type": "application/json"}), 413, "too_large")
    error_of(client.post(url, content=b'{"a": "' + b"x" * (70 * 1024) + b'"}',
                         headers={"content-length": "12",
                                  "content-type": "application/json"}), 413, "too_large")
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
    game = create(client, seats=["human", "open"])
    assert "token" not in game["seats"][1]   # its player is a stranger to the creator
    answer = client.post(f"/api/games/{game['id']}/seats/1/claim").json()
    assert client.get(f"/api/games/{game['id']}/view", params={"seat": 1},
                      headers={"x-keizai-token": answer["token"]}).json()["seat"] == 1
    error_of(client.post(f"/api/games/{game['id']}/seats/1/claim"), 409, "seat_taken")


def test_a_seat_is_handed_to_a_bot_only_after_the_stated_time(client) -> None:
    """Issue #12, finding 3: another player may hand an absent seat to a bot only once it
    has been away `handover_after` seconds (60 by default); the bot then plays it, and the
    returning player takes it back with their link."""
    game = create(client, seats=["human", "human"])
    gid = game["id"]
    table = client.app.state.tables.get(gid)
    url = f"/api/games/{gid}/seats/0/bot"
    error_of(client.post(url, json={"token": "nobody"}), 403, "forbidden")
    error_of(client.post(url, json={"token": game["host_token"], "agent": "genius"}),
             400, "unknown_bot")
    body = error_of(client.post(url, json={"token": game["seats"][1]["token"]}), 409,
                    "seat_away_briefly")
    assert "60 s" in body["error"]["message"]
    assert table.seats[0].kind == "human"
    table.away_since[0] -= 59   # still a second short
    error_of(client.post(url, json={"token": game["host_token"]}), 409, "seat_away_briefly")
    table.away_since[0] -= 2
    assert client.post(url, json={"token": game["host_token"]}).json() == {"ok": True}
    with live(client, game, 1) as ws:
        message = ws.receive_json()
        while message["type"] != "state" or message["current_player"] != 1:
            message = ws.receive_json()
        assert message["step"] >= 1
        assert message["seats"][0]["kind"] == "bot"
    with live(client, game, 0) as ws:   # the player comes back with their link
        message = next_state(ws)
        assert message["seats"][0]["kind"] == "human"
    assert table.store.load(gid).seats[0].kind == "human"


def test_the_handover_time_is_a_server_option(db_url) -> None:
    from fastapi.testclient import TestClient

    from keizai.web import create_app

    with TestClient(create_app(db_url, handover_after=0.0, bot_workers=1)) as quick:
        game = create(quick, seats=["human", "human"])
        url = f"/api/games/{game['id']}/seats/0/bot"
        assert quick.post(url, json={"token": game["seats"][1]["token"]}).json() == {
            "ok": True}


def test_records_and_replays_only_after_the_end(client) -> None:
    game = create(client, seats=["human", "random"])
    for part in ("record", "replay"):
        body = error_of(client.get(f"/api/games/{game['id']}/{part}"), 403, "forbidden")
        assert "actions" not in body and "seed" not in body  # nothing of the record leaks


def test_a_finished_bot_game_can_be_replayed(client) -> None:
    game = create(client, seats=["random", "random"])
    gid = game["id"]
    with live(client, game) as ws:
        message = ws.receive_json()
        while message["type"] != "state" or not message["over"]:
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
    with live(client, game, 0) as ws:
        assert ws.receive_json()["seats"][0]["connected"]
        error_of(client.post(f"/api/games/{gid}/seats/0/bot",
                             json={"token": game["host_token"]}), 409, "seat_in_use")
        assert client.get(f"/api/games/{gid}").json()["seats"][0]["kind"] == "human"
        assert client.post(f"/api/games/{gid}/seats/0/bot",
                           json={"token": token0}).json() == {"ok": True}
    assert client.get(f"/api/games/{gid}").json()["seats"][0]["kind"] == "bot"


@pytest.mark.parametrize("stored", ["vanished", "mcts:time=inf", "mcts:iterations=999999999"])
def test_a_bot_that_no_longer_exists_still_moves(client, stored: str) -> None:
    """A stored bot name the agents no longer know (renamed, removed), or a spec stored
    before the server's bounds existed (issue #12, finding 1: a restart resumed such bots
    and hung again), does not stall the game: a random legal action is played for it."""
    from keizai.store import SeatRow

    game = create(client, seats=["human", "random"], seed=1)
    table = client.app.state.tables.get(game["id"])
    old = table.seats[1]
    table.seats[1] = SeatRow(1, "bot", stored, old.token, True)
    with live(client, game, 0) as ws:
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
    with live(client, game) as ws:
        next_state(ws, lambda m: m["over"], limit=5000)
    frame = client.get(f"/api/games/{game['id']}/replay", params={"step": 12}).json()
    assert len(frame["events"]) == len(frame["log"]) > 0
    assert [i18n.render((e["id"], e["params"]), "en") for e in frame["events"]] == frame["log"]
    assert all(i18n.render((e["id"], e["params"]), "ja") for e in frame["events"])


def test_the_served_process_freezes_its_start_up_objects_out_of_collection(db_url) -> None:
    """`keizai serve` passes a Collector: once started, what exists is frozen (full
    collections no longer walk it) and collections run less often."""
    import gc

    from fastapi.testclient import TestClient

    from keizai.web import create_app
    from keizai.web.app import Collector, Limits

    before = gc.get_threshold()
    try:
        app = create_app(db_url, bot_workers=1, limits=Limits.off(),
                         collector=Collector(young=12_345, middle=7, old=9))
        with TestClient(app) as client:
            assert gc.get_threshold() == (12_345, 7, 9)
            assert gc.get_freeze_count() > 10_000
            game = create(client)
            assert view(client, game, 0)["step"] == 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_catalog_says_the_values_of_an_option_that_takes_one_of_a_few(client) -> None:
    """The lobby made a list of Futuropia's house side and expert tiles from this (they
    were boxes to type in); a game without such options says none."""
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    choices = games["futuropia"]["choices"]
    assert choices["houses"] == ["A", "B", "random"]
    assert choices["expert_tiles"][:3] == [None, "random", ["X1", "X2"]]
    assert games["national-economy/glory"]["choices"] == {}
