"""A game's leaderboard (its best 100 by the conservative rating) among many rated
players: read by an index on (game, mu - 3 sigma), not by sorting every player."""

from __future__ import annotations

from tests.store.sizes import filled, plans_read, rated_players

GAME = "national-economy/mecenat"


def test_the_leaderboard_reads_the_players_it_shows(postgres_url: str) -> None:
    """20,000 rated players of one game and 20,000 of another. Before, every
    leaderboard read and sorted all of the game's players (51 ms with 200,000 on
    PostgreSQL, measured; anyone may ask ten times a second)."""
    with filled(postgres_url, "board", rated_players("bot:p", GAME)) as social:
        board = social.leaderboard(GAME)
        assert [p["player"] for p in board] == [f"bot:p{n}" for n in range(20000, 19900, -1)]
        assert plans_read(social, lambda: social.leaderboard(GAME), "ratings") == [100, 100]
