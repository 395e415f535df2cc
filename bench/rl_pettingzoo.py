"""Throughput of the research environments against the engine's own, per CPU-second of
this process (`time.process_time`, so a busy machine changes the figures less):

- engine: decisions of random play through the engine alone (`legal_indices()`, a random
  index, `apply`), new games included;
- pettingzoo: `KeizaiAECEnv` steps (each: `agent_iter`, `last()` with the acting seat's
  observation and mask, `step`);
- gymnasium: `KeizaiGymEnv` learner steps against random opponents; each learner step
  also applies the opponents' decisions, so the decisions it applies per CPU-second are
  given too ("decisions");
- floor (`--floor`): the same loops over environments that do nothing but the API's
  own bookkeeping (a fixed observation, an episode of fixed length, in plain Python on
  PettingZoo's base class), and over ideal ones (`ideal_aec`, `ideal_gym`: every method
  the loop calls is a C builtin returning a constant, so no environment written in
  Python or compiled can cost less): the most any environment can reach through these
  loops on this machine.

Every loop picks its action with the same generator (keizai's `Rng.randbelow` over the
legal indices), so the figures differ only by what the environment does. Ratios are to
the engine's decisions per CPU-second (the definition of docs/performance.md).

    python bench/rl_pettingzoo.py [--seconds 3] [--game national-economy/progress]
                                  [--players 2] [--floor] [--repeat 1]
"""

from __future__ import annotations

import argparse
import itertools
import time
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from pettingzoo import AECEnv

import keizai
from keizai.engine import Rng
from keizai.rl.gymnasium_env import KeizaiGymEnv
from keizai.rl.observations import encoder_for, supported_games
from keizai.rl.pettingzoo_env import KeizaiAECEnv


def engine(game_id: str, players: int, seconds: float) -> float:
    """Decisions per CPU-second of random play through the engine alone."""
    rng = Rng(1)
    steps = n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = keizai.new_game(game_id, players, seed=n)
        state.log_enabled = False
        n += 1
        while not state.is_over:
            legal = state.legal_indices()
            state.apply(legal[rng.randbelow(len(legal))])
            steps += 1
    return steps / (time.process_time() - start)


def aec(env: AECEnv, seconds: float) -> float:
    """Steps per CPU-second of an AEC environment (dead steps not counted)."""
    rng = Rng(0)
    steps = 0
    start = time.process_time()
    env.reset(seed=0)
    while time.process_time() - start < seconds:
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randbelow(len(legal))]))
            steps += 1
        env.reset()
    return steps / (time.process_time() - start)


def gymnasium(env: gym.Env, seconds: float) -> tuple[float, float]:
    """(learner steps, decisions applied) per CPU-second of a Gymnasium environment."""
    rng = Rng(0)
    steps = decisions = 0
    obs, _ = env.reset(seed=0)
    counted = hasattr(env, "state")
    start = time.process_time()
    while time.process_time() - start < seconds:
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = env.step(int(legal[rng.randbelow(len(legal))]))
        steps += 1
        if terminated or truncated:
            if counted:
                decisions += len(env.state.history)
            obs, _ = env.reset()
    elapsed = time.process_time() - start
    if counted:  # the decisions of the episode still running
        decisions += len(env.state.history)
    return steps / elapsed, (decisions if counted else steps) / elapsed


class FixedAEC(AECEnv):
    """The floor of the AEC API: seats take turns for `length` steps, the observation is
    always the same (of the real encoder's size, one legal action), no game behind it."""

    metadata: ClassVar[dict[str, Any]] = {"name": "fixed_v0", "is_parallelizable": False}

    def __init__(self, players: int, size: int, actions: int, length: int) -> None:
        super().__init__()
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        mask = np.zeros(actions, np.int8)
        mask[0] = 1
        self._obs = {"observation": np.zeros(size, np.float32), "action_mask": mask}
        self.length = length

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._t = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._obs

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._t += 1
        if self._t >= self.length:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self._t % len(self.possible_agents)]


class FixedGym(gym.Env):
    """The floor of the Gymnasium API: a fixed observation, `length` steps an episode."""

    def __init__(self, size: int, actions: int, length: int) -> None:
        mask = np.zeros(actions, np.int8)
        mask[0] = 1
        self._obs = {"observation": np.zeros(size, np.float32), "action_mask": mask}
        self.length = length
        self.observation_space = gym.spaces.Dict({
            "observation": gym.spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": gym.spaces.Box(0, 1, (actions,), np.int8)})
        self.action_space = gym.spaces.Discrete(actions)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self._t = 0
        return self._obs, {"action_mask": self._obs["action_mask"]}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        self._t += 1
        return (self._obs, 0.0, self._t >= self.length, False,
                {"action_mask": self._obs["action_mask"]})


class Ideal:
    """An environment whose methods are set on the instance (`ideal_aec`, `ideal_gym`)."""

    reset: Any
    step: Any
    agent_iter: Any
    last: Any


def _fixed_observation(size: int, actions: int) -> dict[str, np.ndarray]:
    mask = np.zeros(actions, np.int8)
    mask[0] = 1
    return {"observation": np.zeros(size, np.float32), "action_mask": mask}


def ideal_aec(size: int, actions: int, length: int) -> Ideal:
    """The `aec` loop's lower bound: `agent_iter` a C iterator of `length` steps, `last`
    and `step` C builtins returning constants (a fixed observation, no game, no
    bookkeeping)."""
    obs = _fixed_observation(size, actions)
    env = Ideal()
    env.reset = lambda seed=None: None
    env.agent_iter = lambda: itertools.repeat("player_0", length)
    env.last = itertools.repeat((obs, 0.0, False, False, {})).__next__
    env.step = dict.fromkeys(range(actions)).__getitem__
    return env


def ideal_gym(size: int, actions: int) -> Ideal:
    """The `gymnasium` loop's lower bound: `step` a C builtin returning a constant step
    (a fixed observation, an episode that never ends)."""
    obs = _fixed_observation(size, actions)
    env = Ideal()
    env.reset = lambda seed=None: (obs, {})
    env.step = dict.fromkeys(range(actions), (obs, 0.0, False, False, {})).__getitem__
    return env


def episode_length(game_id: str, players: int, games: int = 20) -> int:
    """Mean decisions of a random game (the floor environments' episode length)."""
    total = 0
    for seed in range(games):
        state = keizai.new_game(game_id, players, seed=seed)
        state.log_enabled = False
        state.play_out(Rng(seed))
        total += len(state.history)
    return max(1, total // games)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--floor", action="store_true",
                        help="also the API floor (environments with a fixed observation)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure (best kept)")
    args = parser.parse_args()
    for game_id in args.game or supported_games():
        p = args.players

        def best(measure: Any, *args_: Any) -> Any:
            return max(measure(*args_) for _ in range(args.repeat))

        eng = best(engine, game_id, p, args.seconds)
        pz = best(lambda: aec(KeizaiAECEnv(game_id, p), args.seconds))  # noqa: B023
        gl, gd = best(lambda: gymnasium(KeizaiGymEnv(game_id, p), args.seconds))  # noqa: B023
        line = (f"{game_id:26s} {p}p engine {eng:8.0f}  pettingzoo {pz:7.0f} ({pz / eng:4.0%})"
                f"  gymnasium {gl:7.0f} learner, {gd:7.0f} decisions ({gd / eng:4.0%})")
        if args.floor:
            size = encoder_for(game_id).size
            actions = keizai.get_game(game_id).num_distinct_actions
            length = episode_length(game_id, p)
            fixed_aec = FixedAEC(p, size, actions, length)
            fixed_gym = FixedGym(size, actions, length)
            fa = best(aec, fixed_aec, args.seconds)
            fg, _ = best(gymnasium, fixed_gym, args.seconds)
            ia = best(aec, ideal_aec(size, actions, length), args.seconds)
            ig, _ = best(gymnasium, ideal_gym(size, actions), args.seconds)
            # the floor and the engine together: what an environment that costs nothing
            # beyond the API and the engine would reach
            # (a Gymnasium step applies k = decisions / learner steps decisions)
            k = gd / gl

            def aec_cap(floor: float) -> float:
                return 1 / (1 / floor + 1 / eng) / eng  # noqa: B023

            def gym_cap(floor: float) -> float:
                return k / (k / eng + 1 / floor) / eng  # noqa: B023

            line += (f"\n{'':26s}    floor: pettingzoo {fa:7.0f} (with the engine "
                     f"{aec_cap(fa):4.0%}), gymnasium {fg:7.0f} (with "
                     f"the engine {gym_cap(fg):4.0%})"
                     f"\n{'':26s}    ideal: pettingzoo {ia:7.0f} (with the engine "
                     f"{aec_cap(ia):4.0%}), gymnasium {ig:7.0f} (with "
                     f"the engine {gym_cap(ig):4.0%})")
        print(line, flush=True)


if __name__ == "__main__":
    main()
