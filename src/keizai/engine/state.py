"""The engine contract, part two: a `State`, one position of a game.

This module is compiled with mypyc at install (setup.py); games written
in plain Python subclass it all the same.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, SupportsIndex

from keizai.engine.action import Action
from keizai.engine.decision import PendingDecision
from keizai.engine.errors import IllegalAction
from keizai.engine.integers import as_integer
from keizai.engine.made_by import made_by
from keizai.engine.rng import Rng, SmallDraws, state_lazy_draws, state_rng
from keizai.i18n import Message, render

try:  # only present where mypy is installed, i.e. when the engine is compiled with mypyc
    from mypy_extensions import mypyc_attr
except ImportError:  # plain Python: the engine needs nothing outside the standard library

    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls

ActionLike = Action | int | str

# A seat as a caller may give it (an int, or NumPy's integer of a loop over np.arange), or
# None for a spectator: `check_viewer` reads it as the int it is.
Viewer = SupportsIndex | None

# An event: (seat it is private to or None, what everyone reads, what that seat reads).
# Each part is a catalogue message (id, params), rendered in the reader's language only
# when read (keizai.i18n), or a plain English string (older code).
Event = tuple[int | None, Message | str, Message | str | None]


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One position of a game. Subclasses implement the underscore methods.

    States pickle and deep-copy in both builds (a bot thinking in another process, an
    OpenSpiel serialization): the game goes by its id, and every class a state holds can
    be created without arguments, because mypyc builds an object through `__init__`
    before it restores the attributes."""

    __slots__ = ("_events", "_legal", "game", "history", "lazy_draws", "log_enabled", "num_players",
                 "options", "own_hand_reveals", "reveals", "rng", "seed")

    def __init__(self, game: Any, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = players
        self.seed = seed
        self.options = options
        # Any: tests script the chance (see the rule tests), and the OpenSpiel adapter
        # turns draws into chance nodes (`rng.drawing_from`).
        self.rng: Any = state_rng(seed)
        # Draw-time chance (set by `rng.drawing_from(source, lazy_draws=True)`, kept by
        # clones): a face-down pile is not ordered when shuffled; the undecided part of a
        # pile is kept sorted, and a card is drawn from it only when it is drawn
        # (`_shuffle_pile`, `_pick_undecided`). Off, every pile is ordered by its shuffle
        # as on the table, and every seeded game draws exactly as before.
        self.lazy_draws: bool = state_lazy_draws()
        self.history: list[int] = []
        self._events: list[Event] = []
        self._legal: list[int] | None = None
        self.log_enabled = True
        # Counts the moments chance or hidden information became visible after set-up (a
        # card drawn or revealed, a die rolled): undo never goes back past one.
        self.reveals = 0
        # Of those, the moments a card left the hand of the seat deciding that step (a
        # building built, a card paid): news to every seat but that one, so it does not
        # stop that seat's own undo (see `revealed_to`).
        self.own_hand_reveals = 0

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
    def view(self, seat: Viewer) -> dict[str, Any]:
        """JSON-ready dict of what `seat` may know (None: a spectator). A seat the game
        does not have is refused (`check_viewer`)."""

    def check_viewer(self, seat: Viewer) -> int | None:
        """`seat` as the Python int it is (any integer type: NumPy's too) if it is one of
        the game's seats, or None (a spectator); else ValueError. A game's `view`,
        `determinize` and `events` call it first and go on with what it returns. Without
        it, a seat the game does not have (-1, 5) was shown a spectator's view marked with
        that seat, and given a sample that resampled every hand, silently wrong answers to
        a caller that took -1 for the last seat; and a NumPy seat went into the view as
        np.int64, which json.dumps refuses."""
        if seat is None:
            return None
        index = seat if type(seat) is int else as_integer(seat)
        if index is None or not 0 <= index < self.num_players:
            raise ValueError(f"seat must be one of the game's seats, 0 to "
                             f"{self.num_players - 1}, or None for a spectator (given: {seat})")
        return index

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def determinize(self, seat: Viewer, rng: Any) -> State:
        """A clone whose hidden information (and future chance) is resampled so that
        `view(seat)` is unchanged. The sample must depend only on what `seat` may know and
        on `rng` (not on the true hidden arrangement), so fair searchers are reproducible.
        A seat the game does not have is refused (`check_viewer`)."""

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise AssertionError when a conservation invariant (money, cards, tokens) is
        broken. The conformance tests call it after every action of thousands of games."""

    def tie_break_order(self) -> list[int]:
        """Seats in the order that wins ties (default: seat order)."""
        return list(range(self.num_players))

    def pending_decision(self) -> PendingDecision | None:
        """The pending compound decision described whole (pay 3 cards from these, sell
        buildings worth $12 from these, ...), or None when the decision is a plain atomic
        choice (or the game is over).
        Hidden information: it lists what the deciding seat may see, so a face shows it
        to that seat only. Games with compound decisions override this."""
        return None

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal now, in English (see `refusal`)."""
        return str(self.refusal(action))

    def refusal(self, action: Action) -> IllegalAction:
        """Why `action` is not legal now, as a refusal with a catalogue reason (rendered in
        each reader's language); games may say more."""
        return IllegalAction.refuse("refuse.not_legal_now", game=self.game.id,
                                    action=action.name)

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

    def apply(self, action: ActionLike | object) -> None:
        """Apply one decision of the current player (an Action, its index or its name);
        IllegalAction leaves the state as it was."""
        if type(action) is int:  # a legal index (not a bool) needs no decoding
            legal = self._legal
            if legal is None:
                legal = self.legal_indices()
            if action in legal and not self.is_over:
                self._legal = None
                self.history.append(action)
                self._apply(action)
                return
        chosen = self.game.to_action(action)
        if self.is_over:
            raise IllegalAction.refuse("refuse.game_over")
        if chosen.index not in self.legal_indices():
            raise self.refusal(chosen)
        self._legal = None
        self.history.append(chosen.index)
        self._apply(chosen.index)

    def apply_index(self, index: int) -> None:
        """Apply a legal action index without re-checking it (search and simulation)."""
        self._legal = None
        self.history.append(index)
        self._apply(index)

    def play_out(self, rng: Rng, max_steps: int = -1) -> int:
        """Play uniformly random legal actions until the game ends, or for at most
        `max_steps` actions when that is not negative; returns the number played. The
        fast path of random rollouts: no call back into the caller per step, and the
        choices drawn with `SmallDraws(rng)` (deterministic for a given `rng`)."""
        draws = SmallDraws(rng)
        played = 0
        while not self.is_over and played != max_steps:
            legal = self.legal_indices()
            self.apply_index(legal[draws.below(len(legal))])
            played += 1
        return played

    def ranking(self) -> list[int]:
        """Seats best first; ties go to the earlier seat of `tie_break_order()`."""
        totals = [s["total"] for s in self.scores()]
        order = self.tie_break_order()
        position = {seat: i for i, seat in enumerate(order)}
        return sorted(range(self.num_players), key=lambda s: (-totals[s], position[s]))

    def places(self) -> list[list[int]]:
        """Seats grouped by place, best first: `[[0, 1], [2]]` means seats 0 and 1 share
        first place and seat 2 is third. By default every place holds one seat, in the
        order of `ranking()` (the game's own tie-breaker); a game without a tie-breaker
        overrides this to share places (see `shared_places`)."""
        return [[seat] for seat in self.ranking()]

    def shared_places(self) -> list[list[int]]:
        """`ranking()` with seats of equal total in one shared place (for games whose
        rules break no tie)."""
        totals = [s["total"] for s in self.scores()]
        grouped: list[list[int]] = []
        for seat in self.ranking():
            if grouped and totals[grouped[-1][0]] == totals[seat]:
                grouped[-1].append(seat)
            else:
                grouped.append([seat])
        return grouped

    def winners(self) -> list[int]:
        """The seats that win: the first place of `places()` (several seats on a shared
        victory)."""
        return list(self.places()[0])

    def record(self) -> dict[str, Any]:
        if self.lazy_draws:
            # An OpenSpiel state: its draws were chance outcomes, not its seed's
            raise ValueError(
                "this state drew its cards and dice from chance outcomes chosen outside it "
                "(OpenSpiel's chance nodes), not from its seed, so no record replays it: "
                "keep the OpenSpiel state's history() (or pyspiel.serialize_game_and_state)")
        names = self.game.action_space.actions
        record = {
            **made_by(),  # its format and this keizai's version (docs/records.md)
            "game": self.game.id,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [names[i].name for i in self.history],
        }
        if self.is_over:   # what its replay must reach: another keizai's rules may not
            record["scores"] = [row["total"] for row in self.scores()]
        return record

    def log(self, seat: Viewer = None, lang: str = "en") -> list[str]:
        """The event log as `seat` may read it (private parts only for their owner), in
        `lang` (en, ja or zh-TW)."""
        return [render(entry, lang) for entry in self.events(seat)]

    def events(self, seat: Viewer = None) -> list[Message | str]:
        """The event log as `seat` may read it, as catalogue messages (id, params) for a
        face to render in its reader's language (see keizai.i18n). A seat the game does
        not have is refused (`check_viewer`)."""
        reader = self.check_viewer(seat)
        return [
            private if (private is not None and owner == reader) else public
            for owner, public, private in self._events
        ]

    def events_since(self, seat: Viewer, start: int) -> list[Message | str]:
        """`events(seat)[start:]` without building the whole log (a face that already
        has the first `start` entries asks only for the new ones)."""
        reader = self.check_viewer(seat)
        return [
            private if (private is not None and owner == reader) else public
            for owner, public, private in self._events[start:]
        ]

    def event_count(self) -> int:
        """How many entries the event log has (the same for every seat)."""
        return len(self._events)

    # ----- helpers for subclasses ----------------------------------------------------
    def _shuffle_pile(self, pile: list[int]) -> int:
        """Shuffle a face-down pile; returns how many of its cards, from index 0, are
        undecided: none normally (the shuffle ordered them, as on the table), all of them
        with `lazy_draws` (sorted, so their order tells nothing)."""
        if self.lazy_draws:
            pile.sort()
            return len(pile)
        self.rng.shuffle(pile)
        return 0

    def _pick_undecided(self, pile: list[int], undecided: int) -> int:
        """Remove and return a card drawn from the `undecided` first cards of `pile` (each
        equally likely, through the state's draw source); they stay sorted."""
        return pile.pop(self.rng.pick(pile, 0, undecided))

    def _event(self, public: Message | str, seat: int | None = None,
               private: Message | str | None = None) -> None:
        if self.log_enabled:
            self._events.append((seat, public, private))

    def _reveal_own_hand(self) -> None:
        """Count a card leaving the hidden hand of the seat deciding this step."""
        self.reveals += 1
        self.own_hand_reveals += 1

    def _copy_base_into(self, twin: State) -> None:
        twin.game = self.game
        twin.num_players = self.num_players
        twin.seed = self.seed
        twin.options = self.options
        twin.rng = self.rng.copy()
        twin.lazy_draws = self.lazy_draws
        twin.history = self.history.copy()
        twin._events = self._events.copy()
        twin._legal = self._legal
        twin.log_enabled = self.log_enabled
        twin.reveals = self.reveals
        twin.own_hand_reveals = self.own_hand_reveals
