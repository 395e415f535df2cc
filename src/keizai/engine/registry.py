"""Games registered by id; creating and replaying games by id."""

from __future__ import annotations

import importlib
import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, SupportsIndex

from keizai.engine.errors import IllegalAction, InvalidSetup, UnknownGame, shown
from keizai.engine.game import Game
from keizai.engine.integers import as_integer
from keizai.engine.made_by import check_made_by, naming_its_keizai
from keizai.engine.state import State

# A seed is a 64-bit number from 0 (the RNG keeps 64 bits of it): a negative or longer one
# is refused rather than wrapped into another seed's game (-1 would deal 2**64 - 1's), and a
# record's seed always prints and reads back (Python refuses ints of over 4,300 digits).
SEED_BITS = 64
# A record file holds short JSON: a longer number is no seed (the digits of a 64-bit one
# number 20) and is refused before Python converts it.
_MAX_DIGITS = 40

_factories: dict[str, Callable[[], Game]] = {}
_loaded: dict[str, Game] = {}


def register(game_id: str, factory: Callable[[], Game] | str) -> None:
    """Register a game by id. `factory` builds the Game, or is "module:attribute" (lazy)."""
    if isinstance(factory, str):
        module_name, _, attribute = factory.partition(":")

        def load() -> Game:
            game: Game = getattr(importlib.import_module(module_name), attribute)()
            return game

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
    game_id: str, players: SupportsIndex, seed: SupportsIndex | None = None,
    options: dict[str, Any] | None = None
) -> State:
    """A new game. Without a seed, a random one is chosen (and kept in the record).
    `players` and `seed` may be any integer type (NumPy's too), kept as Python ints."""
    game = get_game(game_id)
    count = game.check_players(players)
    dealt = secrets.randbits(63) if seed is None else check_seed(seed)
    return game.new_state(count, dealt, game.resolve_options(options))


def integer_seed(seed: object) -> int:
    """`seed` as the Python int it is: an int or another integer type (NumPy's, as a
    researcher's generator draws it), else InvalidSetup. A bool, a float (even 7.0) and a
    string are no seed: they would be truncated or read into some other seed's game. Nor
    is a NumPy bool (`as_integer`), which NumPy before 2.0 still reads as 1."""
    index = as_integer(seed)
    if index is None:
        raise InvalidSetup.refuse("setup.seed", value=shown(seed))
    return index


def check_seed(seed: object) -> int:
    """`seed` as a Python int if it is a game seed, an integer from 0 to 2**64 - 1 (NumPy's
    too, `integer_seed`), else InvalidSetup (not an integer, negative, too large): never
    truncated or wrapped into another seed's game."""
    seed = integer_seed(seed)
    if seed < 0:
        raise InvalidSetup.refuse("setup.seed_negative", value=shown(seed))
    if seed.bit_length() > SEED_BITS:
        raise InvalidSetup.refuse("setup.seed_size", bits=seed.bit_length(), most=SEED_BITS)
    return seed


def check_record(record: Any) -> dict[str, Any]:
    """`record` if it has the shape of a game record (an object with a string "game",
    "players", an integer "seed", "options" an object or null (the defaults), "actions"
    a list of move names, and a "format" this keizai reads, `keizai.engine.made_by`),
    else InvalidSetup.
    The game, players, options and actions themselves are checked by `replay`."""
    if not isinstance(record, dict):
        raise InvalidSetup.refuse("setup.record")
    for key in ("game", "players", "seed", "actions"):
        if key not in record:
            raise InvalidSetup.refuse("setup.record_key", key=repr(key))
    if not isinstance(record["game"], str):  # a list or an object: no id, not even unknown
        raise InvalidSetup.refuse("setup.record_game", value=shown(record["game"]))
    if not isinstance(record["actions"], list):
        raise InvalidSetup.refuse("setup.record_actions")
    for step, name in enumerate(record["actions"]):
        if type(name) is not str:  # an index names another move in another action space
            raise InvalidSetup.refuse("setup.record_action_name", action=step + 1,
                                      name=shown(name))
    check_seed(record["seed"])  # null would be a new random seed: another game
    options = record.get("options")
    if options is not None and not isinstance(options, dict):
        raise InvalidSetup.refuse("setup.options", value=shown(options))
    check_made_by(record)
    return record


def parse_record(text: str | bytes) -> dict[str, Any]:
    """A game record from the text of a record file (JSON; bytes are read as UTF-8, with
    or without a byte-order mark), its shape checked (`check_record`); anything else,
    however malformed (not UTF-8, not JSON, nested thousands deep, a number of thousands
    of digits, a key named twice), is an InvalidSetup with a clear reason. `replay`
    rebuilds the game."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        record = json.loads(text.removeprefix("\ufeff"), parse_int=_short_int,
                            object_pairs_hook=_once_each)
    except _KeyTwice as twice:
        raise InvalidSetup.refuse("setup.record_twice", key=repr(twice.key)) from None
    except UnicodeDecodeError:
        raise InvalidSetup.refuse("setup.record_utf8") from None
    except RecursionError:
        raise InvalidSetup.refuse("setup.record_nested") from None
    except _LongNumber:
        raise InvalidSetup.refuse("setup.record_number", most=_MAX_DIGITS) from None
    except json.JSONDecodeError as error:
        raise InvalidSetup.refuse("setup.record_json", line=error.lineno,
                                  column=error.colno) from None
    return check_record(record)


class _LongNumber(Exception):
    pass


class _KeyTwice(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the record's text, each of whose keys it names once: JSON readers
    keep one of two values (Python's the last), so a hand-edited save with two seeds
    replayed one deal where its author meant the other, and blamed a move for it."""
    found = dict(pairs)
    if len(found) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _KeyTwice(key)
            seen.add(key)
    return found


def _short_int(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise _LongNumber
    return int(digits)


def replay(record: dict[str, Any], log: bool = True) -> State:
    """Rebuild a state from its record, action by action (each one checked). `log`
    False: without the event log (`State.log_enabled`; faster, for a check that needs
    only the position)."""
    check_record(record)
    with naming_its_keizai(record):
        state = _set_up(record, log)
        for step, name in enumerate(record["actions"]):
            _apply_recorded(state, step, name)
    return state


@dataclass(frozen=True)
class Outline:
    """What a replay viewer needs of every step of a record, found in one pass: where it
    steps by round, and who took each action."""

    rounds: tuple[int | None, ...]     # the round (`Game.round_number`) after 0, 1, ... actions
    movers: tuple[int | None, ...]     # the seat that took the 1st, 2nd, ... action
    round_starts: tuple[int, ...]      # the steps (numbers of actions) where a round begins


def replay_outline(record: dict[str, Any]) -> Outline:
    """The record's `Outline`, from one replay without the event log (each action checked)."""
    check_record(record)
    with naming_its_keizai(record):
        state = _set_up(record, log=False)
        round_number = state.game.round_number
        rounds, movers = [round_number(state)], []
        for step, name in enumerate(record["actions"]):
            movers.append(state.current_player)
            _apply_recorded(state, step, name)
            rounds.append(round_number(state))
    return Outline(tuple(rounds), tuple(movers), round_starts(rounds))


def round_starts(rounds: Sequence[int | None]) -> tuple[int, ...]:
    """The steps at which a round begins, from `rounds`, the round after 0, 1, ... actions
    (`Outline.rounds`): where a replay steps by round."""
    return tuple(k for k in range(1, len(rounds)) if rounds[k] != rounds[k - 1])


def _set_up(record: dict[str, Any], log: bool) -> State:
    state = new_game(record["game"], record["players"], record["seed"], record.get("options"))
    state.log_enabled = log
    return state


def _apply_recorded(state: State, step: int, name: object) -> None:
    """Apply the record's `step`th action (from 0) as `State.apply` checks it. A known name
    goes in as its index: `apply` checks an index as it checks a name (the same refusals),
    without `Game.to_action`'s decoding in plain Python."""
    known = state.game.action_space.by_name(name) if type(name) is str else None
    try:
        state.apply(name if known is None else known.index)
    except IllegalAction as error:
        # numbered from 1, as a person counts: "the 3rd action", 「3 番目の行動」
        raise IllegalAction.refuse("refuse.record_action", action=step + 1,
                                   name=shown(name), why=error.to_json()) from None
