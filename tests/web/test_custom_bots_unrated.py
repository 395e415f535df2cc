"""Only the lobby's levels and the plain bot kinds are players on the rating ladder; a game
with a bot of any other spec is unrated (`custom_bot`).

Found in session 32's attack pass (h216), reproduced here through the API: each spec
inside the server's bounds was a player of its own, a newcomer (mu 25, sigma 8.33) the
first time it played, so an account that beat 200 fresh near-random bots, one spec each
(`heuristic:epsilon=0.9991`, `…0.9992`, …), showed a rating of 52.8 against 33.4 for 200
wins against one bot, and filled the leaderboard with 200 bot rows. A level written out
(`heuristic:epsilon=.35` is `easy`) and a kind at its defaults (`heuristic:epsilon=0` is
`heuristic`) are still those players; a custom spec's row rated before stays readable."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import keizai
from keizai.store.social import SeatPlayer, SocialStore
from keizai.web import create_app, ratings
from keizai.web.app import Limits
from tests.web.social_helpers import new_table, play_out, register, token_of, view, wait_for

GAME = "national-economy/mecenat"
FARMED = ["heuristic:epsilon=0.9991", "heuristic:epsilon=0.9992"]


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app, base_url="https://testserver") as test_client:
        yield test_client


def sit_and_play(client: TestClient, csrf: str, bot: str) -> dict:
    """A game of the logged-in account against `bot`, played to its end; its table."""
    created = new_table(client, ["human", bot], csrf)
    joined = client.post(f"/api/games/{created['id']}/seats/0/join",
                         json={"token": token_of(created, 0)}, headers={"x-csrf-token": csrf})
    assert joined.status_code == 200, joined.text
    play_out(client, created["id"], {0: token_of(created, 0)})
    return created


def table_info(client: TestClient, created: dict) -> dict:
    return view(client, created["id"], 0, token_of(created, 0))["table"]


def settled(client: TestClient, created: dict) -> dict | None:
    """The table's settings once the game is rated or noted unrated."""
    info = table_info(client, created)
    return info if info["rated"] or info["unrated"] else None


def board(client: TestClient) -> list[dict]:
    return client.get("/api/leaderboard", params={"game": GAME}).json()["players"]


def test_games_against_fresh_custom_bots_rate_nobody(client: TestClient) -> None:
    """The farm: two games against two custom specs rated the account twice, each against
    a newcomer, and put two bot rows on the leaderboard."""
    csrf = register(client, "eve")
    for bot in FARMED:
        created = sit_and_play(client, csrf, bot)
        info = wait_for(lambda c=created: settled(client, c))
        assert info["rated"] is False and info["unrated"] == "custom_bot"
    assert board(client) == []
    page = client.get("/api/player", params={"name": "eve"}).json()
    assert page["ratings"] == [] and page["history"] == []


def test_a_custom_bot_is_noted_as_the_game_is_created(client: TestClient) -> None:
    """The table says so from its start (the page's chip shows the reason), as a chosen
    seed is noted; a custom spec among levels is enough."""
    created = new_table(client, ["human", "easy", "mcts:iterations=1:depth=0"])
    info = table_info(client, created)
    assert info["rated"] is False and info["unrated"] == "custom_bot"


@pytest.mark.parametrize(("bot", "player"), [
    ("heuristic:epsilon=.35", "bot:easy"),        # a level written out is the level
    ("HEURISTIC: epsilon = 0", "bot:heuristic"),   # a kind at its defaults is the kind
    ("random", "bot:random"),
])
def test_levels_and_plain_kinds_stay_rated(client: TestClient, bot: str, player: str
                                           ) -> None:
    csrf = register(client, "ida")
    created = sit_and_play(client, csrf, bot)
    assert wait_for(lambda: settled(client, created))["rated"] is True
    ida = client.get("/api/player", params={"name": "ida"}).json()["player"]
    assert sorted(line["player"] for line in board(client)) == sorted([player, ida])


def test_a_custom_bots_old_row_stays_readable_and_gains_no_games(
        client: TestClient) -> None:
    """A custom spec rated before this rule keeps its row and its page; a game against
    it now is unrated and leaves the row as it was."""
    custom = "heuristic:epsilon=0.5"
    old = new_table(client, ["random", "human"])
    store: SocialStore = client.app.state.social.db   # type: ignore[attr-defined]
    assert store.rate(old["id"], GAME, [(0, f"bot:{custom}", 1), (1, "bot:random", 2)],
                      ratings.rate, ratings.DEFAULT)
    before = client.get("/api/player", params={"bot": "heuristic:epsilon=.50"}).json()
    assert before["player"] == f"bot:{custom}"
    assert [r["games"] for r in before["ratings"]] == [1]
    csrf = register(client, "joe")
    created = sit_and_play(client, csrf, custom)
    wait_for(lambda: table_info(client, created)["unrated"] == "custom_bot")
    after = client.get("/api/player", params={"bot": custom}).json()
    assert after["ratings"] == before["ratings"]
    assert "bot:random" in [line["player"] for line in board(client)]


def test_the_leaderboard_lists_no_custom_bots_old_row(client: TestClient) -> None:
    """The ladder's players alone: a server upgraded from session 32 kept the farmed bots'
    rows on its leaderboard, one per custom spec (found by the lead reading this rule's
    change); their pages stay readable."""
    store: SocialStore = client.app.state.social.db   # type: ignore[attr-defined]
    for custom in FARMED:
        old = new_table(client, ["random", "human"])
        assert store.rate(old["id"], GAME, [(0, f"bot:{custom}", 1), (1, "bot:easy", 2)],
                          ratings.rate, ratings.DEFAULT)
    assert [line["player"] for line in board(client)] == ["bot:easy"]
    page = client.get("/api/player", params={"bot": FARMED[0]}).json()
    assert page["player"] == f"bot:{FARMED[0]}" and page["ratings"][0]["games"] == 1


def bot_seat(seat: int, spec: str) -> SeatPlayer:
    return SeatPlayer(seat, None, None, None, spec, False)


def test_a_custom_bot_of_a_game_created_before_the_rule_is_unrated_at_its_end() -> None:
    """A game created before the rule (nothing noted) is judged by its seats at its end."""
    state = keizai.new_game(GAME, 2, 3)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    custom = {0: bot_seat(0, "mcts:iterations=1:depth=0"), 1: bot_seat(1, "random")}
    assert ratings.standings(state, custom) == ([], "custom_bot")
    written_out = {0: bot_seat(0, "mcts:c=.4:depth=6:iterations=300"),
                   1: bot_seat(1, "random")}
    standings, reason = ratings.standings(state, written_out)
    assert reason is None
    assert sorted(key for _seat, key, _place in standings) == ["bot:normal", "bot:random"]
