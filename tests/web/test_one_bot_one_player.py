"""One bot is one player on the rating ladder, however its spec is spelled.

Found in session 26 reading `keizai.web.bots.canonical_spec` and reproduced through the
API: it lowered the case and dropped the spaces around a spec's parts, but kept the
parameters in the order sent and each number as written, and left a level's written-out
spec as written, so `mcts:c=1:depth=2` and `mcts:depth=2:c=1`, `epsilon=0.5` and
`epsilon=.50` (or `1_0`, full-width digits: the parser reads them as Python's int() and
float() do), `easy` and `heuristic:epsilon=0.35` each finished rated games as players of
their own ("bot:<spec>"), one bot with several ratings. Since session 33 only the levels
and the plain kinds are players on the ladder (keizai.web.ratings.on_ladder): a spelling
of one of those is that player, and a game with any other spec is unrated (`custom_bot`),
however it is spelled (tests/web/test_custom_bots_unrated.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from keizai.agents import LEVELS, parse_spec
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.bots import canonical_spec, check_spec
from tests.web.conftest import TestClient
from tests.web.social_helpers import new_table, wait_for

GAME = "national-economy/mecenat"

# Spellings of one bot each: parameter order, number spellings, a level written out,
# parameters at the agent's defaults.
SAME_BOT = [
    ["mcts:c=1:depth=2", "mcts:depth=2:c=1", "MCTS: depth = 02 : c = 1.0",
     "mcts:c=1:c=1:depth=2"],
    ["heuristic:epsilon=0.5", "heuristic:epsilon=0.50", "heuristic:epsilon=.5",
     "heuristic:epsilon=5e-1", "heuristic:epsilon=\uff10.\uff15"],
    ["mcts:iterations=1000", "mcts:iterations=01000", "mcts:iterations=1_000",
     "mcts:iterations=\uff11\uff10\uff10\uff10", "mcts:iterations=1000:c=0.7:rollout=random"],
    ["mcts:time=0.5:cap=1", "mcts:cap=1.0:time=0.50", "mcts:cap=001:time=.5:reuse=1"],
    ["normal", " Normal", "mcts:iterations=300:depth=6:c=0.4",
     "mcts:c=.4:depth=06:iterations=300", "mcts:c=0.40:depth=6:iterations=3_0_0"],
    ["easy", "heuristic:epsilon=0.35", "heuristic:epsilon=.350"],
    ["heuristic", "heuristic:epsilon=0", "heuristic:epsilon=0.0", "heuristic:epsilon=-0"],
    ["mcts", "mcts:iterations=200", "mcts:c=0.7:depth=6:reuse=1:evaluation=hand"],
]

# Bots that differ, however little: each must stay a player of its own.
DIFFERENT = ["mcts:c=1", "mcts:c=1.0000001", "mcts:c=1:depth=2", "normal", "hard",
             "mcts:iterations=301:depth=6:c=0.4", "easy", "heuristic:epsilon=0.36",
             "heuristic", "random", "mcts", "mcts:reuse=0"]


@pytest.mark.parametrize("spellings", SAME_BOT, ids=lambda s: s[0])
def test_every_spelling_of_one_bot_is_one_canonical_spec(spellings: list[str]) -> None:
    specs = {canonical_spec(spelling) for spelling in spellings}
    assert len(specs) == 1, specs
    assert {check_spec(spelling) for spelling in spellings} == specs


def test_bots_that_differ_stay_apart() -> None:
    specs = [canonical_spec(spec) for spec in DIFFERENT]
    assert len(set(specs)) == len(DIFFERENT), specs


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_level_written_out_is_the_level(level: str) -> None:
    assert canonical_spec(LEVELS[level]) == level
    assert canonical_spec(level.upper()) == level


@pytest.mark.parametrize("spelling", [s for spellings in SAME_BOT for s in spellings])
def test_the_canonical_spec_builds_the_same_bot(spelling: str) -> None:
    """Its numbers read back as the values the bot is built with, each written the
    shortest way (no padding, no trailing ".0"), its parameters in alphabetical order."""
    canonical = canonical_spec(spelling)
    assert canonical_spec(canonical) == canonical
    _kind, sent = parse_spec(spelling)
    _kind, kept = parse_spec(canonical)
    if canonical not in LEVELS:
        assert list(kept) == sorted(kept)
    for key, value in kept.items():
        assert value == value.strip() and value.isascii()
        if value[0].isdigit():
            assert float(value) == float(sent[key])
            assert not value.endswith(".0") and not value.startswith("0" * 2)


@pytest.mark.parametrize(("spec", "reason"), [
    ("mcts:iterations=0", "web.err.bot_range"),
    ("mcts:c=nan", "web.err.bot_range"),
    ("mcts:bogus=1", "web.err.bot_param"),
    ("mcts:c=one", "web.err.bot_number"),
    ("mcts:iterations=1.5", "agent.param_whole"),
    ("mcts:rollout=turn", "agent.one_of"),
    ("solo:rollouts=2", "web.err.solo_cap"),
    ("mcts:c", "agent.not_key_value"),
    ("bogus", "agent.unknown"),
])
def test_a_spec_the_bots_refuse_is_still_refused_with_its_id(
        client: TestClient, spec: str, reason: str) -> None:
    refused = client.post("/api/tables", json={"game": GAME, "seats": [spec, "random"]})
    assert refused.status_code == 400, refused.text
    assert refused.json()["error"]["id"] == reason


def finish(client: TestClient, seats: list[str]) -> str:
    """A game of bots alone played to its end; its id."""
    game_id = new_table(client, seats)["id"]
    deadline = time.monotonic() + 120
    while not client.get(f"/api/games/{game_id}").json()["over"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.05)
    return game_id


def rated_twice(client: TestClient, first: str, second: str) -> list[str]:
    """Two rated games against random, the bot spelled `first` then `second`: the ladder
    has one player for it, with both games, and its page answers to either spelling.
    The ladder's players."""
    finish(client, ["random", first])
    finish(client, [second, "random"])

    def both_rated() -> list[dict] | None:
        board = client.get("/api/leaderboard", params={"game": GAME}).json()["players"]
        return board if sum(line["games"] for line in board) >= 4 else None

    board = wait_for(both_rated, timeout=30)
    bot = f"bot:{canonical_spec(first)}"
    assert sorted(line["player"] for line in board) == sorted(["bot:random", bot])
    assert all(line["games"] == 2 for line in board)
    for spelling in (first, second):
        page = client.get("/api/player", params={"bot": spelling})
        assert page.status_code == 200, page.text
        assert page.json()["player"] == bot
        assert [r["games"] for r in page.json()["ratings"]] == [2]
    return sorted(line["player"] for line in board)


# Cheap bots of the ladder, so that whole games finish in seconds.
RATED_PAIRS = [
    ("mcts:iterations=200:c=0.7", "mcts:c=.7:iterations=200"),             # order, defaults
    ("heuristic:epsilon=0.35", "heuristic:epsilon=.350"),                  # spelling
    ("mcts:iterations=\uff12\uff10\uff10", "mcts:iterations=2_0_0"),        # odd digits
    ("easy", "heuristic:epsilon=0.35"),                                    # a level
]
# Cheap bots off the ladder: spelled either way, a game of theirs is unrated.
CUSTOM_PAIRS = [
    ("mcts:iterations=1:depth=0:c=1", "mcts:c=1.0:depth=0:iterations=1"),
    ("heuristic:epsilon=0.5", "heuristic:epsilon=.50"),
    ("mcts:iterations=1:depth=0", "mcts:iterations=\uff11:depth=0_0"),
]


@pytest.mark.parametrize(("first", "second"), RATED_PAIRS, ids=["order", "number",
                                                                "digits", "level"])
def test_two_spellings_of_one_bot_are_one_player_on_the_ladder(
        client: TestClient, first: str, second: str) -> None:
    players = rated_twice(client, first, second)
    assert players == sorted(["bot:random", f"bot:{canonical_spec(first)}"])


@pytest.mark.parametrize(("first", "second"), CUSTOM_PAIRS, ids=["order", "number",
                                                                "digits"])
def test_no_spelling_of_a_custom_bot_is_a_player_on_the_ladder(
        client: TestClient, first: str, second: str) -> None:
    for spelling in (first, second):
        game_id = finish(client, ["random", spelling])

        def settled(game_id: str = game_id) -> dict | None:
            table = client.get(f"/api/games/{game_id}/view").json()["table"]
            return table if table["rated"] or table["unrated"] else None

        table = wait_for(settled, timeout=30)
        assert table["rated"] is False and table["unrated"] == "custom_bot"
    assert client.get("/api/leaderboard", params={"game": GAME}).json()["players"] == []


@pytest.fixture
def postgres_client(own_database: str) -> Iterator[TestClient]:
    with TestClient(create_app(own_database, bot_workers=1, limits=Limits.off())) as client:
        yield client


def test_two_spellings_are_one_player_on_postgresql(postgres_client: TestClient) -> None:
    first, second = RATED_PAIRS[0]
    players = rated_twice(postgres_client, first, second)
    assert players == sorted(["bot:random", f"bot:{canonical_spec(first)}"])
