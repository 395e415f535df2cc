"""The lobby's listing (`Store.listing`) with many games stored: anyone may create ten
games at once and one per 5 s, and a game left unfinished stays until an operator
deletes it, so a busy or attacked server holds hundreds of thousands."""

from __future__ import annotations

import time
from datetime import timedelta

from sqlalchemy import text

from keizai.store.social import SocialStore
from tests.postgres import rows_read
from tests.store.sizes import filled_store

# work_mem small, so that 20,000 rows are enough; a statement stopped after 20 s
SMALL_AND_STOPPED = ("work_mem = '64kB'", "statement_timeout = '20s'")


def test_the_newest_games_are_listed_without_reading_them_all(postgres_url: str) -> None:
    """Before, every listing read and sorted every game (no index on `created`): 200-280
    ms of the database's CPU at each lobby poll with 300,000 games, ten of them a second
    from one client. Now PostgreSQL reads the newest 200 by the index."""
    with filled_store(postgres_url, "many", text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version, step, over, current) SELECT 'g' || n, 'national-economy/mecenat',"
            " 2, 1, '{}', 'h', now() - n * interval '1 second', 0, 0, 0, 0"
            " FROM generate_series(1, 200000) n")) as store:
        with store.engine.connect() as conn:
            plan = "\n".join(row[0] for row in conn.execute(text(
                "EXPLAIN SELECT id FROM games ORDER BY created DESC LIMIT 200")))
        assert "ix_games_created" in plan, plan   # before: a sequential scan and a sort
        started = time.perf_counter()
        listed = store.listing(200)
        assert [line["id"] for line in listed[:2]] == ["g1", "g2"]
        assert time.perf_counter() - started < 5.0   # a hang guard, not a measurement


def test_the_listing_reads_no_private_table(postgres_url: str) -> None:
    """Private tables are left out of the lobby and of a player's page. As `id NOT IN
    (every private table's id)`, once those ids outgrew PostgreSQL's work_mem the
    database read them all again for every game (1015f13: with 300,000 private tables a
    listing had not ended after ten minutes); as a NOT EXISTS per game, it still stepped
    over every private table newer than the 200 public ones it showed: 0.2-0.8 s of the
    database at every lobby poll with 300,000, which anyone may create. Now a game's row
    says whether it is listed and a partial index holds the listed ones: the listing reads
    the 200 it shows, however many private tables there are. Here 40,000 private tables
    are the newest games; work_mem is small and a statement is stopped after 20 s."""
    with filled_store(postgres_url, "private", text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version, step, over, current, listed) SELECT 'g' || n,"
            " 'national-economy/mecenat', 2, 1, '{}', 'h', now() - n * interval '1 s',"
            " 0, 1, 1, NULL, CASE WHEN n <= 40000 THEN 0 ELSE 1 END"
            " FROM generate_series(1, 41000) n"), text(
            "INSERT INTO table_settings (game_id, visibility, clock, rated)"
            " SELECT 'g' || n, CASE WHEN n <= 40000 THEN 'private' ELSE 'public' END,"
            " 'none', 1 FROM generate_series(1, 41000) n"), text(
            "INSERT INTO rating_history (game_id, seat, player, game, place, mu_before,"
            " sigma_before, mu, sigma, at, listed) SELECT 'g' || n, 0, 'bot:random',"
            " 'national-economy/mecenat', 1, 25, 8, 25, 8, now() - n * interval '1 s',"
            " CASE WHEN n <= 40000 THEN 0 ELSE 1 END FROM generate_series(1, 41000) n"),
            settings=SMALL_AND_STOPPED) as store:
        social = SocialStore(store.engine)
        started = time.perf_counter()
        listed = store.listing(200)
        assert [line["id"] for line in listed] == [f"g{n}" for n in range(40001, 40201)]
        read = rows_read(store.engine, lambda: store.listing(200), "games")
        assert read == 200   # before: 40,200
        # so planned without the values (the flag's 1 a parameter: 40,200 again)
        read = rows_read(store.engine, lambda: store.listing(200), "games", generic=True)
        assert read == 200
        history = social.history("bot:random", listed=True)
        assert len(history) == 500 and all(int(h["game_id"][1:]) > 40000 for h in history)
        assert time.perf_counter() - started < 15.0   # before 1015f13: stopped after 20 s


def test_deleting_abandoned_games_among_many_seen_lately_ends(postgres_url: str) -> None:
    """`Store.delete_abandoned` (an operator's daily job) keeps the games whose seats
    were seen lately, found as `id NOT IN (every game with a seat seen lately)`: the same
    read of the whole list for every game once it outgrew work_mem. Here 20,000 seen
    lately among 40,000 old games, work_mem small, a statement stopped after 20 s."""
    with filled_store(postgres_url, "abandoned", text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version, step, over, current) SELECT 'g' || n, 'national-economy/mecenat',"
            " 2, 1, '{}', 'h', now() - interval '90 days', 0, 1, 0, 0"
            " FROM generate_series(1, 40000) n"), text(
            "INSERT INTO seats (game_id, seat, kind, token, claimed, open, handed, seen)"
            " SELECT 'g' || n, 0, 'human', 't', 1, 0, 0, CASE WHEN n % 2 = 0"
            " THEN now() ELSE now() - interval '60 days' END"
            " FROM generate_series(1, 40000) n"), settings=SMALL_AND_STOPPED) as store:
        started = time.perf_counter()
        assert store.delete_abandoned(timedelta(days=30), batch=5000) == 20000
        assert store.action_count("g2") == 0 and store.version("g2") == 0
        assert store.version("g1") is None
        assert time.perf_counter() - started < 15.0   # before: stopped after 20 s
