"""keizai: economic board games with exact rules, fair bots and research interfaces."""

from keizai import _build

_build.select()  # compiled modules or plain Python, before any other keizai import

import keizai.rules  # noqa: E402, F401  (registers the games)
from keizai.engine import (  # noqa: E402
    Action,
    Game,
    IllegalAction,
    State,
    games,
    get_game,
    new_game,
    replay,
)
from keizai.version import VERSION  # noqa: E402

__all__ = ["Action", "Game", "IllegalAction", "State", "games", "get_game", "new_game", "replay"]
__version__ = VERSION
