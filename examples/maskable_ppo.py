"""Train sb3-contrib's MaskablePPO on the Gymnasium environment (learner vs `random`).

Needs torch and sb3-contrib, which keizai does not depend on (and `keizai[rl]`):

    pip install torch==2.13.0 sb3-contrib 'keizai[rl]'
    python examples/maskable_ppo.py --game national-economy/progress --steps 30000

It prints the untrained model's win rate against `random` (the baseline), trains, prints
the trained model's over the same games and saves it (`--save`; `MaskablePPO.load`).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

try:
    from sb3_contrib import MaskablePPO

    import keizai
    from keizai.rl.gymnasium_env import KeizaiGymEnv
except ImportError as missing:
    # the command of the docstring and of docs/rl.md: torch pinned to the version the
    # docs' result was trained with
    raise SystemExit(f"this example needs {missing.name}, which is not installed: "
                     "pip install torch==2.13.0 sb3-contrib 'keizai[rl]'") from None


def _given(text: str) -> str:
    """A refused value as it was typed, after the rule: "(given: 0)", and "(given: nothing)"
    for an empty one (Python's repr quoted it, "not '0'")."""
    return text if text.strip() else "nothing"


def _at_least_one(text: str) -> int:
    if not text.isascii() or not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1 "
                                         f"(given: {_given(text)})")
    return int(text)


def _save_path(text: str) -> str:
    """The file SB3 saves the model to (`text`, with ".zip" added when it has no suffix,
    as SB3 adds it), checked to be a file in an existing directory before the training,
    not after it."""
    path = Path(text) if Path(text).suffix else Path(f"{Path(text)}.zip")
    if not path.parent.is_dir() or path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is not a file in an existing directory")
    return os.fspath(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="national-economy/progress",
                        choices=keizai.games())
    parser.add_argument("--steps", type=_at_least_one, default=30_000)
    parser.add_argument("--eval-games", type=_at_least_one, default=100)
    parser.add_argument("--save", type=_save_path, default="maskable_ppo_keizai.zip",
                        help="where to save the trained model (.zip is added to a name "
                             "without a suffix, as SB3 does)")
    args = parser.parse_args()

    env = KeizaiGymEnv(args.game, players=2, opponents=["random"])
    # The observation is a Dict (vector and mask); MaskablePPO reads the mask from
    # env.action_masks().
    model = MaskablePPO("MultiInputPolicy", env, n_steps=1024, batch_size=256, seed=0)
    before = win_rate(model, args.game, args.eval_games)
    print(f"untrained MaskablePPO vs random: {before:.0%} wins over {args.eval_games} games")
    model.learn(total_timesteps=args.steps)
    after = win_rate(model, args.game, args.eval_games)
    print(f"MaskablePPO vs random: {after:.0%} wins over {args.eval_games} games "
          f"(untrained: {before:.0%})")
    model.save(args.save)
    print(f"saved the trained model to {args.save} (MaskablePPO.load)")


def win_rate(model: MaskablePPO, game: str, games: int) -> float:
    """Greedy play against `random` over fixed seeds (the same games before and after)."""
    test = KeizaiGymEnv(game, players=2, opponents=["random"], reward="win_loss")
    wins = 0
    for i in range(games):
        obs, _ = test.reset(seed=10**6 + i)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=test.action_masks(), deterministic=True)
            obs, reward, done, _, _ = test.step(int(action))
        wins += reward > 0
    return wins / games


if __name__ == "__main__":
    main()
