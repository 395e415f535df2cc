"""A game stored before 20ce457 (one bot, one ladder player) keeps its bot seats' specs as
the host typed them (`seats.agent`, `seat_players.bot`: "mcts:iterations=1:depth=0:c=1.0"),
and finished after it, it was rated under that spelling ("bot:<spec>"), a player apart from
the same bot's in the games created since (found reading web/table.py and web/ratings.py:
the spec is checked when the bot moves, but the ladder took the seat's spec as stored).
The ladder now names a bot seat's player by its canonical spec, whatever the stored
spelling; the stored specs are left as typed (docs/web.md says why no migration rewrites
them). Since session 33 only the levels and the plain kinds are on the ladder: a level
typed out before is the level, a custom spec's game finishing now is unrated
(`custom_bot`), however it was stored. SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

import keizai
from keizai.store import SeatRow, Store, Summary
from keizai.store.social import SocialStore
from keizai.web import create_app, ratings
from keizai.web.app import Limits
from keizai.web.bots import canonical_spec
from tests.web.conftest import TestClient
from tests.web.social_helpers import wait_for
from tests.web.test_one_bot_one_player import GAME, finish

TYPED = "heuristic:epsilon=0.350"   # "easy" as a host typed it before 20ce457
CUSTOM = "mcts:iterations=1:depth=0:c=1.0"   # a bot off the ladder, as typed
OLD_GAME = "0123456789ab"


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
    return str(request.getfixturevalue("own_database"))


def store_a_game_as_before(url: str, typed: str = TYPED) -> None:
    """A rated table of the bot spelled as typed against random, its bot to move, with
    the rows the server wrote before 20ce457."""
    store = Store(url)
    social = SocialStore(store.engine)
    try:
        state = keizai.new_game(GAME, 2, 7)
        store.create_game(OLD_GAME, state.record(), "host", [
            SeatRow(0, "bot", typed, "seat0", True), SeatRow(1, "bot", "random", "seat1", True)],
            Summary(0, False, state.current_player))
        social.create_settings(OLD_GAME, visibility="public", clock="none", rated=0,
                               host_account_id=None, rematch_of=None, unrated=None)
        social.set_seat_player(OLD_GAME, 0, bot=typed)
        social.set_seat_player(OLD_GAME, 1, bot="random")
    finally:
        store.close()


def test_a_game_stored_before_is_rated_under_the_bots_canonical_spec(url: str) -> None:
    store_a_game_as_before(url)
    with TestClient(create_app(url, bot_workers=1, limits=Limits.off())) as client:
        # the start resumed it (its bot is to move); then a game of the same bot made now
        wait_for(lambda: client.get(f"/api/games/{OLD_GAME}").json()["over"] or None,
                 timeout=120)
        finish(client, ["random", canonical_spec(TYPED)])

        def both_rated() -> list[dict] | None:
            board = client.get("/api/leaderboard", params={"game": GAME}).json()["players"]
            return board if sum(line["games"] for line in board) >= 4 else None

        board = wait_for(both_rated, timeout=30)
        assert canonical_spec(TYPED) == "easy"
        assert sorted((line["player"], line["games"]) for line in board) == [
            ("bot:easy", 2), ("bot:random", 2)]


def test_a_custom_bots_game_stored_before_is_unrated_at_its_end(url: str) -> None:
    """Nothing was noted as it was created (the server rated such bots then): its end
    notes it unrated, and no ladder row is made for the bot or for random."""
    store_a_game_as_before(url, CUSTOM)
    with TestClient(create_app(url, bot_workers=1, limits=Limits.off())) as client:

        def settled() -> dict | None:
            table = client.get(f"/api/games/{OLD_GAME}/view").json()["table"]
            return table if table["rated"] or table["unrated"] else None

        table = wait_for(settled, timeout=120)
        assert table["rated"] is False and table["unrated"] == "custom_bot"
        assert client.get(f"/api/games/{OLD_GAME}").json()["over"]
        assert client.get("/api/leaderboard", params={"game": GAME}).json()["players"] == []


def rate_as_before(url: str) -> None:
    """A finished game of the bot spelled as typed against random, rated as the server
    rated it before 03c4959: a ladder row under that spelling ("bot:<typed>")."""
    store = Store(url)
    social = SocialStore(store.engine)
    try:
        state = keizai.new_game(GAME, 2, 7)
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        store.create_game(OLD_GAME, state.record(), "host", [
            SeatRow(0, "bot", TYPED, "seat0", True), SeatRow(1, "bot", "random", "seat1", True)],
            Summary(state.event_count(), True, None))
        social.create_settings(OLD_GAME, visibility="public", clock="none", rated=0,
                               host_account_id=None, rematch_of=None, unrated=None)
        assert social.rate(OLD_GAME, GAME, [(0, f"bot:{TYPED}", 1), (1, "bot:random", 2)],
                           ratings.rate, ratings.DEFAULT)
    finally:
        store.close()


def test_an_old_spelling_s_page_is_the_bot_s_canonical_player(url: str) -> None:
    """/api/player?bot=<the old spelling> showed the old row (found reading
    Social.player_key after 03c4959): the page of a bot this server runs is its canonical
    player's, the one its games are rated under, whatever the spelling asked for."""
    rate_as_before(url)
    with TestClient(create_app(url, bot_workers=1, limits=Limits.off())) as client:
        finish(client, ["random", canonical_spec(TYPED)])
        bot = f"bot:{canonical_spec(TYPED)}"
        wait_for(lambda: client.get("/api/player", params={"bot": bot[4:]}).json()[
            "ratings"] or None, timeout=30)
        for spelling in (TYPED, canonical_spec(TYPED)):
            page = client.get("/api/player", params={"bot": spelling})
            assert page.status_code == 200, page.text
            assert page.json()["player"] == bot
            assert page.json()["name"] == f"bot: {canonical_spec(TYPED)}"
            assert [r["games"] for r in page.json()["ratings"]] == [1]
            assert OLD_GAME not in [line["game_id"] for line in page.json()["history"]]
