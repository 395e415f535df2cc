"""The lobby offers the bot levels that fit the game and player count (issue #19): the
National Economy solo planner `solo` only for a one-player game (at a table it would just
play as the heuristic), the 2-4 player top level `expert` only with opponents."""

from __future__ import annotations

import keizai
from keizai.web.tables import PLAYER_LEVELS, available_bots, bots_for


def test_levels_depend_on_the_player_count() -> None:
    every = available_bots()
    assert "solo" in every and "expert" in every
    for game_id in keizai.games():
        game = keizai.get_game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            offered = bots_for(game_id, players)
            assert set(offered) <= set(every) & set(PLAYER_LEVELS)   # no developer bots
            if players == 1:
                assert offered[0] == "solo" and "expert" not in offered
            else:
                assert "solo" not in offered and "expert" in offered


def test_the_catalog_lists_the_levels_per_player_count(client) -> None:
    """What the page reads: each game's `bots` by player count."""
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    progress = games["national-economy/progress"]["bots"]
    assert progress["1"][0] == "solo" and "expert" not in progress["1"]
    assert "solo" not in progress["2"] and "expert" in progress["2"]
    assert set(games["futuropia"]["bots"]) == {"2", "3", "4"}
    assert all("solo" not in levels for levels in games["futuropia"]["bots"].values())


def test_the_page_offers_only_the_listed_levels() -> None:
    """The lobby script builds the bot menu from the catalog's per-count list (falling
    back to the global list only for an older server)."""
    from importlib import resources

    script = resources.files("keizai.web").joinpath("static/lobby.js").read_text()
    assert "gameInfo()?.bots?.[String(state.players)]" in script
    assert "catalog.bots.map(" not in script
