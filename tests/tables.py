"""The tables a test plays at: each game with each of its player counts."""

from __future__ import annotations

from collections.abc import Iterable

import keizai


def every_table(game_ids: Iterable[str]) -> list[tuple[str, int]]:
    """(game id, players) for each given game and each player count it allows."""
    tables = []
    for game_id in game_ids:
        game = keizai.get_game(game_id)
        tables += [(game_id, players)
                   for players in range(game.min_players, game.max_players + 1)]
    return tables


def table_ids(tables: Iterable[tuple[str, int]]) -> list[str]:
    """Readable test ids: "futuropia-3p"."""
    return [f"{game_id}-{players}p" for game_id, players in tables]
