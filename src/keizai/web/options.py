"""A new game's options as a request sends them, checked against what the game offers."""

from __future__ import annotations

from typing import Any

import keizai
from keizai.engine import UnknownGame
from keizai.engine.errors import shown
from keizai.web.errors import ApiError


def check_choices(body: dict[str, Any]) -> None:
    """An option that takes one of a few values (`Game.option_choices`, the values the
    lobby lists) is refused with any other, in the reader's language: the game may read
    more (Futuropia sorts the expert tiles ["X2", "X1"]), but the choices say what a game
    is created with. A body that names no known game or sends no options object is left
    to `Tables.create`, which says what is wrong with it."""
    game_id, options = body.get("game"), body.get("options")
    if not isinstance(game_id, str) or not isinstance(options, dict):
        return
    try:
        game = keizai.get_game(game_id)
    except UnknownGame:
        return
    for key, values in game.option_choices().items():
        if key in options and not any(_same(options[key], value) for value in values):
            raise ApiError.refused("invalid_request", "web.err.option_choice", 400,
                                   option=f"opt_{key}", value=shown(options[key]))


def _same(sent: Any, value: Any) -> bool:
    """JSON equality: True is not 1, nor 1.0 (Python's == says they are)."""
    if isinstance(sent, list) and isinstance(value, list):
        return len(sent) == len(value) and all(map(_same, sent, value))
    return type(sent) is type(value) and sent == value
