"""Alembic migrations: a database made before them (with games in it) upgrades in place,
and the migrated schema is exactly the tables the code declares."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    insert,
    inspect,
    text,
)

import keizai
from keizai.agents import make_agent
from keizai.store import Store
from keizai.store.db import metadata
from keizai.store.migrations import head
from keizai.store.social import SocialStore
from tests.postgres import new_database
from tests.store.rows import loaded


def old_schema() -> tuple[MetaData, Table, Table, Table]:
    """The store's tables as `Store` created them (metadata.create_all) before migrations."""
    old = MetaData()
    games = Table(
        "games", old,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("players", Integer, nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("options", JSON, nullable=False),
        Column("host_token", String(64), nullable=False),
        Column("created", DateTime(timezone=True), nullable=False))
    seats = Table(
        "seats", old,
        Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
               primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("kind", String(8), nullable=False),
        Column("agent", String(32), nullable=True),
        Column("token", String(64), nullable=False),
        Column("claimed", Integer, nullable=False, default=0))
    actions = Table(
        "actions", old,
        Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
               primary_key=True),
        Column("step", Integer, primary_key=True),
        Column("name", String(128), nullable=False))
    return old, games, seats, actions


@pytest.fixture
def fresh_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """An empty database: a new SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "old")


def stored_before_0022(record: dict[str, Any]) -> dict[str, Any]:
    """`record` as the store reads back a game stored before migration 0022: naming no
    keizai (which one stored it is unknown), not the running one."""
    return {key: value for key, value in record.items() if key != "keizai"}


def played(game: str, players: int, seed: int, steps: int) -> keizai.State:
    state = keizai.new_game(game, players, seed)
    bot = make_agent("random", seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_an_old_database_with_games_upgrades_in_place(fresh_url: str) -> None:
    old, games, seats, actions = old_schema()
    engine = create_engine(fresh_url)
    old.create_all(engine)
    states = {"g-progress": played("national-economy/progress", 2, 3, 60),
              "g-futuropia": played("futuropia", 3, 5, 40)}
    with engine.begin() as conn:
        for game_id, state in states.items():
            record = state.record()
            conn.execute(insert(games).values(
                id=game_id, game=record["game"], players=record["players"],
                seed=record["seed"], options=record["options"], host_token="host",
                created=datetime.now(UTC)))
            conn.execute(insert(seats), [
                {"game_id": game_id, "seat": i, "kind": "human", "agent": None,
                 "token": f"t{i}", "claimed": 1} for i in range(record["players"])])
            conn.execute(insert(actions), [
                {"game_id": game_id, "step": i, "name": name}
                for i, name in enumerate(record["actions"])])
    engine.dispose()

    store = Store(fresh_url)   # what the server does at start
    try:
        for game_id, state in states.items():
            row = store.load(game_id)
            assert row is not None
            assert row.record() == stored_before_0022(state.record())
            assert keizai.replay(row.record()).view(0) == state.view(0)
        tables = set(inspect(store.engine).get_table_names())
        assert {"accounts", "sessions", "seat_players", "table_settings", "ratings",
                "rating_history", "chat_messages", "alembic_version"} <= tables
        with store.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == head()
        social = SocialStore(store.engine)
        social.set_seat_player("g-progress", 0, name="Ann")
        assert social.seat_players("g-progress")[0].name == "Ann"
    finally:
        store.close()
    again = Store(fresh_url)   # a second start finds nothing to do and loses nothing
    try:
        assert loaded(again, "g-futuropia").record() == stored_before_0022(
            states["g-futuropia"].record())
        assert set(again.game_ids()) == set(states)
    finally:
        again.close()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_the_migrated_schema_is_the_declared_one(fresh_url: str) -> None:
    store = Store(fresh_url)
    try:
        with store.engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), metadata)
        assert differences == []
    finally:
        store.close()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_a_database_made_by_create_all_of_the_hardened_store_upgrades(fresh_url) -> None:
    """Between the hardening (columns added by the store itself) and the migrations, a
    store made its tables with `create_all`: revision 0003 adds only what is missing."""
    from keizai.store.db import actions, games, seats

    engine = create_engine(fresh_url)
    metadata.create_all(engine, tables=[games, seats, actions])
    state = played("national-economy/mecenat", 2, 9, 30)
    with engine.begin() as conn:
        record = state.record()
        conn.execute(insert(games).values(
            id="g", game=record["game"], players=2, seed=record["seed"],
            options=record["options"], host_token="h", created=datetime.now(UTC), version=3))
        conn.execute(insert(seats), [{"game_id": "g", "seat": i, "kind": "human",
                                      "agent": None, "token": f"t{i}", "claimed": 1,
                                      "open": 1, "handed": 0} for i in range(2)])
        conn.execute(insert(actions), [{"game_id": "g", "step": i, "name": name}
                                       for i, name in enumerate(record["actions"])])
    engine.dispose()
    store = Store(fresh_url)
    try:
        row = loaded(store, "g")
        assert row.record() == stored_before_0022(record)
        assert row.version == 3 and row.seats[0].open
        with store.engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    finally:
        store.close()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_0008_marks_the_private_tables_of_a_database_with_games_unlisted(fresh_url) -> None:
    """A database at 0007 (made here by downgrading a new one) with public and private
    rated tables and a game without settings (the old `POST /api/games`'s): upgraded,
    the lobby and the player's page (0011) show the public ones and the one without
    settings, not the private ones."""
    from alembic import command

    from keizai.store.migrations import config

    Store(fresh_url).close()
    engine = create_engine(fresh_url)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0007")
    with engine.begin() as conn:
        assert "listed" not in {c["name"] for c in inspect(conn).get_columns("games")}
        for n, visibility in enumerate(["public", "private", None, "private"]):
            conn.execute(text(
                "INSERT INTO games (id, game, players, seed, options, host_token, created,"
                " version, step, over, current) VALUES (:id, 'national-economy/mecenat', 2,"
                " 1, '{}', 'h', :created, 0, 0, 0, 0)"),
                {"id": f"g{n}", "created": datetime(2026, 1, 1 + n, tzinfo=UTC)})
            if visibility is not None:
                conn.execute(text("INSERT INTO table_settings (game_id, visibility, clock,"
                                  " rated) VALUES (:id, :visibility, 'none', 0)"),
                             {"id": f"g{n}", "visibility": visibility})
            conn.execute(text(
                "INSERT INTO rating_history (game_id, seat, player, game, place, mu_before,"
                " sigma_before, mu, sigma, at) VALUES (:id, 0, 'bot:random',"
                " 'national-economy/mecenat', 1, 25, 8, 25, 8, :at)"),
                {"id": f"g{n}", "at": datetime(2026, 1, 1 + n, tzinfo=UTC)})
    engine.dispose()
    store = Store(fresh_url)

    def on_page() -> list[str]:   # the player's page: the rated games but private ones
        return [h["game_id"] for h in social.history("bot:random", listed=True)]

    social = SocialStore(store.engine)
    try:
        assert [line["id"] for line in store.listing(200)] == ["g2", "g0"]
        assert on_page() == ["g0", "g2"]   # 0011 copied the flags
        with store.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == head()
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        social.update_settings("g1", visibility="public")   # the flags follow a
        social.update_settings("g0", visibility="private")  # visibility written later
        assert [line["id"] for line in store.listing(200)] == ["g2", "g1"]
        assert on_page() == ["g1", "g2"]
    finally:
        store.close()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_0014_deletes_no_game_stored_before_it_at_the_first_clean_up(fresh_url) -> None:
    """A database at 0013 keeps no time of a game's last move: upgraded, its unfinished
    games count as touched at the upgrade, so that a clean-up right after it deletes none
    that was being played over HTTP; they go once untouched for the cutoff."""
    from datetime import timedelta

    from alembic import command
    from sqlalchemy import update

    from keizai.store.db import games
    from keizai.store.migrations import config

    Store(fresh_url).close()
    engine = create_engine(fresh_url)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0013")
        for n, over in enumerate([0, 1]):
            conn.execute(text(
                "INSERT INTO games (id, game, players, seed, options, host_token, created,"
                " version, step, over, current) VALUES (:id, 'national-economy/mecenat', 2,"
                " 1, '{}', 'h', :created, 0, 3, :over, 0)"),
                {"id": f"g{n}", "created": datetime(2026, 1, 1, tzinfo=UTC), "over": over})
    engine.dispose()
    store = Store(fresh_url)
    try:
        assert store.delete_abandoned(timedelta(days=30)) == 0
        assert set(store.game_ids()) == {"g0", "g1"}
        with store.engine.begin() as conn:   # 40 days later, nobody came back
            conn.execute(update(games).values(
                touched=datetime.now(UTC) - timedelta(days=40)))
        assert store.delete_abandoned(timedelta(days=30)) == 1
        assert store.game_ids() == ["g1"]   # the finished one stays
    finally:
        store.close()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_0018_keeps_the_seats_claimed_before_it_and_counts_them_for_nobody(fresh_url) -> None:
    """A database at 0017 with seats taken from the lobby: upgraded, each seat keeps its
    claim and has no claimer (none was recorded), so no client is refused for them; a
    claim now records its claimer and counts toward its bound; and 0018 goes back down."""
    from alembic import command

    from keizai.store import KeyedClient, SeatsHeld
    from keizai.store.migrations import config

    Store(fresh_url).close()
    engine = create_engine(fresh_url)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0017")
        assert "claimer" not in {c["name"] for c in inspect(conn).get_columns("seats")}
        conn.execute(text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version, step, over, current) VALUES ('g0', 'national-economy/mecenat', 3,"
            " 1, '{}', 'h', :created, 0, 0, 0, 0)"), {"created": datetime(2026, 1, 1, tzinfo=UTC)})
        for seat, claimed in enumerate([1, 1, 0]):
            conn.execute(text(
                "INSERT INTO seats (game_id, seat, kind, token, claimed, open, handed)"
                " VALUES ('g0', :seat, 'human', :token, :claimed, 1, 0)"),
                {"seat": seat, "token": f"t{seat}", "claimed": claimed})
    store = Store(fresh_url)
    try:
        claimer = KeyedClient("c" * 32)
        with store.engine.connect() as conn:
            assert conn.execute(text(
                "SELECT seat, claimed, claimer FROM seats ORDER BY seat")).all() == [
                (0, 1, None), (1, 1, None), (2, 0, None)]
        assert store.claim_seat("g0", 2, claimer, most=1)
        with pytest.raises(SeatsHeld):   # its one seat counts now
            store.claim_seat("g0", 2, claimer, most=1)
    finally:
        store.close()
    with engine.begin() as conn:
        command.downgrade(config(conn), "0017")
        assert "claimer" not in {c["name"] for c in inspect(conn).get_columns("seats")}
        assert conn.execute(text("SELECT count(*) FROM seats WHERE claimed = 1")).scalar() == 3
    engine.dispose()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_0019_keeps_the_claims_and_creators_before_it_and_goes_down(fresh_url) -> None:
    """A database at 0018 with a game of a creator and a seat of a claimer: upgraded,
    both keep them and have no /48 (none was recorded), so no /48 is bound by them; a
    claim now records its /48 and counts toward its bound; and 0019 goes back down."""
    from alembic import command

    from keizai.store import KeyedClient, SeatsHeld
    from keizai.store.migrations import config

    Store(fresh_url).close()
    engine = create_engine(fresh_url)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0018")
        assert "claimer_net" not in {c["name"] for c in inspect(conn).get_columns("seats")}
        conn.execute(text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version, step, over, current, creator) VALUES ('g0',"
            " 'national-economy/mecenat', 3, 1, '{}', 'h', :created, 0, 0, 0, 0, :c)"),
            {"created": datetime(2026, 1, 1, tzinfo=UTC), "c": "a" * 32})
        for seat, claimer in enumerate(["b" * 32, None, None]):
            conn.execute(text(
                "INSERT INTO seats (game_id, seat, kind, token, claimed, open, handed,"
                " claimer) VALUES ('g0', :seat, 'human', :token, :claimed, 1, 0, :c)"),
                {"seat": seat, "token": f"t{seat}", "claimed": int(claimer is not None),
                 "c": claimer})
    store = Store(fresh_url)
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT creator, creator_net FROM games")).all() == [
                ("a" * 32, None)]
            assert conn.execute(text(
                "SELECT seat, claimer, claimer_net FROM seats ORDER BY seat")).all() == [
                (0, "b" * 32, None), (1, None, None), (2, None, None)]
        network = "n" * 32
        assert store.claim_seat("g0", 1, KeyedClient("c" * 32, network, 1), most=1)
        with pytest.raises(SeatsHeld):   # the /48's one seat counts now
            store.claim_seat("g0", 2, KeyedClient("d" * 32, network, 1), most=1)
    finally:
        store.close()
    with engine.begin() as conn:
        command.downgrade(config(conn), "0018")
        assert "claimer_net" not in {c["name"] for c in inspect(conn).get_columns("seats")}
        assert "creator_net" not in {c["name"] for c in inspect(conn).get_columns("games")}
        assert conn.execute(text("SELECT count(*) FROM seats WHERE claimed = 1")).scalar() == 2
    engine.dispose()


@pytest.mark.parametrize("fresh_url", ["sqlite", "postgresql"], indirect=True)
def test_0022_keeps_the_games_before_it_unversioned_and_goes_down(fresh_url: str) -> None:
    """A game stored before 0022 keeps no keizai: its record names none (unknown), not
    the running keizai as if that had played it, and replays as before; a game stored
    now names this keizai; and 0022 goes back down, the games kept."""
    from alembic import command

    from keizai.engine.made_by import RECORD_FORMAT
    from keizai.store import SeatRow
    from keizai.store.migrations import config
    from keizai.version import VERSION

    state = played("national-economy/mecenat", 2, 9, 30)
    record = state.record()
    Store(fresh_url).close()
    engine = create_engine(fresh_url)
    with engine.begin() as conn:
        command.downgrade(config(conn), "0021")
        conn.execute(text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version) VALUES ('old', :game, 2, :seed, :options, 'h', :created, 0)"),
            {"game": record["game"], "seed": record["seed"],
             "options": json.dumps(record["options"]),
             "created": datetime(2026, 1, 1, tzinfo=UTC)})
        for seat in range(2):
            conn.execute(text("INSERT INTO seats (game_id, seat, kind, token, claimed)"
                              " VALUES ('old', :seat, 'human', :token, 1)"),
                         {"seat": seat, "token": f"t{seat}"})
        for step, name in enumerate(record["actions"]):
            conn.execute(text("INSERT INTO actions (game_id, step, name)"
                              " VALUES ('old', :step, :name)"), {"step": step, "name": name})
    store = Store(fresh_url)   # the upgrade a server makes at start
    try:
        old = loaded(store, "old")
        assert old.keizai is None
        assert old.record() == stored_before_0022(record)
        assert old.record()["format"] == RECORD_FORMAT
        assert keizai.replay(old.record()).view(0) == state.view(0)
        store.create_game("new", keizai.new_game("futuropia", 2, 3).record(), "h",
                          [SeatRow(seat, "human", None, f"n{seat}", False)
                           for seat in range(2)])
        assert loaded(store, "new").keizai == VERSION
        assert loaded(store, "new").record()["keizai"] == VERSION
    finally:
        store.close()
    with engine.begin() as conn:
        command.downgrade(config(conn), "0021")
        assert "keizai" not in {c["name"] for c in inspect(conn).get_columns("games")}
        assert conn.execute(text("SELECT id FROM games ORDER BY id")).scalars().all() == [
            "new", "old"]
    engine.dispose()
