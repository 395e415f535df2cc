"""Throughput of the PettingZoo environment: steps per second with uniformly random legal
actions (each step: observe the acting seat, encode its view, mask, apply).

    python bench/rl_pettingzoo.py [--seconds 5] [--game national-economy/progress]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import keizai
from keizai.rl.pettingzoo_env import KeizaiAECEnv


def steps_per_second(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    env = KeizaiAECEnv(game_id, players)
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.perf_counter()
    env.reset(seed=0)
    while time.perf_counter() - start < seconds:
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        games += 1
        env.reset()
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", action="append", help="game id (default: all)")
    args = parser.parse_args()
    for game_id in args.game or keizai.games():
        for players in range(keizai.get_game(game_id).min_players,
                             keizai.get_game(game_id).max_players + 1):
            steps, games = steps_per_second(game_id, players, args.seconds)
            print(f"{game_id:28s} {players} players: {steps:8.0f} steps/s  {games:6.1f} games/s")


if __name__ == "__main__":
    main()
