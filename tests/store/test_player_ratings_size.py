"""A player's ratings (one per game title, on the player's public page) among many rated
players: read by an index on the player, not by reading every rating of every player
(the ratings grow with every account that finishes a rated game, per title)."""

from __future__ import annotations

from sqlalchemy import text

from keizai.store import Store
from keizai.store.social import SocialStore
from tests.postgres import new_database, rows_read

GAME = "national-economy/mecenat"


def test_a_players_ratings_are_read_by_the_player(postgres_url: str) -> None:
    """20,000 rated players of each of two games. Before, GET /api/player (anyone, ten
    times a second, of any name or bot level) read every row of `ratings` for the one
    player's: with 205,000 ratings on PostgreSQL 43-120 ms (a parallel sequential scan,
    load 7-10 on two cores, measured)."""
    store = Store(new_database(postgres_url, "ratings"))
    social = SocialStore(store.engine)
    try:
        with store.engine.begin() as conn:
            conn.execute(text(
                "INSERT INTO ratings (game, player, mu, sigma, games, updated) SELECT"
                " g, 'account:' || n, 25 + n / 1000.0, 2, 1, now() FROM generate_series(1,"
                " 20000) n, (VALUES (:game), ('futuropia')) v(g)"), {"game": GAME})
            conn.execute(text("ANALYZE"))
        mine = social.player_ratings("account:777")
        assert [(r["game"], r["mu"]) for r in mine] == [(GAME, 25.777), ("futuropia", 25.777)
                                                       ][::-1]   # by game
        assert social.player_ratings("bot:nobody") == []
        for player in ("account:777", "bot:nobody"):
            for generic in (False, True):   # also planned without the values
                read = rows_read(store.engine, lambda p=player: social.player_ratings(p),
                                 "ratings", generic=generic)
                assert read <= 2   # before: 40,000
    finally:
        store.close()
