"""Train sb3-contrib's MaskablePPO on the Gymnasium environment (learner vs `random`).

Needs torch and sb3-contrib, which keizai does not depend on:

    pip install torch==2.13.0 sb3-contrib
    python examples/maskable_ppo.py --game national-economy/progress --steps 30000
"""

from __future__ import annotations

import argparse

from sb3_contrib import MaskablePPO

from keizai.rl.gymnasium_env import KeizaiGymEnv


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="national-economy/progress")
    parser.add_argument("--steps", type=int, default=30_000)
    parser.add_argument("--eval-games", type=int, default=100)
    args = parser.parse_args()

    env = KeizaiGymEnv(args.game, players=2, opponents=["random"])
    # The observation is a Dict (vector and mask); MaskablePPO reads the mask from
    # env.action_masks().
    model = MaskablePPO("MultiInputPolicy", env, n_steps=1024, batch_size=256, seed=0)
    model.learn(total_timesteps=args.steps)

    test = KeizaiGymEnv(args.game, players=2, opponents=["random"], reward="win_loss")
    wins = 0
    for i in range(args.eval_games):
        obs, _ = test.reset(seed=10**6 + i)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=test.action_masks(), deterministic=True)
            obs, reward, done, _, _ = test.step(int(action))
        wins += reward > 0
    print(f"MaskablePPO vs random: {wins / args.eval_games:.0%} wins "
          f"over {args.eval_games} games")


if __name__ == "__main__":
    main()
