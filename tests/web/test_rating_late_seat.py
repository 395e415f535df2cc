"""Found by session 32 reading `Social.join` (left for session 33): an account that sat
down at a seat late was rated on moves it did not make. A guest played most of a game
against a bot and left; an account took the seat by its link (or a seat the clock's bot
had played) for the last moves, and the finished game counted for the account's rating,
as though it had played it all. A seat now counts for an account only if the account
held it from before the seat's first decision; else the game is unrated (`late_seat`),
noted with the account in one transaction, and a rating under way for the game's end
is not written over it (tests/store/test_late_seat.py)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.social_helpers import new_table, play_out, register, token_of, view, wait_for

GAME = "national-economy/mecenat"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app, base_url="https://testserver") as test_client:
        yield test_client


def join(client: TestClient, created: dict, seat: int, csrf: str | None = None,
         name: str | None = None) -> dict:
    body = {"token": token_of(created, seat), **({"name": name} if name else {})}
    response = client.post(f"/api/games/{created['id']}/seats/{seat}/join", json=body,
                           headers={"x-csrf-token": csrf} if csrf else {})
    assert response.status_code == 200, response.text
    return response.json()


def moves(client: TestClient, created: dict, seat: int, count: int) -> None:
    """`count` decisions of `seat` (its first legal action), the bot moving between."""
    game_id, token = created["id"], token_of(created, seat)
    for _ in range(count):
        message = wait_for(lambda: (m := view(client, game_id, seat, token))["legal"] and m)
        response = client.post(f"/api/games/{game_id}/actions", json={
            "seat": seat, "token": token, "action": message["legal"][0]["name"],
            "step": message["step"]})
        assert response.status_code == 200, response.text


def settled(client: TestClient, created: dict, seat: int = 0) -> dict:
    """The table's settings once the game is over and rated or noted unrated."""
    def table() -> dict | None:
        message = view(client, created["id"], seat, token_of(created, seat))
        info = message["table"]
        return info if message["over"] and (info["rated"] or info["unrated"]) else None
    return wait_for(table, timeout=60.0)


def board(client: TestClient) -> set[str]:
    players = client.get("/api/leaderboard", params={"game": GAME}).json()["players"]
    return {p["name"] for p in players}


def test_an_account_taking_a_guests_seat_late_is_not_rated_on_the_guests_moves(
        client) -> None:
    created = new_table(client, ["human", "random"])
    join(client, created, 0, name="Guest")
    moves(client, created, 0, 3)   # the guest plays, then leaves its link to an account
    csrf = register(client, "latecomer")
    join(client, created, 0, csrf)
    # told at once, before the game ends: the table's chip says why
    info = view(client, created["id"], 0, token_of(created, 0))["table"]
    assert info["rated"] is False and info["unrated"] == "late_seat"
    play_out(client, created["id"], {0: token_of(created, 0)})
    info = settled(client, created)
    assert info["rated"] is False and info["unrated"] == "late_seat"
    assert board(client) == set()
    assert client.get("/api/player", params={"name": "latecomer"}).json()["history"] == []


def test_an_account_sitting_down_before_its_seats_first_decision_is_rated(client) -> None:
    """Late for the table but not for its seat: the bot of seat 0 moved first, the
    account's seat had decided nothing yet."""
    created = new_table(client, ["random", "human"])
    wait_for(lambda: view(client, created["id"], 1, token_of(created, 1))["legal"])
    csrf = register(client, "punctual")
    join(client, created, 1, csrf)
    play_out(client, created["id"], {1: token_of(created, 1)})
    info = settled(client, created, 1)
    assert info["rated"] is True and info["unrated"] is None
    assert board(client) == {"punctual", "bot: random"}


def test_an_account_renaming_its_seat_after_moving_is_still_rated(client) -> None:
    csrf = register(client, "renamer")
    created = new_table(client, ["human", "random"], csrf)
    join(client, created, 0, csrf)
    moves(client, created, 0, 2)
    join(client, created, 0, csrf, name="Renamed")
    play_out(client, created["id"], {0: token_of(created, 0)})
    info = settled(client, created)
    assert info["rated"] is True and info["unrated"] is None
    assert board(client) == {"renamer", "bot: random"}

