"""Found in session 32's attack pass (h216): an account farmed a rating without playing.
At a rated table of an account against a weak bot, its player handed their own seat to a
strong one (`POST /seats/0/bot {"agent": ...}`, any spec, at any time) or left and let
the turn clock hand it to the default bot; the bots played the game out and the account
was rated by the strong bot's result, game after game. A game whose seats bots alone
played at some point is now unrated (`bots_alone`), as an undo makes it: a player alone
with bots could already unrate a game by an undo, so leaving dodges no more than before;
at a table with another person a player's hand-over still counts (leaving loses)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.web.social_helpers import new_table, register, token_of, view, wait_for

GAME = "national-economy/mecenat"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    config = SocialConfig(clock_seconds={"relaxed": 0.5, "fast": 0.5}, clock_bot="random")
    app = create_app(db_url, bot_workers=1, limits=Limits.off(), social_config=config)
    with TestClient(app, base_url="https://testserver") as test_client:
        yield test_client


def sat_against_a_bot(client: TestClient, username: str, clock: str = "none") -> dict:
    """A rated table of a new account (seat 0, sat down) against the random bot."""
    csrf = register(client, username)
    created = new_table(client, ["human", "random"], csrf, clock=clock)
    joined = client.post(f"/api/games/{created['id']}/seats/0/join",
                         json={"token": token_of(created, 0)},
                         headers={"x-csrf-token": csrf})
    assert joined.status_code == 200, joined.text
    return {**created, "csrf": csrf}


def played_out(client: TestClient, created: dict) -> dict:
    """The table's settings once the bots have played the game to its end and it was
    rated or noted unrated."""
    def settled() -> dict | None:
        message = view(client, created["id"], 0, token_of(created, 0))
        table = message["table"]
        return table if message["over"] and (table["rated"] or table["unrated"]) else None
    return wait_for(settled, timeout=60.0)


def leaderboard(client: TestClient) -> set[str]:
    players = client.get("/api/leaderboard", params={"game": GAME}).json()["players"]
    return {p["name"] for p in players}


def test_a_seat_its_player_handed_to_a_bot_earns_its_account_nothing(client) -> None:
    created = sat_against_a_bot(client, "farmer")
    handed = client.post(f"/api/games/{created['id']}/seats/0/bot",
                         json={"token": token_of(created, 0), "agent": "random"},
                         headers={"x-csrf-token": created["csrf"]})
    assert handed.status_code == 200, handed.text
    table = played_out(client, created)
    assert table["rated"] is False and table["unrated"] == "bots_alone"
    assert leaderboard(client) == set()


def test_a_seat_the_clock_handed_to_a_bot_earns_its_account_nothing(client) -> None:
    created = sat_against_a_bot(client, "sleeper", clock="fast")
    table = played_out(client, created)
    assert table["rated"] is False and table["unrated"] == "bots_alone"
    assert leaderboard(client) == set()
