"""The server's stored games keep the keizai that stored them (`games.keizai`, migration
0022): a finished game's record download names that keizai, not the one running now, and
a game that no longer replays tells its players which keizai stored it and which one
runs, in their language, in every place they look for it (the table, the account's
list, the lobby's "Your games"), the row kept as it was. Before, the download named the
running keizai whatever had played the game, and such a game was refused as "cannot be
read" (no version) and left out of the lists it had been in."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest
from sqlalchemy import update

import keizai
from keizai import i18n
from keizai.engine.made_by import RECORD_FORMAT
from keizai.store import Store
from keizai.store.db import games
from keizai.version import VERSION
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import TestClient, create
from tests.web.social_helpers import PASSWORD, new_table, register, token_of, view
from tests.web.test_unreadable_games import SECRET, _corrupt, _moved, _stored

OLDER = "0.0.9"   # a keizai before this one, as an upgraded server's games name it


def _stored_by(db_url: str, game_id: str, version: str | None) -> None:
    """The game's row made one that `version` stored (None: one stored before the games
    kept their keizai)."""
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(keizai=version))
    finally:
        store.close()


def _app(db_url: str) -> Any:
    return create_app(db_url, bot_workers=1, limits=Limits.off())


def test_a_new_game_is_stored_as_this_keizais(db_url: str) -> None:
    with TestClient(_app(db_url)) as client:
        game = create(client)
    store = Store(db_url)
    try:
        row = store.load(game["id"])
        assert row is not None and row.keizai == VERSION
        assert row.record()["keizai"] == VERSION and row.record()["format"] == RECORD_FORMAT
    finally:
        store.close()


def test_a_record_download_names_the_keizai_that_stored_the_game(db_url: str) -> None:
    with TestClient(_app(db_url)) as client:
        game = create(client, seats=["random", "random"], seed=None)
        deadline = time.monotonic() + 60
        while not client.get(f"/api/games/{game['id']}").json()["over"]:
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.05)
        own = client.get(f"/api/games/{game['id']}/record").json()
    assert own["keizai"] == VERSION
    for version in (OLDER, None):
        _stored_by(db_url, game["id"], version)
        with TestClient(_app(db_url)) as client:   # an upgraded server's first load
            record = client.get(f"/api/games/{game['id']}/record").json()
        assert record.get("keizai") == version   # None: names none (unknown)
        assert record["format"] == RECORD_FORMAT
        assert {k: v for k, v in record.items() if k != "keizai"} == \
            {k: v for k, v in own.items() if k != "keizai"}
        assert keizai.replay(record).record()["scores"] == record["scores"]


def _refused_naming(reply: Any, game_id: str, version: str | None) -> dict[str, Any]:
    """The refusal of a game `version` stored that no longer replays: which keizai stored
    it (or that this is unknown) and which one runs; no move of its record."""
    assert reply.status_code == 500, reply.text
    error = reply.json()["error"]
    assert error["code"] == "unreadable" and SECRET not in reply.text
    if version is None:
        assert error["id"] == "web.err.unreadable_unknown"
        assert error["params"] == {"game": game_id, "here": VERSION}
    else:
        assert error["id"] == "web.err.unreadable_other"
        assert error["params"] == {"game": game_id, "there": version, "here": VERSION}
    return error


@pytest.mark.parametrize("version", [OLDER, None])
def test_a_game_another_keizai_stored_that_no_longer_replays_names_both(
        db_url: str, version: str | None, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(_app(db_url)) as client:
        game = create(client)
        _moved(client, game, 3)
    kept = _corrupt(db_url, game["id"])   # a move this keizai's rules refuse
    _stored_by(db_url, game["id"], version)
    gid, token = game["id"], game["seats"][0]["token"]
    with caplog.at_level(logging.INFO), TestClient(_app(db_url)) as client:
        _refused_naming(client.get(f"/api/games/{gid}"), gid, version)
        _refused_naming(client.get(f"/api/games/{gid}/view", params={"seat": 0},
                                   headers={"x-keizai-token": token}), gid, version)
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            error = ws.receive_json()["error"]
            assert error["id"] == ("web.err.unreadable_unknown" if version is None
                                   else "web.err.unreadable_other")
            assert error["params"]["here"] == VERSION
    said = [r.getMessage() for r in caplog.records
            if r.name.startswith("keizai") and gid in r.getMessage()]
    assert said and all(f"stored by keizai {version or 'unknown'}, this is {VERSION}"
                        in line for line in said)
    assert SECRET not in caplog.text and not any(r.exc_info for r in caplog.records)
    assert _stored(db_url, gid) == kept   # nothing of it lost


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_refusal_names_both_keizai_in_every_language(lang: str) -> None:
    other = i18n.tr("web.err.unreadable_other", lang, game="0123456789ab", there=OLDER,
                    here="0.2.0")
    assert all(word in other for word in ("0123456789ab", OLDER, "0.2.0"))
    unknown = i18n.tr("web.err.unreadable_unknown", lang, game="0123456789ab", here="0.2.0")
    assert "0123456789ab" in unknown and "0.2.0" in unknown
    assert other != unknown != i18n.tr("web.err.unreadable", lang, game="0123456789ab")


def test_the_accounts_list_says_which_of_its_games_no_longer_replay(db_url: str) -> None:
    """Found not to replay (here, by opening it), the game's lines in its account's
    list (its seat, the table it hosts) carry the refusal that says why; a sound game's
    lines carry none."""
    app = _app(db_url)
    with TestClient(app, base_url="https://testserver") as client:
        csrf = register(client, "Ann")
        broken = new_table(client, ["human", "human"], csrf)
        sound = new_table(client, ["human", "human"], csrf)
        tokens = {seat: token_of(broken, seat) for seat in (0, 1)}
        for game in (broken, sound):   # Ann plays seat 1 of each
            assert client.post(f"/api/games/{game['id']}/seats/1/join",
                               json={"token": token_of(game, 1)},
                               headers={"x-csrf-token": csrf}).status_code == 200
        for _ in range(3):
            seat = client.get(f"/api/games/{broken['id']}").json()["current_player"]
            mine = view(client, broken["id"], seat, tokens[seat])
            assert client.post(f"/api/games/{broken['id']}/actions", json={
                "seat": seat, "token": tokens[seat], "action": mine["legal"][0]["name"]}
                ).status_code == 200
    _corrupt(db_url, broken["id"])
    _stored_by(db_url, broken["id"], OLDER)
    with TestClient(_app(db_url), base_url="https://testserver") as client:
        assert client.post("/api/account/login", json={
            "username": "Ann", "password": PASSWORD}).status_code == 200
        _refused_naming(client.get(f"/api/games/{broken['id']}"), broken["id"], OLDER)
        account = client.get("/api/account").json()["account"]
    for line in (*account["seats"], *account["hosted"]):
        if line["id"] == sound["id"]:
            assert "unreadable" not in line
            continue
        assert line["id"] == broken["id"]
        told = line["unreadable"]
        assert told["id"] == "web.err.unreadable_other"
        assert told["params"] == {"game": broken["id"], "there": OLDER, "here": VERSION}
    assert {line["id"] for line in account["seats"]} == {broken["id"], sound["id"]}
