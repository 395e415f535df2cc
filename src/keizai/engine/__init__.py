"""The game-agnostic core: the engine contract, actions, RNG and the game registry.

Standard library only.
"""

from keizai.engine.action import Action, ActionSpace
from keizai.engine.errors import IllegalAction, InvalidSetup, UnknownGame
from keizai.engine.game import Game
from keizai.engine.registry import (
    Outline,
    games,
    get_game,
    new_game,
    register,
    replay,
    replay_outline,
    round_starts,
)
from keizai.engine.rng import Rng, SmallDraws, drawing_from, rng_from
from keizai.engine.state import ActionLike, Event, State

__all__ = [
    "Action",
    "ActionLike",
    "ActionSpace",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidSetup",
    "Outline",
    "Rng",
    "SmallDraws",
    "State",
    "UnknownGame",
    "drawing_from",
    "games",
    "get_game",
    "new_game",
    "register",
    "replay",
    "replay_outline",
    "rng_from",
    "round_starts",
]
