"""Games registered by id; creating and replaying games by id."""

from __future__ import annotations

import importlib
import secrets
from collections.abc import Callable
from typing import Any

from keizai.engine.errors import IllegalAction, InvalidSetup, UnknownGame, shown
from keizai.engine.game import Game
from keizai.engine.state import State

_factories: dict[str, Callable[[], Game]] = {}
_loaded: dict[str, Game] = {}


def register(game_id: str, factory: Callable[[], Game] | str) -> None:
    """Register a game by id. `factory` builds the Game, or is "module:attribute" (lazy)."""
    if isinstance(factory, str):
        module_name, _, attribute = factory.partition(":")

        def load() -> Game:
            return getattr(importlib.import_module(module_name), attribute)()

        _factories[game_id] = load
    else:
        _factories[game_id] = factory


def games() -> list[str]:
    """Ids of all registered games."""
    return sorted(_factories)


def get_game(game_id: str) -> Game:
    game = _loaded.get(game_id)
    if game is None:
        factory = _factories.get(game_id)
        if factory is None:
            raise UnknownGame(f"unknown game {game_id!r}; known: {', '.join(games())}")
        game = _loaded[game_id] = factory()
    return game


def new_game(
    game_id: str, players: int, seed: int | None = None, options: dict[str, Any] | None = None
) -> State:
    """A new game. Without a seed, a random one is chosen (and kept in the record)."""
    game = get_game(game_id)
    game.check_players(players)
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSetup.refuse("setup.seed", value=shown(seed))
    return game.new_state(players, seed, game.resolve_options(options))


def replay(record: dict[str, Any]) -> State:
    """Rebuild a state from its record, action by action (each one checked)."""
    if not isinstance(record, dict):
        raise InvalidSetup.refuse("setup.record")
    for key in ("game", "players", "seed", "actions"):
        if key not in record:
            raise InvalidSetup.refuse("setup.record_key", key=repr(key))
    if not isinstance(record["actions"], list):
        raise InvalidSetup.refuse("setup.record_actions")
    state = new_game(record["game"], record["players"], record["seed"], record.get("options"))
    for step, name in enumerate(record["actions"]):
        try:
            state.apply(name)
        except IllegalAction as error:
            # numbered from 1, as a person counts: "the 3rd action", 「3 番目の行動」
            raise IllegalAction.refuse("refuse.record_action", action=step + 1,
                                       name=shown(name), why=error.to_json()) from None
    return state
