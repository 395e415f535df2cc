"""Loose ends of the server (h130): a connection whose first message failed is not kept
by its table; a seat number out of range is refused with a reason the page translates;
a bot spec's reason comes with its catalogue id; a bot nobody knows is not found."""

from __future__ import annotations

import logging
import re
import time
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from keizai.i18n import tr
from keizai.store import Store
from keizai.web import tables as tables_module
from keizai.web.table import Table
from keizai.web.tables import Tables
from tests.web.conftest import TestClient, create, hello


def _tables(client: TestClient) -> Tables:
    app: Any = client.app
    return app.state.tables


def _failing(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("building the first message failed")


def test_a_connection_whose_first_message_fails_is_not_kept(
        client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    game = create(client)
    table = _tables(client).tables[game["id"]]
    monkeypatch.setattr(Table, "payload", _failing)
    with caplog.at_level(logging.ERROR), \
            client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        ws.send_json(hello(0, game["seats"][0]["token"]))
        assert ws.receive_json()["error"]["code"] == "internal_error"
    assert not table.connections
    assert not table.connected(0)


SECRET = "SECRET_CARD_IN_A_HAND"


def test_a_newer_version_that_fails_to_load_is_logged_and_loaded_again(
        db_url: str, client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Another process moved; loading the game's new version fails once (the database
    went away): the failure is logged with the game's id, without its words, and the
    held copy is brought up to date without waiting for the game's next notice."""
    monkeypatch.setattr(tables_module, "REFRESH_RETRY", 0.05)
    game = create(client)
    tables = _tables(client)
    table = tables.get(game["id"])
    other = Store(db_url)
    name = table.state.legal_actions()[0].name
    version = other.append_action(game["id"], 0, name, version=table.version)
    other.close()
    load = tables.store.load
    failures = [OperationalError("SELECT", {}, Exception(SECRET))]

    def failing_once(game_id: str) -> Any:
        if failures:
            raise failures.pop()
        return load(game_id)

    monkeypatch.setattr(tables.store, "load", failing_once)
    with caplog.at_level(logging.ERROR):
        assert client.portal is not None
        client.portal.call(tables.noticed, f"{game['id']}:{version}")
        deadline = time.monotonic() + 5
        while table.version < version and time.monotonic() < deadline:
            time.sleep(0.02)
    assert table.version == version and len(table.state.history) == 1
    lines = [r.getMessage() for r in caplog.records if r.name == "keizai.web"]
    assert any(line.startswith(f"game {game['id']}: loading") for line in lines), lines
    assert "OperationalError" in caplog.text and SECRET not in caplog.text


def test_a_new_game_that_fails_to_store_is_logged_with_its_id(
        client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    store = _tables(client).store
    monkeypatch.setattr(store, "create_game", _failing)
    with caplog.at_level(logging.ERROR):
        response = client.post("/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "human"]})
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "storage_error"
    lines = [r.getMessage() for r in caplog.records if r.name == "keizai.web"]
    assert any(re.fullmatch(r"storing a new game failed: game [0-9a-f]{12}", line)
               for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_seat_out_of_range_is_refused_with_a_reason_the_page_reads(
        client: TestClient, lang: str) -> None:
    """`#/play/<id>/5/<token>` at a table of two: the page shows the server's reason
    (`errorText`: its catalogue id), not only "the server refused this address"."""
    game = create(client)
    token = game["seats"][0]["token"]
    response = client.get(f"/api/games/{game['id']}/view?seat=5",
                          headers={"X-Keizai-Token": token})
    assert response.status_code == 400
    error = response.json()["error"]
    with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        ws.send_json(hello(5, token))
        refused = ws.receive_json()["error"]
    for each in (error, refused):
        assert each["code"] == "invalid_request"
        assert (each["id"], each["params"]) == ("web.err.seat_range", {"last": 1})
    words = tr(error["id"], lang, **error["params"])
    assert "1" in words and words != tr("error.invalid_request", lang)
    assert words != error["id"] and (lang == "en") == (words == error["message"])


@pytest.mark.parametrize(("spec", "named"), [
    ("nonsense", "nonsense"), ("mcts:time", "mcts:time"),            # the agents' reasons
    ("mcts:iterations=1.5", "iterations"),
    ("random:x=1", "x"), ("mcts:rollout=foo", "heuristic"),          # the server's bounds
    ("mcts:time=abc", "time"), ("mcts:time=1e9", "time"), ("solo:rollouts=10", "cap")])
def test_a_bots_refused_spec_comes_with_its_catalogue_reason(
        client: TestClient, spec: str, named: str) -> None:
    """The reason a bot spec is refused, the agents' (InvalidSetup, agent.*) or the
    server's bounds', reaches the page as an id and its parameters, so a ja or zh-TW page
    reads it in its language (`errorText`), not in English."""
    response = client.post("/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", spec]})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] in ("unknown_bot", "bot_out_of_bounds")
    assert tr(error["id"], "en", **error["params"]) == error["message"]
    for lang in ("ja", "zh-TW"):
        words = tr(error["id"], lang, **error["params"])
        assert words != error["message"] and named in words


def test_a_bot_nobody_knows_has_no_player_page(client: TestClient) -> None:
    """`#/player/bot/nonsense`: not found (the page says so in its language, `errorText`
    of not_found), not an empty record as if that bot had simply not played yet."""
    for address in ("/api/player?bot=nonsense",
                    "/api/player/curve.svg?bot=nonsense&game=futuropia"):
        response = client.get(address)
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    for lang in ("ja", "zh-TW"):
        assert tr("error.not_found", lang) != tr("error.not_found", "en")
    known = client.get("/api/player?bot=normal")   # a bot this server runs, not rated yet
    assert known.status_code == 200 and known.json()["ratings"] == []
