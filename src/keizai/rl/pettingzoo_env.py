"""A PettingZoo AEC environment for every registered keizai game.

Agents are "player_0" … "player_{n-1}" (the seats). The acting agent is always the seat
whose decision it is, so one seat may act several times in a row (a compound move is a
sequence of decisions). Observations are {"observation": encoder vector of the seat's
view, "action_mask": legal action indices (all zeros when it is not the seat's turn)}.
Rewards are zero until the game ends, then `final_rewards` of the chosen kind.
`legal_actions(agent)` gives the nonzero entries of an agent's mask as a tuple of ints in the
engine's order (OpenSpiel's convention; cheaper to draw from than the mask's `np.flatnonzero`).

The engine state is `env.keizai_state` (`env.state()` is PettingZoo's global state: the
encoder vectors of every seat's view, seat by seat, for centralised critics; it holds
what the seats know together, never the deck order). Each game has its own metadata
name, e.g. "keizai_national_economy_progress_v0".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, overload

from keizai.rl.extra import needs_rl_extra

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ModuleNotFoundError as error:
    raise needs_rl_extra(error) from error

import keizai
from keizai.engine import State
from keizai.rl.actions import action_index
from keizai.rl.arguments import finite_reward, player_count
from keizai.rl.core import AECCore
from keizai.rl.observations import encoder_for
from keizai.rl.quoting import render_mode_refused
from keizai.rl.rewards import check_reward_kind, default_reward
from keizai.rl.seeding import Integer, SeedStream, check_reset_options
from keizai.rl.spaces import action_space, observation_space


def _kept_by_the_core(field: str, doc: str) -> Any:
    """An attribute of `AECEnv`'s bookkeeping held by the compiled core (`AECCore`), which
    reads it at every step as a field of its own; read, changed and rebound on the
    environment as any attribute (PettingZoo's helpers do)."""

    def get(self: KeizaiAECEnv) -> Any:
        return getattr(self._core, field)  # AttributeError before `reset`, as on AECEnv

    def set_(self: KeizaiAECEnv, value: Any) -> None:
        setattr(self._core, field, value)

    def delete(self: KeizaiAECEnv) -> None:
        delattr(self._core, field)

    return property(get, set_, delete, doc)


# (Observations: dicts of arrays; an action: an index, a NumPy one too, or None for an agent
# that is done, as PettingZoo's step takes.)
class KeizaiAECEnv(AECEnv[str, dict[str, Any], Any]):
    """`KeizaiAECEnv("national-economy/progress", players=2, reward="win_loss")`.

    `reward`: a kind of `keizai.rl.rewards` (default: `default_reward(game_id)`).
    `options` are the game's own options (fixed for the environment's life); `reset`
    refuses one of them given there (ValueError: it would be ignored), as it refuses
    `players`, `reward` and `render_mode`, and ignores any other key of its `options`, as
    PettingZoo's `api_test` requires.
    `render_mode` "ansi" returns the spectator's text picture, "human" prints it (by
    itself at `reset` and after each step).
    """

    # An instance adds "name", its game's (`pettingzoo_name`): an instance attribute, as on
    # AECEnv.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"],  # noqa: RUF012
                                "is_parallelizable": False}

    # The spaces as what they are, so that `env.action_space(agent).n` type-checks (AECEnv
    # has them as dicts of any Space, and a dict's type cannot narrow: it is invariant).
    observation_spaces: dict[str, spaces.Dict]  # type: ignore[assignment]
    action_spaces: dict[str, spaces.Discrete]  # type: ignore[assignment]

    # AECEnv's bookkeeping, held by the compiled core (which reads it at every step),
    # annotated with AECEnv's types: a property is Any to mypy, and a user's mypy, which
    # does not read PettingZoo's unmarked sources, would see no type of AECEnv's either.
    agents: list[str] = _kept_by_the_core("live", "The agents not yet done (AECEnv.agents).")
    agent_selection: str = _kept_by_the_core("selection", "The agent to act (AECEnv).")
    rewards: dict[str, float] = _kept_by_the_core("rewards",
                                                  "The last step's rewards (AECEnv).")
    _cumulative_rewards: dict[str, float] = _kept_by_the_core(
        "cumulative", "AECEnv._cumulative_rewards.")
    terminations: dict[str, bool] = _kept_by_the_core("terminations",
                                                      "AECEnv.terminations.")
    truncations: dict[str, bool] = _kept_by_the_core("truncations", "AECEnv.truncations.")
    infos: dict[str, dict[str, Any]] = _kept_by_the_core("infos", "AECEnv.infos.")

    def __init__(self, game_id: str, players: Integer = 2, reward: str | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # (PettingZoo's: no hints)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(render_mode_refused(self.metadata["render_modes"], render_mode))
        self.game = keizai.get_game(game_id)
        players = player_count(self.game, players)
        self.game_id = self.game.id
        self.metadata = {**self.metadata, "name": pettingzoo_name(game_id)}
        self.encoder = encoder_for(game_id)
        self._writer = self.encoder.writer_for(None, 0)
        self.reward_kind = check_reward_kind(reward if reward is not None
                                             else default_reward(game_id))
        self.game.resolve_options(options)  # InvalidSetup now, not at the first reset
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        self.players = players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        obs_space = observation_space(self.encoder, self.game)
        act_space = action_space(self.game)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self.state_space = spaces.Box(-np.inf, np.inf, shape=(players * self.encoder.size,),
                                      dtype=np.float32)
        self._seeds = SeedStream()
        self._state: State | None = None
        self._build_core()

    def _build_core(self) -> None:
        """Each seat's last observation and mask, which `observe` updates by difference
        (compiled writers) and hands out copies of, and the compiled per-step work
        (`keizai.rl.core.AECCore`: `observe`, `last`, the live steps of `step`), which
        holds this environment's bookkeeping."""
        size, actions = self.encoder.size, self.game.num_distinct_actions
        self._obs = [np.zeros(size, np.float32) for _ in range(self.players)]
        mask_buffers = [bytearray(actions) for _ in range(self.players)]
        self._masks = [np.frombuffer(b, np.int8) for b in mask_buffers]
        self._core = AECCore(self, self._writer, size, actions, self.possible_agents,
                             [x.data for x in self._obs], self._obs, mask_buffers,
                             self._masks, action_index, self.reward_kind)

    # ----- copies: `copy.deepcopy` and `pickle` ---------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Everything but the game's tables, the encoder and the compiled core with its
        rows, which `__setstate__` builds anew; the bookkeeping the core holds is kept
        (if `reset` has set it), so a copy plays on as the original would."""
        kept = {k: v for k, v in self.__dict__.items() if k not in _REBUILT}
        kept["_bookkeeping"] = {name: getattr(self, name) for name in _BOOKKEEPING
                                if hasattr(self, name)}
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        bookkeeping = kept.pop("_bookkeeping")
        self.__dict__.update(kept)
        self.game = keizai.get_game(self.game_id)
        self.encoder = encoder_for(self.game.id)
        self._writer = self.encoder.writer_for(self._state, 0)
        self._build_core()
        self._core.state = self._state
        for name, value in bookkeeping.items():
            setattr(self, name, value)

    @property
    def keizai_state(self) -> State:
        """The game's engine state (its `record()` is what `keizai.replay` and `keizai
        replay FILE` read); RuntimeError before the first `reset` and after `close`. (A
        property, not an attribute that is None then, so that a typed program reads a
        `State`.)"""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """The global state for centralised training: every seat's observation vector,
        seat by seat (in `state_space`)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return np.concatenate([self.encoder.observe(self._state, seat)
                               for seat in range(self.players)]).astype(np.float32, copy=False)

    def reset(self, seed: Integer | None = None, options: dict[str, Any] | None = None
              ) -> None:
        # the game's options and the constructor's own settings, which `reset` would
        # otherwise ignore (a 2-player game for options={"players": 3})
        check_reset_options(options, {**self.game.default_options(),
                                      **dict.fromkeys(_SET_AT_CONSTRUCTION)})
        self._state = keizai.new_game(self.game.id, self.players,
                                            self._seeds.next_seed(seed), self.game_options)
        self._state.log_enabled = self.render_mode is not None
        self._writer = self.encoder.writer_for(self._state, 0)
        self._core.writer = self._writer
        self._core.state = self._state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        first = self._state.current_player
        assert first is not None  # (a new game is not over)
        self.agent_selection = self.possible_agents[first]
        if self.render_mode == "human":   # the deal, before the first move
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._core.observe(agent)  # KeyError for an unknown agent

    def legal_actions(self, agent: str | None = None) -> tuple[int, ...]:
        """The legal action indices of `agent` (default: the one to act), the nonzero
        entries of its `action_mask`: empty when another seat acts or the game is over.
        A tuple of the engine's list, so no caller can change the list the state keeps."""
        return self._core.legal_actions(agent)  # compiled

    # The loop of every AEC trainer calls these two at each step: they do what
    # `AECEnv`'s do (the same values, the same end), without its iterator object and
    # assertion.
    def agent_iter(  # type: ignore[override]  # (an iterator, not AECEnv's AECIterable)
            self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields the agent to act (`agent_selection`) until no agent is left, at most
        `max_iter` times."""
        return self._core.agent_iter(max_iter)  # compiled

    # Typed per call, so that `obs["observation"]` after `env.last()` type-checks: the
    # observation is None only for `last(observe=False)`.
    @overload
    def last(self, observe: Literal[True] = True) -> tuple[dict[str, np.ndarray], float, bool,
                                                           bool, dict[str, Any]]: ...

    @overload
    def last(self, observe: Literal[False]) -> tuple[None, float, bool, bool,
                                                     dict[str, Any]]: ...

    @overload
    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool,
                                                  bool, dict[str, Any]]: ...

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool,
                                                  bool, dict[str, Any]]:
        try:
            return self._core.last(observe)
        except (AttributeError, AssertionError):  # unset bookkeeping, or no state
            if self._state is None:
                raise RuntimeError("call reset() first") from None
            raise

    def step(self, action: int | np.integer[Any] | np.ndarray | None) -> None:  # (0-d array)
        # a live agent's step is compiled (IllegalAction, state unchanged, if not legal)
        try:
            live = self._core.step(action)
        except (AttributeError, KeyError, AssertionError):  # (AssertionError: no state)
            if self._state is None:
                raise RuntimeError("call reset() before step()") from None
            if not self.agents:
                raise RuntimeError("the game is over (every agent is done): call reset() "
                                   "before step()") from None
            raise
        if not live:
            self._was_dead_step(action)
            return
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None or self._state is None:
            return None
        text = self.game.render_text(self._state.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._state = None
        self._core.state = None


# What a copy of a `KeizaiAECEnv` builds anew rather than copies, and the bookkeeping
# its core holds (see `__getstate__`).
_REBUILT = ("game", "encoder", "_writer", "_obs", "_masks", "_core")
_BOOKKEEPING = ("agents", "agent_selection", "rewards", "_cumulative_rewards",
                "terminations", "truncations", "infos")


# The constructor's settings that a `reset(options=...)` key may be mistaken for.
_SET_AT_CONSTRUCTION = ("players", "reward", "render_mode")


def pettingzoo_name(game_id: str) -> str:
    """The metadata name of a game's environment, e.g. "keizai_national_economy_progress_v0"."""
    return "keizai_" + game_id.replace("/", "_").replace("-", "_") + "_v0"


def env(game_id: str, players: Integer = 2, illegal_reward: float | None = None,
        **kwargs: Any) -> AECEnv[str, dict[str, Any], Any]:
    """The environment wrapped as PettingZoo's own games are: order enforced (no `step`
    before `reset`, no `observe` of an unknown agent) and actions checked in range.

    `illegal_reward`: None, an illegal action raises `keizai.IllegalAction` (the game
    unchanged); a number, it ends the game there (every agent terminated and truncated),
    that reward to the agent who chose it and 0 to the others, as PettingZoo's board
    games do (`TerminateIllegalWrapper`). PettingZoo's `state_test` and
    `parallel_seed_test`, which step actions sampled without the mask, pass with it."""
    from pettingzoo.utils import wrappers

    reward = None if illegal_reward is None else finite_reward("illegal_reward",
                                                                illegal_reward)
    raw: AECEnv[str, dict[str, Any], Any] = KeizaiAECEnv(game_id, players, **kwargs)
    if reward is not None:
        raw = wrappers.TerminateIllegalWrapper(raw, illegal_reward=reward)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))
