"""The engine contract, part one: a `Game`, the static description of a game (its id,
player counts, options and action space) that creates its states.

Everything above the engine — agents, simulation, storage, the terminal, the web and the
RL adapters — talks to games only through `Game` and `State` (keizai.engine.state).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from keizai.engine.action import Action, ActionSpace
from keizai.engine.decision import PendingDecision
from keizai.engine.errors import IllegalAction, InvalidSetup
from keizai.engine.errors import shown as _shown
from keizai.engine.integers import as_integer, as_truth
from keizai.engine.state import State
from keizai.i18n import Message, action_label


class Game(ABC):
    """A registered game: its id, player counts, options and action space."""

    id: str
    title: str
    min_players: int
    max_players: int
    has_hidden_information: bool = True
    # Whether `round_number` counts the turns (企業帝國's table "Turn n"), not rounds of
    # several turns: a replay's turn keys step by them, and it has no round keys.
    rounds_are_turns: bool = False

    def __init__(self, action_space: ActionSpace) -> None:
        self.action_space = action_space

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) by its id: a state sent to another process, or
        copied, refers to that process's registered game, not a copy of its tables."""
        return (_registered_game, (self.id,))

    @property
    def num_distinct_actions(self) -> int:
        return len(self.action_space)

    def encode(self, action: Action) -> int:
        return action.index

    def decode(self, index: int) -> Action:
        return self.action_space.decode(index)

    def to_action(self, value: object) -> Action:
        """An `Action` of this game from an Action, its index or its JSON name (anything
        else, e.g. a malformed network message, raises IllegalAction). The index may be
        any integer type (`as_integer`: NumPy's, as a policy's argmax gives it); a
        bool, a float and an array of more than one number are no index."""
        if isinstance(value, Action):
            known = self.action_space.by_name(value.name)
            if known is None or known.index != value.index:
                raise IllegalAction.refuse("refuse.not_an_action_of", value=_shown(value.name),
                                            game=self.id)
            return known
        if isinstance(value, bool):
            raise IllegalAction.refuse("refuse.not_an_action", value=_shown(value))
        if isinstance(value, int):
            if 0 <= value < len(self.action_space):
                return self.action_space.decode(value)
            raise IllegalAction.refuse("refuse.index_out_of_range", value=_shown(value),
                                        game=self.id, last=len(self.action_space) - 1)
        if isinstance(value, str):
            found = self.action_space.by_name(value)
            if found is None:
                raise IllegalAction.refuse("refuse.not_an_action_of", value=_shown(value),
                                            game=self.id)
            return found
        index = as_integer(value)  # another integer type: NumPy's
        if index is None:
            raise IllegalAction.refuse("refuse.not_an_action", value=_shown(value))
        return self.to_action(index)

    def default_options(self) -> dict[str, Any]:
        return {}

    def option_choices(self) -> dict[str, list[Any]]:
        """The options that take one of a few values: option → every value it takes (the
        default among them), so that a face offers a list instead of a box to type in.
        Default: none."""
        return {}

    def option_bounds(self) -> dict[str, tuple[int, int]]:
        """The options that take a whole number: option → the least and the most it takes
        (a face's number box says both). A game names a bound for every such option, so
        that no request can make a game run, and its record grow, past any real game's
        length. Default: none."""
        return {}

    def render_text(self, view: dict[str, Any], lang: str = "en", width: int = 80) -> str:
        """A plain-text picture of a view for the terminal in `lang` (en, ja, zh-TW; a game
        may show some of it in English only); games override it. `width`: the terminal's
        columns, which a drawing (企業帝國's board) fits in; a line of text may be longer
        (the terminal folds it)."""
        import json

        return json.dumps(view, indent=1, ensure_ascii=False)

    def describe_action(self, view: dict[str, Any], action: Action, lang: str = "en") -> str:
        """An action as a menu line in `lang`, with the figures of `view` that decide it
        (what a tile yields, what a house costs); games override it. Default: the label."""
        if lang == "en":
            return action.label
        return action_label(self.id, action.name, lang, action.label)

    def ends_seat(self, action: Action) -> bool:
        """Whether `action` ends its seat's own game for good (Futuropia's Stop): a face
        asks the player to confirm it before applying it. Default: no action does."""
        return False

    def menu_order(self, view: dict[str, Any], actions: list[Action]) -> list[Action]:
        """The legal actions in the order the table shows their places (a menu that
        follows the board); games override it. Default: the canonical order."""
        return actions

    def view_padding(self, view: dict[str, Any]) -> int:
        """How many bytes a seat's `view` lacks of the widest its hidden part (its hand)
        could be, given what the view shows everyone: a frontend sends that many bytes
        of padding with it, so that a message's length, which TLS does not hide, tells
        nothing hidden (`keizai.engine.lengths`). Default: 0, the game hides nothing."""
        return 0

    def legal_room(self, view: dict[str, Any]) -> list[tuple[list[Action], int]] | None:
        """What the legal moves of the seat whose turn it is could be, given only what its
        `view` shows everyone (never its hand): groups of actions, each with how many of
        them at most are legal at once; every legal action is in a group. A frontend pads
        the moves it sends to the widest they could be (`keizai.web.padding`): they name
        the cards the seat may build or pay. None (the default): the legal moves tell
        nothing hidden."""
        return None

    def decision_padding(self, view: dict[str, Any], decision: PendingDecision) -> int:
        """How many bytes the seat's compound `decision` as JSON lacks of the widest it
        could be, given only what its `view` shows everyone (the cards it may pay: at most
        as many kinds as it holds cards): a frontend pads the decision it sends by that
        many. Never below 0 when the widest holds `decision`. Default: 0, the decision
        tells nothing hidden."""
        return 0

    def private_entry_room(self, public: Message | str, private: Message | str
                           ) -> list[Message | str]:
        """The log entries a seat could be shown in place of `public` (its own draws,
        naming the cards), given only `public`: the widest as JSON and the widest as an
        English line are among them, so a frontend pads `private` to them. Default:
        `private` alone, for a game whose private entries tell nothing by length."""
        return [private]

    def round_number(self, state: State) -> int | None:
        """The round `state` is in, from 1, as the game counts them (National Economy's
        rounds, 企業帝國's turns): what a replay steps by. None: the game has no rounds
        (the default)."""
        return None

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults merged with `options`; unknown keys, wrong types and whole numbers out
        of `option_bounds` raise ValueError. A whole number may be any integer type
        (`as_integer`: NumPy's too), kept as the Python int it is; a true/false option
        a NumPy bool too (`as_truth`), kept as the Python bool it is."""
        resolved = self.default_options()
        if options is not None and not isinstance(options, dict):
            raise InvalidSetup.refuse("setup.options", value=_shown(options))
        for key, value in (options or {}).items():
            if key not in resolved:
                raise InvalidSetup.refuse("setup.unknown_option", option=_shown(key),
                                          game=self.id, known=sorted(resolved) or ["none"])
            expected = type(resolved[key])
            if expected is int and not isinstance(value, int):
                index = as_integer(value)  # NumPy's integers: the int they are (a sweep)
                value = value if index is None else index
            elif expected is bool and not isinstance(value, bool):
                truth = as_truth(value)  # NumPy's bools: the bool they are (a sweep)
                value = value if truth is None else truth
            if resolved[key] is not None and not isinstance(value, expected):
                raise InvalidSetup.refuse("setup.option_type", option=repr(key),
                                          type=expected.__name__, value=_shown(value))
            resolved[key] = value
        for key, (least, most) in self.option_bounds().items():
            value = resolved[key]
            if isinstance(value, bool) or not isinstance(value, int) \
                    or not least <= value <= most:
                raise InvalidSetup.refuse("setup.option_range", option=repr(key),
                                          least=least, most=most, value=_shown(value))
        return resolved

    def check_players(self, players: object) -> int:
        """`players` as the Python int it is if this game takes that many players (any
        integer type, `as_integer`: NumPy's too, as a sweep over np.arange gives them),
        else InvalidSetup."""
        count = as_integer(players)
        if count is None:
            raise InvalidSetup.refuse("setup.players_type", value=_shown(players))
        if not self.min_players <= count <= self.max_players:
            raise InvalidSetup.refuse("setup.players", game=self.id, least=self.min_players,
                                      most=self.max_players, players=count)
        return count

    @abstractmethod
    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """The initial state (options already resolved, players already checked)."""


def _registered_game(game_id: str) -> Game:
    from keizai.engine.registry import get_game  # the registry imports this module

    return get_game(game_id)
