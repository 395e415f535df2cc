"""A Gymnasium single-agent environment: the learner in one seat, keizai agents in the
others.

Observations are {"observation": encoder vector, "action_mask": legal action indices};
the mask is also in `info["action_mask"]` and returned by `action_masks()` (the method
maskable-PPO trainers call). The same legal indices as a tuple of ints (in the engine's
order) are in `info["legal_actions"]` and returned by `legal_actions()` (OpenSpiel's
convention; cheaper to draw from than the mask's `np.flatnonzero`). Actions are the game's
fixed action indices. The reward is zero until the game ends, then the learner's
`final_rewards` of the chosen kind.

An illegal action either ends the episode with `illegal_reward` (the default "lose",
which keeps `gymnasium.utils.env_checker.check_env` and unmasked trainers working) or
raises `keizai.IllegalAction` ("raise").

Once the game is over the mask is all ones: the episode has ended, and the action a
policy picks from that last observation is never applied (a vector environment's
autoreset ignores it), so a masked sampler always has something to sample.

`KeizaiVectorEnv` steps N games in one process into preallocated numpy arrays, with the
autoreset in the same step (`final_obs`/`final_info` in the infos), so no observation it
hands out is ever terminal.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Union

from keizai.rl.extra import needs_rl_extra

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ModuleNotFoundError as error:
    raise needs_rl_extra(error) from error

import keizai
from keizai.agents import Agent, make_agent, without_time_cap
from keizai.agents.random_agent import RandomAgent
from keizai.engine import Rng, State
from keizai.rl.actions import action_index, action_mask
from keizai.rl.arguments import finite_reward, flag, game_count, player_count, step_limit
from keizai.rl.core import ILLEGAL, RUNNING, EnvCore, VecCore
from keizai.rl.observations import encoder_for
from keizai.rl.observations.base import seat_of
from keizai.rl.quoting import given, render_mode_refused
from keizai.rl.rewards import check_reward_kind, default_reward
from keizai.rl.seeding import (
    Integer,
    SeedStream,
    check_reset_options,
    checked_seed,
    consecutive_seeds,
)
from keizai.rl.spaces import action_space, observation_space

ILLEGAL_MODES = ("lose", "raise")
# A policy playing an opponent seat: its observation ({"observation", "action_mask"},
# as the learner's) -> an action index.
Policy = Callable[[dict[str, np.ndarray]], Integer]
Opponent = Union[str, Agent, Policy]  # noqa: UP007 - a runtime alias
# Learner decisions per episode before `gymnasium.make`'s TimeLimit truncates: 15-35
# times the longest episode of random play seen (企業帝國 274, Futuropia 191, National
# Economy 61 decisions), a guard against a policy that stalls, never a game's real end.
MAX_EPISODE_STEPS = {"enterprise-empire": 10_000, "futuropia": 4_000}
MAX_EPISODE_STEPS_OTHERS = 1_000


class ResetNeeded(RuntimeError, gym.error.ResetNeeded):
    """A step (or a read of the legal actions) with no episode running: before the first
    `reset`, or after the episode's end. Gymnasium's own error for it (what
    `gymnasium.make`'s order-enforcing wrapper raises before the first `reset`) and a
    RuntimeError, as keizai's environments raised before."""


def episode_step_limit(game_id: str) -> int:
    """The `max_episode_steps` a game's environment is registered with."""
    return MAX_EPISODE_STEPS.get(game_id, MAX_EPISODE_STEPS_OTHERS)


# Stable-Baselines3's make_vec_env(env_id) asks gymnasium.make for "rgb_array" unless its
# env_kwargs name a render mode (and tries again without it only on TypeError).
NO_PICTURE = ("; the games draw text, no picture (Stable-Baselines3's make_vec_env asks for "
              "'rgb_array' by default: give it env_kwargs={\"render_mode\": None})")


class KeizaiGymEnv(gym.Env[dict[str, Any], np.int64]):
    """`KeizaiGymEnv("national-economy/progress", players=2, opponents=["random"])`.

    `opponents`: one per other seat, or a single one for all, each
    - an agent name ("random", "heuristic", "mcts:iterations=50", a level): rebuilt at
      every reset with a seed drawn from the episode's seed;
    - an `Agent`: copied at every reset, its generator (`rng`, as keizai's agents have)
      reseeded from the episode's seed;
    - a policy, any callable taking the seat's observation ({"observation",
      "action_mask"}, as the learner's) and returning an action index (self-play).
    So a seeded reset replays the same episode (a policy's own randomness aside).
    Unknown agent names are refused here, not at the first reset. `seat`: the learner's
    seat, or None for a seat drawn at every reset. `reward`: a kind of
    `keizai.rl.rewards` (default: `default_reward(game_id)`).
    """

    # (an instance attribute, as on gymnasium.Env: wrappers set their own). render_fps is
    # the pace a recorder or a viewer may show the pictures at (PettingZoo's board games
    # declare 1 or 2); "human" prints each picture at once and never sleeps.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"],  # noqa: RUF012
                                "render_fps": 2}
    # (typed as what they are, so that `env.action_space.n` type-checks)
    observation_space: spaces.Dict
    action_space: spaces.Discrete

    def __init__(self, game_id: str, players: Integer = 2,
                 opponents: Sequence[Opponent] = ("random",), seat: Integer | None = None,
                 reward: str | None = None, options: dict[str, Any] | None = None,
                 illegal: str = "lose", illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        self.game = keizai.get_game(game_id)
        players = player_count(self.game, players)
        self.game_id = self.game.id
        if seat is not None:
            seat = seat_of(seat, players)
        if isinstance(opponents, str) or callable(opponents):
            opponents = [opponents]
        if (isinstance(opponents, (bytes, bytearray))
                or not isinstance(opponents, (Sequence, np.ndarray))):
            raise ValueError(f"opponents must be a list (one per other seat, or one for "
                             f"all) or a single opponent (given: {given(opponents)})")
        if len(opponents) == 1:
            opponents = list(opponents) * (players - 1)
        if len(opponents) != players - 1:
            need = ("1 player (solo) needs no opponents" if players == 1
                    else "2 players need 1 opponent" if players == 2
                    else f"{players} players need {players - 1} opponents")
            raise ValueError(f"{need}, not {len(opponents)}")
        # per opponent: whether it is keizai's random agent by name, which `_begin` plays
        # with a generator alone (the one `make_agent` would give it), no agent object
        self._random_by_name: list[bool] = []
        for spec in opponents:
            self._random_by_name.append(False)
            if isinstance(spec, str):
                # ValueError for an unknown name or parameter
                self._random_by_name[-1] = type(make_agent(spec)) is RandomAgent
            elif not isinstance(spec, Agent) and not callable(spec):
                raise ValueError(f"an opponent is an agent name, an Agent or a policy "
                                 f"(a callable) (given: {given(spec)})")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be {' or '.join(map(repr, ILLEGAL_MODES))} "
                             f"(given: {given(illegal)})")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            refusal = render_mode_refused(self.metadata["render_modes"], render_mode)
            if render_mode == "rgb_array":
                refusal += NO_PICTURE
            raise ValueError(refusal)
        self.encoder = encoder_for(game_id)
        self.players = players
        self.opponent_specs = list(opponents)
        self.fixed_seat = seat
        self.reward_kind = check_reward_kind(reward if reward is not None
                                             else default_reward(game_id))
        self.game.resolve_options(options)  # InvalidSetup now, not at the first reset
        self.game_options = dict(options or {})
        self.illegal = illegal
        self.illegal_reward = finite_reward("illegal_reward", illegal_reward)
        self.render_mode = render_mode
        self.observation_space = observation_space(self.encoder, self.game)
        self.action_space = action_space(self.game)
        self._seeds = SeedStream()
        self._state: State | None = None
        self.seat = 0
        self._agents: dict[int, Agent | Policy] = {}
        self._build_core()

    def _build_core(self) -> None:
        """The compiled per-step work (`keizai.rl.core`) and the arrays it writes the
        learner's observation and mask into, which each step hands out copies of."""
        size, actions = self.encoder.size, self.game.num_distinct_actions
        self._obs = np.zeros(size, np.float32)
        self._mask_buffer = bytearray(actions)
        self._mask_array = np.frombuffer(self._mask_buffer, np.int8)
        self._core = EnvCore(self.encoder.writer_for(None, 0), size, actions,
                             self.illegal == "lose", float(self.illegal_reward),
                             self.reward_kind, ResetNeeded)
        self._core.attach(self._obs.data, 0, self._mask_buffer, 0)
        self._core.arrays(self._obs, self._mask_array, action_index)

    # ----- copies: `copy.deepcopy` and `pickle` ---------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Everything but the game's tables, the encoder and the compiled core with its
        buffers, which `__setstate__` builds anew; the episode (state, opponents, their
        generators, whether it ended) is kept, so a copy plays on as the original would."""
        kept = {k: v for k, v in self.__dict__.items() if k not in _REBUILT}
        core = self._core
        kept["_episode"] = (core.rngs, core.ended, core.reward)
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        rngs, ended, reward = kept.pop("_episode")
        self.__dict__.update(kept)
        self.game = keizai.get_game(kept["game_id"])
        self.encoder = encoder_for(self.game.id)
        self._build_core()
        if self._state is None:
            return
        core = self._core
        core.writer = self.encoder.writer_for(self._state, self.seat)
        core.state, core.seat, core.rngs = self._state, self.seat, rngs
        core.deciders = self._deciders()
        core.ended, core.reward = ended, reward
        core.observe()  # the rows the original's last step wrote

    # ----- Gymnasium API -------------------------------------------------------------
    def reset(self, *, seed: Integer | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        check_reset_options(options)
        if seed is not None:
            # refused before Gymnasium's generator is seeded from it; NumPy's integers
            # as Python's, which Gymnasium's seeding takes alone
            seed = checked_seed(seed)
        super().reset(seed=seed)
        try:
            self._begin(self._seeds.next_seed(seed))
        except Exception as error:
            self._stop_if_an_opponent_failed(error)
            raise
        shown = self._observe_and_info()
        if self.render_mode == "human":
            self.render()
        return shown

    # (a 0-d integer array too, as SB3's `model.predict` returns for one environment;
    # NumPy's types cannot say 0-d: another array is refused at run time)
    def step(self, action: int | np.integer[Any] | np.ndarray
             ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        try:
            result = self._core.step(action, self.seat)  # compiled (`EnvCore.step`)
        except Exception as error:
            self._stop_if_an_opponent_failed(error)
            raise
        if self.render_mode == "human":
            self.render()
        return result

    @property
    def state(self) -> State:
        """The episode's engine state (its `record()` is what `keizai.replay` and `keizai
        replay FILE` read); ResetNeeded before the first `reset`. (A property, not an
        attribute that is None until then, so that a typed program reads a `State`.)"""
        if self._state is None:
            raise ResetNeeded("call reset() first")
        return self._state

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner now, as booleans (sb3-contrib's MaskablePPO);
        all True once the game is over (see the module notes)."""
        if self._state is None:
            raise ResetNeeded("call reset() first")
        return self._mask_array.astype(bool)

    def legal_actions(self) -> tuple[int, ...]:
        """Legal action indices of the learner now, a tuple of ints: the nonzero entries of
        the mask (every action once the game is over, see the module notes)."""
        if self._state is None:
            raise ResetNeeded("call reset() first")
        return self._core.legal_actions()

    def render(self) -> str | None:
        """The learner's view as text: returned with render_mode "ansi", printed with
        "human" (which `reset` and `step` do by themselves, as Gymnasium's human mode
        renders); None before the first reset."""
        if self.render_mode is None or self._state is None:
            return None
        text = self.game.render_text(self._state.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ----- internals -----------------------------------------------------------------
    def _stop_if_an_opponent_failed(self, error: Exception) -> None:
        """An opponent that raised (a policy or an agent of the caller's), or chose an
        action the game refused, stopped the opponents' moves halfway: an opponent's seat
        is to act, the learner's action already applied. The episode ends there: a step
        raises until `reset`, where it would have played the learner's action in that
        opponent's seat."""
        state = self._state
        if state is None or state.is_over or state.current_player == self.seat:
            return  # (the learner's own action refused: nothing moved)
        self._core.ended = True
        error.add_note(f"raised while the opponent in seat {state.current_player} was to "
                       f"move: the episode has ended, call reset()")

    def _begin(self, seed: int) -> None:
        """A new episode from `seed` (the opponents play until the learner's turn)."""
        episode = Rng(seed)
        self.seat = (self.fixed_seat if self.fixed_seat is not None
                     else episode.randbelow(self.players))
        others = [s for s in range(self.players) if s != self.seat]
        rngs: list[Rng | None] = [None] * self.players
        self._agents = {}
        for s, spec, by_name in zip(others, self.opponent_specs, self._random_by_name,
                                    strict=True):
            agent_seed = episode.next64() >> 1
            if by_name:  # RandomAgent(agent_seed)'s generator, without building the agent
                rngs[s] = Rng(agent_seed)
            else:
                self._agents[s] = self._opponent(spec, agent_seed)
        self._state = keizai.new_game(self.game.id, self.players, episode.next64() >> 1,
                                     self.game_options)
        self._state.log_enabled = self.render_mode is not None
        for s, opponent in self._agents.items():
            if type(opponent) is RandomAgent:  # its choice, without decoding every action
                rngs[s] = opponent.rng
        core = self._core
        core.writer = self.encoder.writer_for(self._state, self.seat)
        core.begin(self._state, self.seat, rngs, self._deciders())

    def _deciders(self) -> list[Any]:
        """Per seat, how the opponent there decides (None: the learner's seat, or a
        random agent, played from its generator by the core)."""
        deciders: list[Any] = [None] * self.players
        for s, opponent in self._agents.items():
            if type(opponent) is RandomAgent:
                continue
            if isinstance(opponent, Agent):
                deciders[s] = _agent_decider(opponent)
            else:  # a policy sees what the learner would see in its seat
                deciders[s] = self._policy_decider(opponent)
        return deciders

    @staticmethod
    def _opponent(spec: Opponent, seed: int) -> Agent | Policy:
        if isinstance(spec, str):  # a level's time cap would make episodes load-dependent
            return make_agent(without_time_cap(spec), seed)
        if isinstance(spec, Agent):
            agent = copy.deepcopy(spec)
            if isinstance(getattr(agent, "rng", None), Rng):
                agent.rng = Rng(seed)  # type: ignore[attr-defined]  # (it has one: above)
            return agent
        return spec

    def _policy_decider(self, policy: Policy) -> Callable[[State, int], int]:
        encoder = self.encoder

        def decide(state: State, seat: int) -> int:
            # checked as the learner's action is: int() would truncate 3.7, "3" or True
            # into another index and play it
            return action_index(policy({"observation": encoder.observe(state, seat),
                                        "action_mask": action_mask(state, seat)}))
        return decide

    def _observe_and_info(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        self._core.observe()
        mask = self._mask_array.copy()
        return ({"observation": self._obs.copy(), "action_mask": mask},
                {"action_mask": mask.copy(), "seat": self.seat,
                 "legal_actions": self._core.legal_actions()})


# What a copy of a `KeizaiGymEnv` builds anew rather than copies (see `__getstate__`).
_REBUILT = ("game", "encoder", "_obs", "_mask_buffer", "_mask_array", "_core")


def _agent_decider(agent: Agent) -> Callable[[State, int], Any]:
    def decide(state: State, seat: int) -> Any:
        return agent.choose(state)
    return decide


def gymnasium_id(game_id: str) -> str:
    """The Gymnasium id of a game, e.g. "keizai/national-economy-progress-v0"."""
    return f"keizai/{game_id.replace('/', '-')}-v0"


def register_envs() -> list[str]:
    """Register every game that has an observation encoder with `gymnasium.make`
    (keyword arguments of `KeizaiGymEnv` pass through `make`) and `gymnasium.make_vec`
    (a `KeizaiVectorEnv` by default, Gymnasium's own with `vectorization_mode="sync"` or
    `"async"`); returns the ids."""
    from keizai.rl.observations import supported_games

    ids = []
    for game_id in supported_games():
        env_id = gymnasium_id(game_id)
        if env_id not in gym.registry:
            # (Gymnasium types its entry points as taking keywords only; `make` passes
            # game_id as one)
            gym.register(env_id, entry_point=KeizaiGymEnv,  # type: ignore[arg-type]
                         kwargs={"game_id": game_id},
                         max_episode_steps=episode_step_limit(game_id),
                         vector_entry_point=KeizaiVectorEnv)  # type: ignore[arg-type]
        ids.append(env_id)
    return ids


class KeizaiVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """`KeizaiVectorEnv("national-economy/progress", num_envs=16, players=2)`: N games
    stepped in one process; observations {"observation": (N, size) float32,
    "action_mask": (N, actions) int8}, rewards, terminations and truncations as arrays.

    Keyword arguments go to each `KeizaiGymEnv`. Autoreset is in the same step: an
    environment whose episode ended is reset at once, its last observation and info in
    `infos["final_obs"]`/`infos["final_info"]` (masked by `infos["_final_obs"]`). With
    `final_records=True` the ended episode's `State.record()` (for `keizai.replay` and
    `keizai replay`) is `infos["final_record"][i]` too (masked by
    `infos["_final_record"]`); without it a step builds no record.
    An episode is truncated after `max_episode_steps` learner steps (default: the
    game's registered bound, `episode_step_limit`; 0 or -1, Gymnasium's word for no
    limit: never). `infos["seat"]` is each learner's seat.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - as KeizaiGymEnv's
        "render_modes": KeizaiGymEnv.metadata["render_modes"],
        "render_fps": KeizaiGymEnv.metadata["render_fps"],
        "autoreset_mode": AutoresetMode.SAME_STEP}
    single_observation_space: spaces.Dict
    single_action_space: spaces.Discrete

    def __init__(self, game_id: str, num_envs: Integer, *,
                 max_episode_steps: Integer | None = None, final_records: bool = False,
                 **env_kwargs: Any) -> None:
        num_envs = game_count(num_envs)  # refused before any game is built
        self.max_episode_steps = (episode_step_limit(game_id) if max_episode_steps is None
                                  else step_limit(max_episode_steps))
        final_records = flag("final_records", final_records)
        self.envs = [KeizaiGymEnv(game_id, **env_kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        first = self.envs[0]
        self.render_mode = first.render_mode  # each game's, as SyncVectorEnv says it
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._build_core()
        self._seats = np.zeros(num_envs, np.int64)
        self._raise_illegal = first.illegal == "raise"
        self.final_records = final_records
        self._stopped = False  # an opponent failed: every step raises until `reset`
        self._was_reset = False

    def _build_core(self) -> None:
        """One compiled loop that steps every game (`keizai.rl.core.VecCore`); each
        game's core writes its row of the batch arrays, which each step hands out
        copies of."""
        first = self.envs[0]
        size, actions = first.encoder.size, first.game.num_distinct_actions
        self._obs = np.zeros((self.num_envs, size), np.float32)
        obs_view = self._obs.reshape(-1).data
        self._mask_buffer = bytearray(self.num_envs * actions)
        self._masks = np.frombuffer(self._mask_buffer, np.int8).reshape(self.num_envs,
                                                                        actions)
        for i, env in enumerate(self.envs):
            env._core.attach(obs_view, i * size, self._mask_buffer, i * actions)
            # the game's own step, reset and masks hand out (copies of) its rows
            env._obs, env._mask_array = self._obs[i], self._masks[i]
            env._core.arrays(env._obs, env._mask_array, action_index)
        self._core = VecCore([env._core for env in self.envs], self.max_episode_steps)

    def __getstate__(self) -> dict[str, Any]:
        """As `KeizaiGymEnv`'s: the batch arrays and the loop are built anew by
        `__setstate__`; each game's learner steps so far are kept."""
        kept = {k: v for k, v in self.__dict__.items()
                if k not in ("_obs", "_mask_buffer", "_masks", "_core")}
        kept["_steps"] = list(self._core.steps)
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        steps = kept.pop("_steps")
        self.__dict__.update(kept)  # the games, each copied with its own core
        self._build_core()
        self._core.steps = steps
        for env in self.envs:
            if env._state is not None:
                env._core.observe()  # its row of the new batch arrays

    def render(self) -> tuple[str, ...] | None:
        """Each game's picture with render_mode "ansi" (`KeizaiGymEnv.render`: its
        learner's seat as text, "" before the first reset), as Gymnasium's
        SyncVectorEnv renders; with "human" each game prints its picture (as `reset`
        and `step` do by themselves) and None is returned; None without a render
        mode."""
        if self.render_mode is None:
            return None
        if self.render_mode == "human":
            for env in self.envs:
                env.render()
            return None
        return tuple(env.render() or "" for env in self.envs)

    def reset(self, *, seed: Integer | Sequence[Integer | None] | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """`seed`: an int (environment i gets seed + i), one seed per environment, or
        None. `options`: none (game options go to the constructor)."""
        check_reset_options(options)
        if (seed is None or isinstance(seed, (int, np.integer, str, bytes))
                or not isinstance(seed, Iterable)):  # one seed, refused unless an integer
            given: list[Integer | None] = ([None] * self.num_envs if seed is None
                                           else list(consecutive_seeds(seed, self.num_envs)))
        else:
            given = list(seed)
            if len(given) != self.num_envs:
                raise ValueError(f"{self.num_envs} environments need {self.num_envs} seeds")
        # every seed checked before any game is reset: a refused one leaves the batch as
        # it was, not its first games reset and the others still in their episodes
        seeds = [None if s is None else checked_seed(s) for s in given]
        for i, (env, env_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            env.reset(seed=env_seed)
            self._seats[i] = env.seat
        self._core.steps = [0] * self.num_envs
        self._stopped = False
        self._was_reset = True   # (each game's `reset` printed it with render_mode "human")
        return self._batch(), self._infos()

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        if np.shape(actions) != (self.num_envs,):
            raise ValueError(f"step() takes {self.num_envs} actions (one per environment), "
                             f"not an array of shape {np.shape(actions)}")
        # Python ints (an integer array's items are; a float or bool one's are refused
        # with IllegalAction, as NumPy scalars of those kinds would be)
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu":
            chosen = actions.tolist()  # Python ints, nothing to check one by one
        else:
            chosen = actions.tolist() if isinstance(actions, np.ndarray) else list(actions)
            if not all(type(a) is int for a in chosen):
                chosen = [action_index(a) for a in chosen]
        if not self._was_reset:
            raise ResetNeeded("call reset() before step()")
        if self._raise_illegal:
            self._refuse_illegal(chosen)
        if self._stopped:
            raise ResetNeeded("an opponent failed in an earlier step: call reset()")
        try:
            result = self._step(chosen)
        except Exception as error:
            # an opponent that raised or chose an illegal action in game i (the only
            # errors left) stopped the batch halfway, the games before i stepped: no
            # step until `reset`, and game i's episode ends (`_stop_if_an_opponent_failed`)
            self._stopped = True
            for env in self.envs:
                env._stop_if_an_opponent_failed(error)
            raise
        if self.render_mode == "human":
            self.render()
        return result

    def _step(self, chosen: list[int]) -> tuple[dict[str, np.ndarray], np.ndarray,
                                                 np.ndarray, np.ndarray, dict[str, Any]]:
        core = self._core
        done = core.step(chosen)
        rewards = np.zeros(self.num_envs, np.float64)
        terminations = np.zeros(self.num_envs, bool)
        truncations = np.zeros(self.num_envs, bool)
        if not done:
            return self._batch(), rewards, terminations, truncations, self._infos()
        finals: list[tuple[int, dict[str, np.ndarray], dict[str, Any]]] = []
        records: dict[int, dict[str, Any]] = {}
        for i in done:
            env = self.envs[i]
            status = core.status[i]
            rewards[i] = core.rewards[i]
            terminations[i] = status != RUNNING
            truncations[i] = core.truncated[i]
            mask = self._masks[i].copy()
            info = {"action_mask": mask.copy(), "seat": env.seat}
            if status == ILLEGAL:
                info["illegal_action"] = True
            finals.append((i, {"observation": self._obs[i].copy(), "action_mask": mask},
                           info))
            if self.final_records:  # before the game is replaced
                assert env._state is not None
                records[i] = env._state.record()
            env._begin(env._seeds.next_seed(None))
            env._core.observe()
            self._seats[i] = env.seat
        infos = self._infos()
        for i, obs, info in finals:
            infos = self._add_info(infos, {"final_obs": obs, "final_info": info}, i)
        if records:
            # an object array of whole records, as final_obs is of observations
            # (_add_info would split a dict into one array per key)
            final = np.full(self.num_envs, None, object)
            ended = np.zeros(self.num_envs, bool)
            for i, record in records.items():
                final[i], ended[i] = record, True
            infos["final_record"], infos["_final_record"] = final, ended
        return self._batch(), rewards, terminations, truncations, infos

    def _refuse_illegal(self, chosen: list[int]) -> None:
        """With `illegal="raise"`: IllegalAction (the engine's refusal) for the first
        action that is not legal in its game, before any game moves, so the batch stays
        as it was. Raised from the loop, it left the games before it stepped, their new
        observations never handed out, and a retry applied a second action to them."""
        for env, action in zip(self.envs, chosen, strict=True):
            state = env._state
            if state is None or state.is_over or action in state.legal_indices():
                continue  # (the loop refuses a game not reset)
            raise state.refusal(state.game.to_action(action))  # out of range: to_action

    def action_masks(self) -> np.ndarray:
        """(N, actions) booleans: each learner's legal actions now (never all False)."""
        if not self._was_reset:
            raise ResetNeeded("call reset() first")
        return self._masks.astype(bool)

    def _batch(self) -> dict[str, np.ndarray]:
        return {"observation": self._obs.copy(), "action_mask": self._masks.copy()}

    def _infos(self) -> dict[str, Any]:
        return {"seat": self._seats.copy(), "_seat": np.ones(self.num_envs, bool)}


# Registered on import, as the OpenSpiel games are: `gymnasium.make` then takes
# Gymnasium's module-qualified id, "keizai.rl.gymnasium_env:keizai/<game>-v0" (which
# imports this module; a trainer's configuration file names an environment so), and a
# plain id once this module is imported.
register_envs()
