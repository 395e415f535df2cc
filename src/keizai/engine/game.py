"""The engine contract: a `Game` (static description) and its `State` (one position).

Everything above the engine — agents, simulation, storage, the terminal, the web and the
RL adapters — talks to games only through these two classes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from keizai.engine.action import Action, ActionSpace
from keizai.engine.errors import IllegalAction
from keizai.engine.rng import Rng

ActionLike = Action | int | str

# An event: (seat it is private to or None, text everyone reads, text that seat reads).
Event = tuple[int | None, str, str | None]


class Game(ABC):
    """A registered game: its id, player counts, options and action space."""

    id: str
    title: str
    min_players: int
    max_players: int
    has_hidden_information: bool = True

    def __init__(self, action_space: ActionSpace) -> None:
        self.action_space = action_space

    @property
    def num_distinct_actions(self) -> int:
        return len(self.action_space)

    def encode(self, action: Action) -> int:
        return action.index

    def decode(self, index: int) -> Action:
        return self.action_space.decode(index)

    def to_action(self, value: ActionLike) -> Action:
        """An `Action` of this game from an Action, its index or its JSON name."""
        if isinstance(value, Action):
            known = self.action_space.by_name(value.name)
            if known is None or known.index != value.index:
                raise IllegalAction(f"{value.name!r} is not an action of {self.id}")
            return known
        if isinstance(value, bool):
            raise IllegalAction(f"{value!r} is not an action")
        if isinstance(value, int):
            if 0 <= value < len(self.action_space):
                return self.action_space.decode(value)
            raise IllegalAction(f"action index {value} is out of range for {self.id}")
        if isinstance(value, str):
            found = self.action_space.by_name(value)
            if found is None:
                raise IllegalAction(f"{value!r} is not an action of {self.id}")
            return found
        raise IllegalAction(f"{value!r} is not an action")

    def default_options(self) -> dict[str, Any]:
        return {}

    def render_text(self, view: dict[str, Any]) -> str:
        """A plain-text picture of a view for the terminal; games override it."""
        import json

        return json.dumps(view, indent=1, ensure_ascii=False)

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults merged with `options`; unknown keys and wrong types raise ValueError."""
        resolved = self.default_options()
        for key, value in (options or {}).items():
            if key not in resolved:
                known = ", ".join(sorted(resolved)) or "none"
                raise ValueError(f"unknown option {key!r} for {self.id} (known: {known})")
            expected = type(resolved[key])
            if resolved[key] is not None and not isinstance(value, expected):
                raise ValueError(f"option {key!r} must be {expected.__name__}, not {value!r}")
            resolved[key] = value
        return resolved

    def check_players(self, players: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id} is for {self.min_players}-{self.max_players} players, not {players}"
            )

    @abstractmethod
    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """The initial state (options already resolved, players already checked)."""


class State(ABC):
    """One position of a game. Subclasses implement the underscore methods."""

    __slots__ = ("_events", "_legal", "game", "history", "log_enabled", "num_players", "options",
                 "rng", "seed")

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history: list[int] = []
        self._events: list[Event] = []
        self._legal: list[int] | None = None
        self.log_enabled = True

    # ----- what subclasses provide -------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat whose decision it is; None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def _legal_indices(self) -> list[int]:
        """Indices of the legal actions, in the game's canonical order."""

    @abstractmethod
    def _apply(self, index: int) -> None:
        """Apply a legal action (already checked)."""

    @abstractmethod
    def scores(self) -> list[dict[str, int]]:
        """Per seat a breakdown with a "total" key; final once the game is over."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready dict of what `seat` may know (None: a spectator)."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def determinize(self, seat: int | None, rng: Any) -> State:
        """A clone whose hidden information (and future chance) is resampled so that
        `view(seat)` is unchanged. The sample must depend only on what `seat` may know and
        on `rng` (not on the true hidden arrangement), so fair searchers are reproducible."""

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise AssertionError when a conservation invariant (money, cards, tokens) is
        broken. The conformance tests call it after every action of thousands of games."""

    def tie_break_order(self) -> list[int]:
        """Seats in the order that wins ties (default: seat order)."""
        return list(range(self.num_players))

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal now; games may say more."""
        return f"{action} is not a legal action now"

    # ----- the contract, shared by every game ---------------------------------------
    def legal_indices(self) -> list[int]:
        """Legal action indices (do not mutate the returned list)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_indices()
        return legal

    def legal_actions(self) -> list[Action]:
        decode = self.game.action_space.actions
        return [decode[i] for i in self.legal_indices()]

    def apply(self, action: ActionLike) -> None:
        """Apply one decision of the current player; IllegalAction leaves the state as it was."""
        chosen = self.game.to_action(action)
        if self.is_over:
            raise IllegalAction("the game is over")
        if chosen.index not in self.legal_indices():
            raise IllegalAction(self.explain_illegal(chosen))
        self._legal = None
        self.history.append(chosen.index)
        self._apply(chosen.index)

    def apply_index(self, index: int) -> None:
        """Apply a legal action index without re-checking it (search and simulation)."""
        self._legal = None
        self.history.append(index)
        self._apply(index)

    def ranking(self) -> list[int]:
        """Seats best first; ties go to the earlier seat of `tie_break_order()`."""
        totals = [s["total"] for s in self.scores()]
        order = self.tie_break_order()
        position = {seat: i for i, seat in enumerate(order)}
        return sorted(range(self.num_players), key=lambda s: (-totals[s], position[s]))

    def record(self) -> dict[str, Any]:
        names = self.game.action_space.actions
        return {
            "game": self.game.id,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [names[i].name for i in self.history],
        }

    def log(self, seat: int | None = None) -> list[str]:
        """The event log as `seat` may read it (private parts only for their owner)."""
        return [
            private if (private is not None and owner == seat) else public
            for owner, public, private in self._events
        ]

    # ----- helpers for subclasses ----------------------------------------------------
    def _event(self, public: str, seat: int | None = None, private: str | None = None) -> None:
        if self.log_enabled:
            self._events.append((seat, public, private))

    def _copy_base_into(self, twin: State) -> None:
        twin.game = self.game
        twin.num_players = self.num_players
        twin.seed = self.seed
        twin.options = self.options
        twin.rng = self.rng.copy()
        twin.history = self.history.copy()
        twin._events = self._events.copy()
        twin._legal = self._legal
        twin.log_enabled = self.log_enabled
