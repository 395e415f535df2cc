"""Ratings (OpenSkill per game title) after every rated game; unrated games change
nothing; the leaderboard, a player's page and the rating curve."""

from __future__ import annotations

import warnings
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import cast

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.engine import State
from keizai.store.social import Rating, SocialStore
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.ratings import DEFAULT, rate
from tests.web.social_helpers import new_table, play_out, register, token_of, view, wait_for

GAME = "national-economy/mecenat"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app, base_url="https://testserver") as test_client:
        yield test_client


def join(client: TestClient, created: dict, seat: int, csrf: str | None = None,
         name: str | None = None) -> None:
    body = {"token": token_of(created, seat), **({"name": name} if name else {})}
    response = client.post(f"/api/games/{created['id']}/seats/{seat}/join", json=body,
                           headers={"x-csrf-token": csrf} if csrf else {})
    assert response.status_code == 200, response.text


def board(client: TestClient, game: str = GAME) -> dict[str, dict]:
    players = client.get("/api/leaderboard", params={"game": game}).json()["players"]
    return {p["name"]: p for p in players}


def table_info(client: TestClient, created: dict, seat: int = 0) -> dict:
    return view(client, created["id"], seat, token_of(created, seat))["table"]


def test_a_finished_game_rates_the_account_and_the_bot(client) -> None:
    csrf = register(client, "ann")
    created = new_table(client, ["human", "random"], csrf)
    join(client, created, 0, csrf)
    assert board(client) == {}
    final = play_out(client, created["id"], {0: token_of(created, 0)})
    # the rating is written in the store's thread once the last move is stored
    wait_for(lambda: table_info(client, created)["rated"] is True)
    ratings = board(client)
    assert set(ratings) == {"ann", "bot: random"}
    assert ratings["ann"]["games"] == ratings["bot: random"]["games"] == 1
    winner = "ann" if final["ranking"][0] == 0 else "bot: random"
    loser = "bot: random" if winner == "ann" else "ann"
    assert ratings[winner]["mu"] > DEFAULT.mu > ratings[loser]["mu"]
    assert list(board(client)) == [winner, loser]   # best first
    page = client.get("/api/player", params={"name": "ann"}).json()
    assert [h["game_id"] for h in page["history"]] == [created["id"]]
    assert page["history"][0]["place"] == final["ranking"].index(0) + 1
    assert page["ratings"][0]["game"] == GAME
    svg = client.get("/api/player/curve.svg", params={"name": "ann", "game": GAME})
    assert svg.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(svg.text)
    polyline = root.find("{http://www.w3.org/2000/svg}polyline")
    assert polyline is not None
    assert len(polyline.get("points", "").split()) == 2   # the start and one game
    bot_page = client.get("/api/player", params={"bot": "random"}).json()
    assert bot_page["ratings"][0]["games"] == 1
    assert client.get("/api/player", params={"name": "nobody"}).status_code == 404


def test_bots_of_two_levels_climb_one_ladder(client) -> None:
    created = new_table(client, ["random", "heuristic"])
    wait_for(lambda: client.get(f"/api/games/{created['id']}").json()["over"], 60)
    wait_for(lambda: len(board(client)) == 2)
    assert set(board(client)) == {"bot: random", "bot: heuristic"}


@pytest.mark.parametrize("why", ["seed", "guest", "hot_seat", "undo", "custom_bot"])
def test_unrated_games_change_no_rating(client, why: str) -> None:
    csrf = None if why == "guest" else register(client, "ben")
    # a bot off the ladder: neither a level nor a plain kind at its defaults
    bot = "heuristic:epsilon=0.5" if why == "custom_bot" else "random"
    seats = ["human", "human"] if why == "hot_seat" else ["human", bot]
    extra = {"seed": 5} if why == "seed" else {}
    # Futuropia hides nothing after set-up: undo is offered after a first decision
    game = "futuropia" if why == "undo" else GAME
    created = new_table(client, seats, csrf, game=game, **extra)
    if why == "guest":
        join(client, created, 0, name="guest")
    else:
        join(client, created, 0, csrf)
    tokens = {0: token_of(created, 0)}
    if why == "hot_seat":
        join(client, created, 1, csrf)
        tokens[1] = token_of(created, 1)
    if why == "undo":
        game_id = created["id"]
        for _ in range(40):
            message = view(client, game_id, 0, tokens[0])
            if message["undo"]:
                break
            if message["legal"]:
                client.post(f"/api/games/{game_id}/actions", json={
                    "seat": 0, "token": tokens[0], "action": message["legal"][-1]["name"],
                    "step": message["step"]})
        assert message["undo"], "no undo was offered"
        undone = client.post(f"/api/games/{game_id}/undo", json={"seat": 0,
                                                                 "token": tokens[0]})
        assert undone.status_code == 200
    play_out(client, created["id"], tokens)
    # why a game ends unrated is written in the store's thread once its last move is
    # stored, as a rating is (a guest's or a hot seat's; a seed's, a custom bot's and an
    # undo's before)
    wait_for(lambda: table_info(client, created)["unrated"] is not None)
    info = table_info(client, created)
    assert info["rated"] is False and info["unrated"] == why
    assert board(client, game) == {}
    if csrf:
        assert client.get("/api/player", params={"name": "ben"}).json()["history"] == []


def test_a_game_is_rated_once_and_the_board_ranks_by_conservative_rating(db_url) -> None:
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        first = new_table(client, ["human", "human"])
        second = new_table(client, ["human", "human"])
    store: SocialStore = app.state.social.db
    standings = [(0, "bot:a", 1), (1, "bot:b", 2)]
    assert store.rate(first["id"], GAME, standings, rate, DEFAULT)
    assert not store.rate(first["id"], GAME, standings, rate, DEFAULT)   # once only
    # b wins the second game: a confident 1-1 against a newcomer c is not the point;
    # the board sorts by mu - 3 sigma, whatever mu alone says
    assert store.rate(second["id"], GAME, [(0, "bot:b", 1), (1, "bot:c", 2)], rate,
                      Rating(30.0, 8.0))
    rows = store.leaderboard(GAME)
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert {r["player"]: r["games"] for r in rows} == {"bot:a": 1, "bot:b": 2, "bot:c": 1}


class _TiedGame:
    """A finished game whose two seats share first place (Futuropia has no tie-breaker)."""

    num_players = 3

    def places(self) -> list[list[int]]:
        return [[0, 2], [1]]

    def ranking(self) -> list[int]:
        return [0, 2, 1]


def test_a_shared_place_is_rated_as_a_tie() -> None:
    """Issue #13: tied players share the place; the ratings read places, not the ranking
    (which orders tied seats by seat number)."""
    from keizai.web.ratings import places

    game = cast(State, _TiedGame())   # what places() reads of a finished game
    assert places(game) == [1, 2, 1]
    tied = rate([DEFAULT, DEFAULT, DEFAULT], places(game))
    assert tied[0].mu == pytest.approx(tied[2].mu)
    assert tied[0].mu > tied[1].mu


def test_a_players_page_does_not_give_away_their_private_tables(client) -> None:
    """A private table is reached by its links only (docs/social.md): its id gives its
    chat, record and replay to anyone. A player's page, and a bot's, listed the ids of
    every rated game, private ones too. The private game still counts in the ratings."""
    csrf = register(client, "cay")
    created = new_table(client, ["human", "random"], csrf, visibility="private")
    join(client, created, 0, csrf)
    play_out(client, created["id"], {0: token_of(created, 0)})
    # the rating is written in the store's thread once the last move is stored
    wait_for(lambda: table_info(client, created)["rated"] is True)
    for params in ({"name": "cay"}, {"bot": "random"}):
        page = client.get("/api/player", params=params).json()
        assert page["ratings"][0]["games"] == 1
        assert created["id"] not in str(page)   # before: in the history
    assert board(client)["cay"]["games"] == 1
