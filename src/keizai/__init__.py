"""keizai: economic board games with exact rules, fair bots and research interfaces."""

import keizai.rules  # noqa: F401  (registers the games)
from keizai.engine import (
    Action,
    Game,
    IllegalAction,
    State,
    games,
    get_game,
    new_game,
    replay,
)

__all__ = ["Action", "Game", "IllegalAction", "State", "games", "get_game", "new_game", "replay"]
__version__ = "0.1.0"
