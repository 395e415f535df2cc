"""Migration 0016: the columns holding a bot spec or a rated player's key "bot:<spec>"
hold the longest spec the server accepts (keizai.web.bots.MAX_SPEC), and a database
with games, seats, ratings and a long spec in them upgrades without losing any of it.

Found in session 26: those columns held 64 characters, so the server refused specs of
more than 60 (148963a), among them in-bounds ones such as the full solo spec (63)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import String, create_engine, inspect, select, text
from sqlalchemy.types import TypeEngine

from keizai.store import Store
from keizai.store.db import metadata, seats
from keizai.store.migrations import config, head
from keizai.store.social import SocialStore, rating_history, ratings, seat_players
from keizai.web.bots import MAX_SPEC
from tests.postgres import new_database

SOLO = "solo:policy=fast:halving=1:evaluation=learned:limit=40000:cap=1"   # 63
SHORT = "mcts:iterations=100:depth=3:c=0.4000000000000000000000000000"      # 60
WHEN = datetime(2026, 11, 1, tzinfo=UTC)


@pytest.fixture
def fresh_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'widths.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "widths")


def length(kind: TypeEngine) -> int:
    assert isinstance(kind, String) and kind.length is not None, kind
    return kind.length


def test_the_columns_hold_the_longest_spec_the_server_accepts() -> None:
    for column in (seats.c.agent, seat_players.c.bot):
        assert length(column.type) >= MAX_SPEC, column
    for column in (ratings.c.player, rating_history.c.player):
        assert length(column.type) >= len("bot:") + MAX_SPEC, column


def _at_0015(url: str) -> None:
    """A database at 0015 holding a game whose bot has a 63-character spec, rated
    against a 60-character one (the longest "bot:<spec>" 0015 holds)."""
    Store(url).close()
    engine = create_engine(url)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0015")
        conn.execute(text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version, step, over, current, listed) VALUES ('g', 'national-economy/mecenat',"
            " 2, 7, '{}', 'h', :at, 4, 120, 1, NULL, 1)"), {"at": WHEN})
        for seat, spec in enumerate([SOLO, SHORT]):
            conn.execute(text(
                "INSERT INTO seats (game_id, seat, kind, agent, token, claimed, open, handed)"
                " VALUES ('g', :seat, 'bot', :spec, :token, 1, 0, 0)"),
                {"seat": seat, "spec": spec, "token": f"t{seat}"})
            conn.execute(text("INSERT INTO seat_players (game_id, seat, bot, muted) VALUES"
                              " ('g', :seat, :spec, 0)"), {"seat": seat, "spec": spec})
        conn.execute(text("INSERT INTO table_settings (game_id, visibility, clock, rated)"
                          " VALUES ('g', 'public', 'none', 1)"))
        for seat, spec in enumerate([SHORT, "random"]):
            player = f"bot:{spec}"
            conn.execute(text(
                "INSERT INTO ratings (game, player, mu, sigma, games, updated) VALUES"
                " ('national-economy/mecenat', :player, :mu, 7.5, 1, :at)"),
                {"player": player, "mu": 27.0 - 4 * seat, "at": WHEN})
            conn.execute(text(
                "INSERT INTO rating_history (game_id, seat, player, game, place, mu_before,"
                " sigma_before, mu, sigma, at, listed) VALUES ('g', :seat, :player,"
                " 'national-economy/mecenat', :place, 25, 8.3, :mu, 7.5, :at, 1)"),
                {"seat": seat, "player": player, "place": seat + 1, "mu": 27.0 - 4 * seat,
                 "at": WHEN})
    engine.dispose()


def _contents(url: str, names: dict[str, list[str]] | None = None
              ) -> tuple[dict[str, list[str]], list[list[tuple]]]:
    """The rows of the tables holding specs, in the columns `names` (by default those the
    database has: a later migration's columns, such as 0018's `seats.claimer`, are not
    at 0015), and those columns."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            tables = (seats, seat_players, ratings, rating_history)
            if names is None:
                names = {table.name: [c["name"] for c in inspect(conn).get_columns(table.name)]
                         for table in tables}
            return names, [[tuple(row) for row in conn.execute(
                select(*(table.c[name] for name in names[table.name])).order_by(
                    *table.primary_key.columns)).all()]
                for table in tables]
    finally:
        engine.dispose()


def _ordinal_index(store: Store) -> bool:
    """The leaderboard's index of ratings by mu - 3 sigma (0013) is there: SQLite's
    batch mode, rebuilding `ratings`, does not see an expression index."""
    with store.engine.connect() as conn:
        if store.engine.dialect.name == "sqlite":
            sql = "SELECT sql FROM sqlite_master WHERE name = 'ix_ratings_game_ordinal'"
        else:
            sql = "SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_ratings_game_ordinal'"
        found = conn.execute(text(sql)).scalar()
    return found is not None and "sigma" in found


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_a_database_with_a_long_spec_upgrades_and_keeps_its_rows(fresh_url: str) -> None:
    _at_0015(fresh_url)
    names, before = _contents(fresh_url)
    assert [row[3] for row in before[0]] == [SOLO, SHORT]   # seats.agent
    store = Store(fresh_url)   # what `keizai serve` does at start: upgrade to the head
    try:
        with store.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == head()
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        assert _contents(fresh_url, names)[1] == before
        assert _ordinal_index(store)
        player = next(c for c in inspect(store.engine).get_columns("ratings")
                      if c["name"] == "player")
        assert length(player["type"]) >= len("bot:") + MAX_SPEC
        social = SocialStore(store.engine)
        longest = "bot:" + "s" * MAX_SPEC   # a key of the longest spec now fits
        with store.engine.begin() as conn:
            conn.execute(ratings.insert().values(
                game="national-economy/mecenat", player=longest, mu=30.0, sigma=2.0,
                games=9, updated=WHEN))
        board = social.leaderboard("national-economy/mecenat")
        assert [line["player"] for line in board] == [longest, f"bot:{SHORT}", "bot:random"]
        row = store.load("g")
        assert row is not None and row.seats[0].agent == SOLO
    finally:
        store.close()
