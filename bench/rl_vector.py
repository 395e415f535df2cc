"""Throughput of `KeizaiVectorEnv` (N games in one process, numpy batches, same-step
autoreset) against Gymnasium's `SyncVectorEnv` over the same `KeizaiGymEnv`s: learner
steps per CPU-second of this process (opponents random; CPU time, not wall time, so a
busy machine changes the figures less), actions drawn uniformly among the legal ones
with numpy over the whole batch. `--engine` adds the engine's own decisions per
CPU-second (bench/rl_pettingzoo.py) and each learner step's decisions (the learner's and
the opponents' replies, averaged over random episodes): the ratio of
docs/performance.md, decisions applied through the environment against the engine's.

    python bench/rl_vector.py [--seconds 3] [--envs 16] [--game national-economy/progress]
                              [--engine]
"""

from __future__ import annotations

import argparse
import time

import gymnasium as gym
import numpy as np

from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv
from keizai.rl.observations import supported_games


def sample(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


def steps_per_second(envs: gym.vector.VectorEnv, seconds: float) -> float:
    rng = np.random.default_rng(0)
    obs, _ = envs.reset(seed=0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs, *_ = envs.step(sample(obs["action_mask"], rng))
        steps += envs.num_envs
    return steps / (time.process_time() - start)


def decisions_per_step(game_id: str, players: int, episodes: int = 100) -> float:
    """Decisions applied per learner step of `KeizaiGymEnv` against random opponents,
    with a random learner (the benchmark's play)."""
    env = KeizaiGymEnv(game_id, players)
    rng = np.random.default_rng(1)
    steps = decisions = 0
    for seed in range(episodes):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(sample(obs["action_mask"][None], rng)[0]))
            steps += 1
        decisions += len(env.state.history)
    return decisions / steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, action="append", help="N (default: 1 and 16)")
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--engine", action="store_true",
                        help="also the engine's decisions/CPU-s and the ratio to it")
    args = parser.parse_args()
    for game_id in args.game or supported_games():
        if args.engine:
            from rl_pettingzoo import engine

            eng = engine(game_id, args.players, args.seconds)
            k = decisions_per_step(game_id, args.players)
            print(f"{game_id:28s} {args.players}p engine {eng:8.0f} decisions/CPU-s; "
                  f"{k:.2f} decisions per learner step")
        for n in args.envs or [1, 16]:
            ours = KeizaiVectorEnv(game_id, n, players=args.players)
            sync = gym.vector.SyncVectorEnv(
                [lambda g=game_id: KeizaiGymEnv(g, args.players)] * n,
                autoreset_mode=gym.vector.AutoresetMode.SAME_STEP)
            fast, slow = steps_per_second(ours, args.seconds), steps_per_second(sync, args.seconds)
            line = (f"{game_id:28s} {args.players}p N={n:3d}: KeizaiVectorEnv {fast:8.0f} "
                    f"steps/CPU-s, SyncVectorEnv {slow:8.0f} steps/CPU-s")
            if args.engine:
                line += (f"; decisions {fast * k:8.0f} ({fast * k / eng:4.0%} of the engine) "
                         f"and {slow * k:8.0f} ({slow * k / eng:4.0%})")
            print(line)


if __name__ == "__main__":
    main()
