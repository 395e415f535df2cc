"""Every keizai game as an OpenSpiel Python game (`pyspiel`), so OpenSpiel's algorithms
run on it.

Registered names are "keizai_" + the game id with "/" and "-" as "_", e.g.
`pyspiel.load_game("keizai_national_economy_progress", {"players": 3})`.

Choices, and why:
- Chance is *explicit*: every draw a game makes is a chance node with its outcome
  probabilities. A draw `randbelow(n)` is one node of n equally likely outcomes; a
  shuffle of k items (only public orders are shuffled, see below) is the k - 1 draws of
  its Fisher–Yates shuffle (a uniform permutation, as the engine's own). The set-up is
  the chance nodes at the start, so `new_initial_state()` is the same state every call,
  and `state.history()` (player actions and chance outcomes) replays, serializes and
  deserializes. The adapter gives the engine state a draw source that answers from the
  outcomes already chosen and otherwise stops the move (`_NeedDraw`, which names the
  draws it knows are next: the rest of a shuffle); the move is run again from a clone
  once those outcomes are chosen. Set-up draws reach the source through
  `keizai.engine.drawing_from(source, lazy_draws=True)`.
- Draw-time chance (`State.lazy_draws`): the engine states never order a face-down pile;
  its undecided cards stay sorted and a card is drawn from them when it is drawn, one
  chance node whose outcomes are the distinct cards there (outcome id: the card's type
  index) weighted by their copies (`ChanceDraws.pick`). So no state, and no clone, holds
  a future card: OpenSpiel's MCTSBot on the true state samples the next card (it still
  sees the other hands). Cards whose place is known (the solo set-aside card on top,
  cards put under a pile) keep it. Fair search samples what a seat cannot see:
  `resample_from_infostate` is the engine's `determinize` (OpenSpiel's Python ISMCTS).
- Information is imperfect, except for games that declare none hidden
  (`Game.has_hidden_information`, e.g. Futuropia: perfect information). Observations
  (tensor and string) come from the seat's view only: the tensor is the game's
  observation encoder (its fields are the observation's `dict`), the string is the view
  as JSON. The information-state string is the seat's own action-observation history:
  its own actions ("a<index>") and a digest of each new view it saw ("o<16 hex>"),
  oldest first; tensor form is not provided.
- Game parameters: "players" and the game's own options (`Game.default_options`). An
  option whose default is None or a list is a string parameter: "none" for None, a list
  of ids joined by "+" (e.g. "X1+X4"), or another word the game takes (e.g. "random").
- Utility is win/loss (`keizai.rl.rewards`): the winners above the others, summing to
  exactly 0.0 (zero-sum); solo: +1 for a win, -1 for a loss (general-sum, the only
  player).
- `max_game_length` (chance nodes included) and `max_chance_outcomes` are generous
  bounds, not proven ones; a draw above the latter raises rather than go unmodelled.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from keizai.rl.extra import needs_rl_extra

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as error:
    raise needs_rl_extra(error) from error

import keizai
from keizai.engine import Game, IllegalAction, Rng, State, drawing_from
from keizai.rl.observations import ObservationEncoder, encoder_for, supported_games
from keizai.rl.rewards import final_rewards

# No game bounds its length through the engine contract; this is far above any game
# seen (random 4-player 企業帝國 games take about 1,000 decisions and draws).
MAX_GAME_LENGTH = 20_000
SETUP = -1  # the pending "move" of the set-up draws
NONE_PARAM = "none"
# OpenSpiel's player ids (IntEnum members; pyspiel has no stubs, so typed here)
CHANCE: int = pyspiel.PlayerId.CHANCE
TERMINAL: int = pyspiel.PlayerId.TERMINAL


def openspiel_name(game_id: str) -> str:
    return "keizai_" + game_id.replace("/", "_").replace("-", "_")


# ----- game parameters <-> keizai options ----------------------------------------------
def _param_value(value: bool | int | float | str | list[Any] | None) -> bool | int | float | str:
    """An option value as an OpenSpiel parameter (which knows no None and no list)."""
    if value is None:
        return NONE_PARAM
    if isinstance(value, list):
        return "+".join(str(item) for item in value)
    return value


def _option_value(default: Any, value: Any) -> Any:
    """An OpenSpiel parameter back as the option value (see the module notes)."""
    if (default is None or isinstance(default, list)) and isinstance(value, str):
        if value == NONE_PARAM:
            return None
        if "+" in value or isinstance(default, list):
            return [item for item in value.split("+") if item]
        if value not in ("random",):
            return [value]
    return value


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": max(2, game.min_players)}
    params.update({key: _param_value(value) for key, value in game.default_options().items()})
    return params


def _checked_parameters(game: Game, params: dict[str, Any]) -> dict[str, Any]:
    """The game's parameters with `params` over them, refused (SpielError) as
    `pyspiel.load_game` refuses them: an unknown name, a value of another type than the
    default's. A game built directly (`KeizaiSpielGame(params, game_id=...)`) is not
    checked by pyspiel, and its `str(game)`, which a pickle holds, must load again."""
    spec = _parameters(game)
    for name, value in params.items():
        if name not in spec:
            raise pyspiel.SpielError(f"Unknown parameter '{name}'. Available parameters "
                                     f"are: {', '.join(sorted(spec))}")
        if type(value) is not type(spec[name]):
            raise pyspiel.SpielError(f"Wrong type for parameter {name}: expected "
                                     f"{type(spec[name]).__name__}, got {value!r}")
    return {**spec, **params}


def _game_type(game_id: str, solo: bool) -> pyspiel.GameType:
    game = keizai.get_game(game_id)
    return pyspiel.GameType(
        short_name=openspiel_name(game_id),
        long_name=f"keizai {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if game.has_hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if solo
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


# ----- draws as chance nodes -------------------------------------------------------------
# A draw's outcomes: n (0 .. n-1, equally likely) or (outcome, probability) pairs.
Draw = int | tuple[tuple[int, float], ...]


def _draw_outcomes(draw: Draw) -> list[tuple[int, float]]:
    if isinstance(draw, int):
        return [(outcome, 1.0 / draw) for outcome in range(draw)]
    return list(draw)


def _draw_size(draw: Draw) -> int:
    """The number of chance outcome ids the draw needs (its largest outcome + 1)."""
    return draw if isinstance(draw, int) else draw[-1][0] + 1


def _is_outcome(draw: Draw, outcome: int) -> bool:
    if isinstance(draw, int):
        return 0 <= outcome < draw
    return any(outcome == known for known, _ in draw)


class _NeedDraw(RuntimeError):
    """A move asked for a draw whose outcome is not chosen yet."""

    def __init__(self, bounds: list[Draw]) -> None:
        super().__init__(f"a draw of {len(_draw_outcomes(bounds[0]))} outcomes is a chance "
                         "node: apply moves through the OpenSpiel state, not its keizai_state")
        self.bounds = bounds  # the next draws' outcomes, in order


class ChanceDraws:
    """The draw source of an engine state inside OpenSpiel: answers the draws of one move
    from the chance outcomes chosen so far, and raises `_NeedDraw` for the next one.
    Has the draw methods games call (`randbelow`, `shuffle`, `choice`)."""

    __slots__ = ("outcomes", "used")

    def __init__(self, outcomes: list[int] | tuple[int, ...] = ()) -> None:
        self.outcomes = outcomes
        self.used = 0

    def randbelow(self, n: int) -> int:
        if n < 1:
            raise ValueError(f"randbelow({n})")
        if n == 1:
            return 0
        if self.used == len(self.outcomes):
            raise _NeedDraw([n])
        outcome = self.outcomes[self.used]
        if not 0 <= outcome < n:
            raise IllegalAction(f"chance outcome {outcome} is not below {n}")
        self.used += 1
        return outcome

    randrange = randbelow

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates, one chance node per swap (the engine's `Rng.shuffle` order).
        The bounds of its draws do not depend on their outcomes, so a shuffle that runs
        out of outcomes names all its remaining draws at once."""
        for i in range(len(items) - 1, 0, -1):
            if self.used == len(self.outcomes):
                raise _NeedDraw(list(range(i + 1, 1, -1)))
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[Any]) -> Any:
        return items[self.randbelow(len(items))]

    def pick(self, pile: list[int], start: int, count: int) -> int:
        """A card drawn from the undecided (sorted) `pile[start:start + count]`: one chance
        node whose outcomes are the distinct cards there, each as likely as its copies
        are many; returns the index of one copy of the chosen card."""
        if count == 1:
            return start
        if self.used == len(self.outcomes):
            cards = pile[start:start + count]
            raise _NeedDraw([tuple((card, cards.count(card) / count)
                                   for card in sorted(set(cards)))])
        card = self.outcomes[self.used]
        try:
            index = pile.index(card, start, start + count)
        except ValueError:
            raise IllegalAction(f"chance outcome {card} is not an undecided card") from None
        self.used += 1
        return index

    def copy(self) -> ChanceDraws:
        return ChanceDraws(self.outcomes[self.used:])


class _LargestDraw:
    """A real generator that remembers the largest bound asked for (sizes the chance)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.largest = 1

    def randbelow(self, n: int) -> int:
        self.largest = max(self.largest, n)
        return self.rng.randbelow(n)

    randrange = randbelow

    def shuffle(self, items: list[Any]) -> None:
        self.largest = max(self.largest, len(items))
        self.rng.shuffle(items)

    def choice(self, items: list[Any]) -> Any:
        return items[self.randbelow(len(items))]

    def pick(self, pile: list[int], start: int, count: int) -> int:
        self.largest = max(self.largest, max(pile[start:start + count]) + 1)
        return self.rng.pick(pile, start, count)

    def copy(self) -> Rng:
        return self.rng.copy()


def _max_chance_outcomes(game: Game, players: int, options: dict[str, Any]) -> int:
    """Twice the largest outcome id of a set-up's draws (a bound, or a card's type index
    for a card drawn from a pile; later draws pick among the same components: a discard
    pile, a hand, a die), and at least 64."""
    largest = _LargestDraw(0)
    with drawing_from(largest, lazy_draws=True):
        game.new_state(players, 0, options)
    return max(64, 2 * largest.largest)


# pyspiel's wrapper of a Python game answers `information_state_tensor` with whatever
# tensor the perfect-recall observer has, which is none: an empty list that an algorithm
# sizing its network by it (deep CFR) would take. These games refuse, as OpenSpiel's own
# games without one do (SpielError, "InformationStateTensorShape unimplemented.").
NO_INFORMATION_STATE_TENSOR = (
    "keizai's OpenSpiel games provide no information-state tensor "
    "(provides_information_state_tensor is False; docs/rl.md says why): use "
    "observation_tensor, or information_state_string for perfect recall")


# ----- the game ------------------------------------------------------------------------
class KeizaiSpielGame(pyspiel.Game):  # type: ignore[misc]  # (pyspiel: no stubs, Any)
    """One keizai game with a player count ("players") and the game's options.

    `pyspiel.load_game` builds it through the subclass `register_all` makes per game;
    built directly, `KeizaiSpielGame(params, game_id="national-economy/progress")` is
    the same game, typed for a program that mypy checks (load_game's answer is Any)."""

    game_id: str  # the keizai game: set by the subclass per game, or by `game_id=`

    def __init__(self, params: dict[str, Any] | None = None, *,
                 game_id: str | None = None) -> None:
        if game_id is not None:
            self.game_id = game_id
        elif not hasattr(self, "game_id"):
            raise TypeError("KeizaiSpielGame(params, game_id=...) needs the keizai game id "
                            "(e.g. 'national-economy/progress')")
        self.keizai_game = keizai.get_game(self.game_id)
        params = _checked_parameters(self.keizai_game, params or {})
        players = params["players"]
        self.keizai_game.check_players(players)
        defaults = self.keizai_game.default_options()
        self.options = self.keizai_game.resolve_options(
            {key: _option_value(defaults[key], params[key]) for key in defaults})
        self.players = players
        self.encoder = encoder_for(self.game_id)
        self.chance_bound = _max_chance_outcomes(self.keizai_game, players, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.keizai_game.num_distinct_actions,
            max_chance_outcomes=self.chance_bound,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if players == 1 else 0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self.game_id, players == 1), info, params)

    def new_initial_state(self) -> KeizaiSpielState:
        return KeizaiSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Any:
        """OpenSpiel's observer of `iig_obs_type`, or None for a type these games do not
        provide, as OpenSpiel's built-in observers answer (`make_observation` documents
        None; its api_test and playthrough generator ask every game for the public-only
        and private-only types). Provided: the seat's observation and its
        information state (public and the seat's own private information); in a
        perfect-information game any public type, and an empty private one.

        pyspiel's `game.make_observer(params)` (no type: the default observer) calls
        this with the parameters alone, as its first argument."""
        if isinstance(iig_obs_type, dict) and params is None:
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return KeizaiObserver(self.encoder)
        perfect = (self.get_type().information
                   == pyspiel.GameType.Information.PERFECT_INFORMATION)
        if perfect and not iig_obs_type.public_info:
            return NoPrivateObserver()
        if not iig_obs_type.public_info or not (
                perfect or iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            return None
        if iig_obs_type.perfect_recall:
            return InformationStateObserver()
        return KeizaiObserver(self.encoder)

    def make_observer(self, iig_obs_type: Any = None,
                      params: dict[str, Any] | None = None) -> Any:
        """pyspiel's C++ observer (`game.make_observer(type, params)`, or
        `game.make_observer(params)` for the default one), or None for a type these
        games do not provide, as OpenSpiel's own C++ games of hidden information answer
        (hearts, bridge, liars_dice). pyspiel's method, which wraps whatever
        `make_py_observer` gives, failed there with AttributeError ("'NoneType' object
        has no attribute 'set_from'"). Only a Python caller comes here: pyspiel's C++
        side asks `make_py_observer` itself, and only for the types provided."""
        if iig_obs_type is None or isinstance(iig_obs_type, dict):
            return super().make_observer(iig_obs_type or params or {})
        if self.make_py_observer(iig_obs_type, params) is None:
            return None
        return super().make_observer(iig_obs_type, params or {})

    def information_state_tensor_shape(self) -> list[int]:
        raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)

    def information_state_tensor_size(self) -> int:
        raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game string, loaded again through the registry (the class is
        made per game by `register_all`, so pickle could not find it by name)."""
        return _load_game, (str(self),)


def _load_game(text: str) -> pyspiel.Game:
    """`pyspiel.load_game(text)` (this module registers the games on import)."""
    return pyspiel.load_game(text)


class _Step:
    """One committed move: the engine state after it, the move, and the step before.

    Engine states are never changed once committed (a move is always applied to a
    clone), so OpenSpiel's `clone()` (a deep copy of the state's `__dict__`) shares the
    chain instead of copying the game, and the information-state strings are computed
    from it only when asked for (the view digests, once per step and seat)."""

    __slots__ = ("action", "actor", "digests", "logs", "prev", "state", "world")

    def __init__(self, prev: _Step | None, actor: int | None, action: int,
                 state: State) -> None:
        self.prev = prev
        self.actor = actor
        self.action = action
        self.state = state
        self.digests: list[str | None] = [None] * state.num_players
        # each seat's information-state log up to this step (`log`), and the world's
        # table with the seats' view digests (`world_text`), made when first asked
        self.logs: list[tuple[str, ...] | None] = [None] * state.num_players
        self.world: str | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Step:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled flat (pyspiel pickles states): every step's moves and view digests,
        and the engine state of the last step only."""
        steps = []
        step: _Step | None = self
        while step is not None:
            steps.append((step.actor, step.action,
                          [step.digest(seat) for seat in range(len(step.digests))]))
            step = step.prev
        return _unpickle_steps, (steps[::-1], self.state)

    def log(self, seat: int) -> tuple[str, ...]:
        """The seat's own actions ("a<index>") and the digests of the views it saw
        ("o<hex>", each new one), oldest first, up to this step.

        Built on the nearest earlier step's log, which then drops it (so a line of
        play keeps one log per seat, not one per step): asked at every step, as
        OpenSpiel's checks and its ISMCTS do, the log grows by this step's entries
        instead of being rebuilt from the first step. Logs are tuples, never changed:
        two clones extending one step's log each make their own."""
        found = self.logs[seat]
        if found is not None:
            return found
        steps = []
        step: _Step | None = self
        log: tuple[str, ...] = ()
        while step is not None:
            kept = step.logs[seat]
            if kept is not None:
                step.logs[seat] = None
                log = kept
                break
            steps.append(step)
            step = step.prev
        last = next((entry for entry in reversed(log) if entry[0] == "o"), None)
        added: list[str] = []
        for step in reversed(steps):
            if step.actor == seat:
                added.append(f"a{step.action}")
            digest = step.digest(seat)
            if digest != last:
                added.append(digest)
                last = digest
        log = self.logs[seat] = log + tuple(added)
        return log

    def world_text(self) -> str:
        """The spectator's table and each seat's view digest (`KeizaiSpielState.__str__`),
        rendered once for the step and its clones (OpenSpiel compares a state with its
        clone by it at every step). The step before drops its own: a line of play keeps
        one table, not one per step."""
        text = self.world
        if text is None:
            state = self.state
            text = self.world = (state.game.render_text(state.view(None)) + "\nseat views: "
                                 + " ".join(self.digest(s) for s in range(len(self.digests))))
            if self.prev is not None:
                self.prev.world = None
        return text

    def digest(self, seat: int) -> str:
        found = self.digests[seat]
        if found is None:
            text = json.dumps(self.state.view(seat), sort_keys=True, ensure_ascii=False)
            found = self.digests[seat] = (
                "o" + hashlib.blake2b(text.encode(), digest_size=8).hexdigest())
        return found


def _unpickle_steps(steps: list[tuple[int | None, int, list[str]]], state: State) -> _Step:
    chain = None
    for actor, action, digests in steps:
        chain = _Step(chain, actor, action, state)
        chain.digests = list(digests)
    assert chain is not None  # `_Step.__reduce__` pickles one step at least
    return chain


class KeizaiSpielState(pyspiel.State):  # type: ignore[misc]  # (pyspiel: no stubs, Any)
    """An OpenSpiel state wrapping a keizai state; a chance node while a move (or the
    set-up) waits for a draw."""

    def __init__(self, game: KeizaiSpielGame) -> None:
        super().__init__(game)
        self._step: _Step | None = None  # the last committed move (None before set-up)
        self._pending: int | None = SETUP  # the move waiting for draws, if any
        self._draws: list[int] = []  # the outcomes chosen for it so far
        self._bounds: list[Draw] = []  # outcomes of the draws it waits for, in order
        self._resolve()

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)

    @property
    def keizai_state(self) -> State | None:
        """The engine state (None until the set-up draws are done). Read it, do not
        change it (clones share it); apply moves through this OpenSpiel state, whose
        chance nodes answer the draws."""
        return None if self._step is None else self._step.state

    # ----- moves and draws -----------------------------------------------------------
    def _resolve(self) -> None:
        """Run the pending move with the outcomes chosen so far; stay a chance node if it
        needs one more draw, else commit it."""
        game: KeizaiSpielGame = self.get_game()
        pending = self._pending
        assert pending is not None  # (the set-up, or a move)
        source = ChanceDraws(self._draws)
        before = self.keizai_state
        try:
            if before is None:
                with drawing_from(source, lazy_draws=True):
                    state = game.keizai_game.new_state(game.players, 0, game.options)
                state.log_enabled = False
            else:
                state = before.clone()
                state.rng = source
                state.apply(pending)
        except _NeedDraw as need:
            size = max(_draw_size(draw) for draw in need.bounds)
            if size > game.chance_bound:
                raise RuntimeError(f"a draw of outcome ids up to {size - 1} exceeds the "
                                   f"game's max_chance_outcomes ({game.chance_bound})") from None
            self._bounds = need.bounds
            return
        state.rng = ChanceDraws()
        actor = None if before is None else before.current_player
        self._step = _Step(self._step, actor, pending, state)
        self._pending, self._draws, self._bounds = None, [], []

    def _apply_action(self, action: int) -> None:
        action = int(action)
        if self._pending is not None:
            if not _is_outcome(self._bounds[0], action):
                raise IllegalAction(f"{action} is not an outcome of this chance node")
            self._draws = [*self._draws, action]
            self._bounds = self._bounds[1:]
            if self._bounds:  # the next draw's bound is known: no need to run the move
                return
        else:
            step = self._step
            assert step is not None  # committed once no move (nor the set-up) is pending
            state = step.state
            if state.is_over:
                raise IllegalAction.refuse("refuse.game_over")
            if not 0 <= action < state.game.num_distinct_actions:
                raise IllegalAction(f"action index {action} is out of range for "
                                    f"{state.game.id}")
            if action not in state.legal_indices():
                raise IllegalAction(state.explain_illegal(state.game.decode(action)))
            self._pending, self._draws = action, []
        self._resolve()

    # ----- OpenSpiel API ---------------------------------------------------------------
    # (`self._step` is None only while the set-up is pending, so `step is None` below
    # never decides: it tells the type checker so.)
    def current_player(self) -> int:
        step = self._step
        if self._pending is not None or step is None:
            return CHANCE
        player = step.state.current_player
        return TERMINAL if player is None else player  # (None once the game is over)

    def _legal_actions(self, player: int) -> list[int]:
        step = self._step
        if self._pending is not None or step is None or player != self.current_player():
            return []
        return sorted(step.state.legal_indices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._pending is None:
            return []
        return _draw_outcomes(self._bounds[0])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"draw {action}"
        game: KeizaiSpielGame = self.get_game()
        return game.keizai_game.decode(action).name

    def is_terminal(self) -> bool:
        step = self._step
        return self._pending is None and step is not None and step.state.is_over

    def returns(self) -> list[float]:
        step = self._step
        if self._pending is not None or step is None or not step.state.is_over:
            game: KeizaiSpielGame = self.get_game()
            return [0.0] * game.players
        return final_rewards(step.state, "win_loss")

    def information_state_log(self, player: int) -> list[str]:
        """The seat's own actions ("a<index>") and the digests of the views it saw
        ("o<hex>", each new one), oldest first, up to the last committed move."""
        step = self._step
        return [] if step is None else list(step.log(player))

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Any) -> KeizaiSpielState:
        """A state `player_id` cannot tell from this one: hidden cards and future chance
        resampled by the engine's `determinize`, seeded from `probability_sampler()`. It
        keeps this state's history and information-state logs, but its history does not
        replay to it (a sampled world; OpenSpiel's ISMCTS never replays one)."""
        if self._pending is not None:
            raise ValueError("resample at a decision node, not at a chance node")
        now = self._step
        assert now is not None  # committed once no move (nor the set-up) is pending
        seed = int(probability_sampler() * (1 << 62))
        world = now.state.determinize(player_id, Rng(seed))
        world.rng = ChanceDraws()
        twin: KeizaiSpielState = self.clone()
        step = twin._step = _Step(now.prev, now.actor, now.action, world)
        # The seat's own last view is unchanged by construction; keep its digest, and
        # its information-state log (the same moves and views).
        step.digests[player_id] = now.digest(player_id)
        step.logs[player_id] = now.log(player_id)
        return twin

    def __str__(self) -> str:
        """OpenSpiel's ToString: the world state, not a seat's, since OpenSpiel compares
        states by it (C++ `operator==`, a clone and a deserialized state in its checks) and
        algorithms key states by it. The spectator's table, then each seat's view as its
        digest (what the table hides: the hands), and the outcomes a waiting move or the
        set-up has drawn so far. States alike in every seat's view and those outcomes are
        the same world: with draw-time chance no state holds a future card."""
        step = self._step
        if step is None:
            return f"set-up, drawn so far: {self._draws}"
        text = step.world_text()
        if self._pending is not None:
            text += (f"\n(move {self._pending} waits for draw {len(self._draws) + 1}; "
                     f"drawn so far: {self._draws})")
        return text


class KeizaiObserver:
    """OpenSpiel's PyObserver: `tensor` (and its named `dict` pieces) and a string, both
    from `view(player)` (zeros and "" during the set-up draws)."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {f.name: self.tensor[f.slice] for f in encoder.fields}

    def set_from(self, state: KeizaiSpielState, player: int) -> None:
        if state.keizai_state is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = self.encoder.observe(state.keizai_state, player)

    def string_from(self, state: KeizaiSpielState, player: int) -> str:
        if state.keizai_state is None:
            return ""
        return json.dumps(state.keizai_state.view(player), sort_keys=True, ensure_ascii=False)


class _StringObserver:
    """An observer with a string and no tensor (OpenSpiel's PyObserver interface)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: KeizaiSpielState, player: int) -> None:
        return None

    def string_from(self, state: KeizaiSpielState, player: int) -> str:
        return ""


class NoPrivateObserver(_StringObserver):
    """The private-only observer of a perfect-information game: nothing, as OpenSpiel's
    built-in one."""


class InformationStateObserver(_StringObserver):
    """The perfect-recall observer: the seat's action-observation history, a string with
    no tensor (None, as OpenSpiel's observers of a game that provides none)."""

    def __init__(self) -> None:
        self.tensor = None  # type: ignore[assignment]  # (no tensor: OpenSpiel's None)
        self.dict = {}

    def set_from(self, state: KeizaiSpielState, player: int) -> None:
        """Refused, as the information-state observation of OpenSpiel's own games without
        the tensor (chess) refuses it. pyspiel's C++ side reaches the tensor only through
        here (a C++ game built on this one, `information_state_tensor` called from C++),
        so this is what makes it refuse as the Python methods do, not answer []."""
        raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)

    def string_from(self, state: KeizaiSpielState, player: int) -> str:
        return f"seat {player}: " + " ".join(state.information_state_log(player))


def register_all() -> list[str]:
    """Register every game that has an observation encoder with pyspiel (idempotent);
    returns the OpenSpiel names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in supported_games():
        name = openspiel_name(game_id)
        if name not in registered:
            cls = type(f"KeizaiSpielGame_{name}", (KeizaiSpielGame,), {"game_id": game_id})
            pyspiel.register_game(_game_type(game_id, False), cls)
        names.append(name)
    return names


# Registered on import, as OpenSpiel's own Python games are: a pickled game or state
# (a game string inside) loads in a process that has only imported this module, such as
# a multiprocessing or Ray worker unpickling one.
register_all()

__all__ = ["ChanceDraws", "InformationStateObserver", "KeizaiObserver", "KeizaiSpielGame",
           "KeizaiSpielState", "NoPrivateObserver", "openspiel_name", "register_all"]
