"""A player's rated games: a bot level plays in every rated game against it, so its
history grows with the whole server's play; its page and its rating curve must read the
500 games they show, not all of them, nor the private tables among them."""

from __future__ import annotations

from sqlalchemy import text

from tests.postgres import rows_read
from tests.store.sizes import filled, plans_read

GAME = "national-economy/mecenat"


def test_a_long_history_is_read_by_its_newest_listed_games(postgres_url: str) -> None:
    """20,000 rated games of "bot:random", the newest 10,000 private tables. Before,
    the player's page and the curve read and sorted every game of the player (250 and
    200 ms with 200,000 on PostgreSQL, measured; anyone may ask ten times a second), and
    the page then left out the private ones. Now indexes by (player, listed, time) and
    (player, game, time), and each row carries its table's `listed` flag."""
    with filled(postgres_url, "history", text(
            "INSERT INTO games (id, game, players, seed, options, host_token, created,"
            " version, step, over, current, listed) SELECT 'g' || n, :game, 2, 1, '{}',"
            " 'h', now() - n * interval '1 s', 0, 1, 1, NULL,"
            " CASE WHEN n <= 10000 THEN 0 ELSE 1 END FROM generate_series(1, 20000) n"
            ).bindparams(game=GAME), text(
            "INSERT INTO rating_history (game_id, seat, player, game, place, mu_before,"
            " sigma_before, mu, sigma, at, listed) SELECT 'g' || n, 0, 'bot:random',"
            " :game, 1, 25, 8, 25, 8, now() - n * interval '1 s',"
            " CASE WHEN n <= 10000 THEN 0 ELSE 1 END FROM generate_series(1, 20000) n"
            ).bindparams(game=GAME)) as social:
        page = social.history("bot:random", listed=True)
        assert [h["game_id"] for h in page] == [f"g{n}" for n in range(10500, 10000, -1)]
        read = plans_read(social, lambda: social.history("bot:random", listed=True),
                          "rating_history")
        assert max(read) <= 501   # before: 20,000
        curve = social.history("bot:random", GAME)
        assert [h["game_id"] for h in curve] == [f"g{n}" for n in range(500, 0, -1)]
        rows = rows_read(social.engine, lambda: social.history("bot:random", GAME),
                         "rating_history")
        assert rows <= 501   # before: 20,000
