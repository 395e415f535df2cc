"""Throughput of `KeizaiVectorEnv` (N games in one process, numpy batches, same-step
autoreset) against Gymnasium's `SyncVectorEnv` over the same `KeizaiGymEnv`s: learner
steps per CPU-second of this process (opponents random; CPU time, not wall time, so a
busy machine changes the figures less), actions drawn uniformly among the legal ones
with numpy over the whole batch.

    python bench/rl_vector.py [--seconds 3] [--envs 16] [--game national-economy/progress]
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, action="append", help="N (default: 1 and 16)")
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    for game_id in args.game or supported_games():
        for n in args.envs or [1, 16]:
            ours = KeizaiVectorEnv(game_id, n, players=args.players)
            sync = gym.vector.SyncVectorEnv(
                [lambda g=game_id: KeizaiGymEnv(g, args.players)] * n,
                autoreset_mode=gym.vector.AutoresetMode.SAME_STEP)
            fast, slow = steps_per_second(ours, args.seconds), steps_per_second(sync, args.seconds)
            print(f"{game_id:28s} {args.players}p N={n:3d}: KeizaiVectorEnv {fast:8.0f} "
                  f"steps/CPU-s, SyncVectorEnv {slow:8.0f} steps/CPU-s")


if __name__ == "__main__":
    main()
