"""The lobby lists public tables and never a private one, whatever happens to them, on
SQLite and PostgreSQL: the store keeps each game's `listed` flag (migration 0008), and
the listing reads only the listed games."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.postgres import new_database
from tests.web.social_helpers import new_table, play_out, token_of, view

GAME = "national-economy/mecenat"


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """An empty database (other tests' games would crowd the lobby)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'listing.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "listing")


def listed(client: TestClient) -> set[str]:
    return {g["id"] for g in client.get("/api/games").json()["games"]}


def test_a_private_table_is_never_listed_and_a_public_one_always(fresh_url: str) -> None:
    """Created, its row stored, moved, a move taken back, its seat handed to a bot and
    taken back, played out, rematched: after each, the public
    tables (and the old `POST /api/games`'s) are listed and the private ones are not.
    Before, a private table was listed from its game's row until its settings row was
    written (the lobby, asked in between, gave its id to anyone)."""
    app = create_app(fresh_url, bot_workers=1, limits=Limits.off())
    store = app.state.tables.store
    at_creation: dict[str, set[str]] = {}   # game id: the listing the moment it is stored
    create_game = store.create_game

    def create_and_list(game_id: str, *args: Any, **kwargs: Any) -> None:
        create_game(game_id, *args, **kwargs)
        at_creation[game_id] = {line["id"] for line in store.listing(200)}

    store.create_game = create_and_list
    with TestClient(app) as client:
        public = new_table(client, ["human", "random"])
        private = new_table(client, ["human", "random"], visibility="private")
        old = client.post("/api/games", json={"game": GAME, "seats": ["human", "random"]})
        assert old.status_code == 201
        shown = [public["id"], old.json()["id"]]
        hidden = [private["id"]]
        assert private["id"] not in at_creation[private["id"]]   # before: it was there
        assert public["id"] in at_creation[public["id"]]

        def check() -> None:
            now = listed(client)
            assert set(shown) <= now and not set(hidden) & now

        check()
        for created in (public, private):
            game_id, token = created["id"], token_of(created, 0)
            undone = None
            for _ in range(60):   # moves until one is taken back (a bot's move that
                message = view(client, game_id, 0, token)   # shows a card forbids it)
                if message["undo"]:
                    undone = client.post(f"/api/games/{game_id}/undo",
                                         json={"seat": 0, "token": token})
                    if undone.status_code == 200:
                        break
                elif message["legal"]:
                    moved = client.post(f"/api/games/{game_id}/actions", json={
                        "seat": 0, "token": token, "action": message["legal"][-1]["name"],
                        "step": message["step"]})
                    assert moved.status_code in (200, 409), moved.text
                check()
            assert undone is not None and undone.status_code == 200, undone
            check()
            handed = client.post(f"/api/games/{game_id}/seats/0/bot", json={"token": token})
            assert handed.status_code == 200, handed.text
            check()
            back = client.post(f"/api/games/{game_id}/seats/0/back", json={"token": token})
            assert back.status_code in (200, 409), back.text   # 409: the bot ended it
            check()
            play_out(client, game_id, {0: token})
            check()
            again = client.post(f"/api/games/{game_id}/rematch", json={"token": token})
            assert again.status_code == 200, again.text
            (shown if created is public else hidden).append(again.json()["id"])
            check()
        assert at_creation[hidden[-1]].isdisjoint(hidden)   # the private rematch too
