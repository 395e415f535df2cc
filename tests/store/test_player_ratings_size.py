"""A player's ratings (one per game title, on the player's public page) among many rated
players: read by an index on the player, not by reading every rating of every player
(the ratings grow with every account that finishes a rated game, per title)."""

from __future__ import annotations

from functools import partial

from tests.store.sizes import filled, plans_read, rated_players

GAME = "national-economy/mecenat"


def test_a_players_ratings_are_read_by_the_player(postgres_url: str) -> None:
    """20,000 rated players of each of two games. Before, GET /api/player (anyone, ten
    times a second, of any name or bot level) read every row of `ratings` for the one
    player's: with 205,000 ratings on PostgreSQL 43-120 ms (a parallel sequential scan,
    load 7-10 on two cores, measured)."""
    with filled(postgres_url, "ratings", rated_players("account:", GAME)) as social:
        mine = social.player_ratings("account:777")
        assert [(r["game"], r["mu"]) for r in mine] == [(GAME, 25.777), ("futuropia", 25.777)
                                                       ][::-1]   # by game
        assert social.player_ratings("bot:nobody") == []
        for player in ("account:777", "bot:nobody"):
            read = plans_read(social, partial(social.player_ratings, player), "ratings")
            assert max(read) <= 2   # before: 40,000
