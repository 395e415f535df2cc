"""A game's leaderboard (its best 100 by the conservative rating) among many rated
players: read by an index on (game, mu - 3 sigma), not by sorting every player."""

from __future__ import annotations

from sqlalchemy import text

from keizai.store import Store
from keizai.store.social import SocialStore
from tests.postgres import new_database, rows_read

GAME = "national-economy/mecenat"


def test_the_leaderboard_reads_the_players_it_shows(postgres_url: str) -> None:
    """20,000 rated players of one game and 20,000 of another. Before, every
    leaderboard read and sorted all of the game's players (51 ms with 200,000 on
    PostgreSQL, measured; anyone may ask ten times a second)."""
    store = Store(new_database(postgres_url, "board"))
    social = SocialStore(store.engine)
    try:
        with store.engine.begin() as conn:
            conn.execute(text(
                "INSERT INTO ratings (game, player, mu, sigma, games, updated) SELECT"
                " g, 'bot:p' || n, 25 + n / 1000.0, 2, 1, now() FROM generate_series(1,"
                " 20000) n, (VALUES (:game), ('futuropia')) v(g)"), {"game": GAME})
            conn.execute(text("ANALYZE"))
        board = social.leaderboard(GAME)
        assert [p["player"] for p in board] == [f"bot:p{n}" for n in range(20000, 19900, -1)]
        for generic in (False, True):   # also planned without the values
            assert rows_read(store.engine, lambda: social.leaderboard(GAME), "ratings",
                             generic=generic) == 100
    finally:
        store.close()
