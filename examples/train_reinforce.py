"""Train a small policy on a 2-player keizai game against `random`, on the CPU, with
numpy only: REINFORCE with a baseline, action masking, a one-hidden-layer network.

    python examples/train_reinforce.py --game national-economy/progress --minutes 3
    python examples/train_reinforce.py --episodes 20000 --seed 1   # the same policy each run

It prints the untrained policy's win rate against `random` (the baseline), the learning
curve, then the trained policy's win rate over the same fresh games (seat drawn at
random), and saves the trained policy (`--save`, numpy's .npz; `Policy.load` reads it).
Needs the extra `keizai[rl]` (numpy, gymnasium).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Callable

try:
    import gymnasium
    import numpy as np

    import keizai
    from keizai.rl.gymnasium_env import KeizaiGymEnv
except ImportError as missing:
    raise SystemExit(f"this example needs {missing.name}, which is not installed: "
                     "pip install 'keizai[rl]'") from None


class Policy:
    """Masked softmax over the game's action indices; observations are standardised
    with running statistics."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        self.params = {
            "w1": rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.01, (hidden, actions)),
            "b2": np.zeros(actions),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.updates = 0
        self.mean = np.zeros(inputs)
        self.var = np.ones(inputs)
        self.seen = 1e-4

    def save(self, path: str) -> None:
        """The weights and the observation statistics, as numpy's .npz."""
        p = self.params
        np.savez(path, mean=self.mean, var=self.var, seen=self.seen,
                 w1=p["w1"], b1=p["b1"], w2=p["w2"], b2=p["b2"])

    @classmethod
    def load(cls, path: str) -> Policy:
        with np.load(path) as data:
            inputs, hidden = data["w1"].shape
            policy = cls(inputs, data["w2"].shape[1], hidden, np.random.default_rng(0))
            policy.params = {k: data[k].copy() for k in policy.params}
            policy.mean, policy.var = data["mean"].copy(), data["var"].copy()
            policy.seen = float(data["seen"])
        return policy

    def normalise(self, x: np.ndarray) -> np.ndarray:
        return (x - self.mean) / np.sqrt(self.var + 1e-6)

    def observe_batch(self, xs: np.ndarray) -> None:
        """Fold a batch of raw observations into the running mean and variance."""
        n = len(xs)
        delta = xs.mean(0) - self.mean
        total = self.seen + n
        self.mean = self.mean + delta * n / total
        self.var = (self.var * self.seen + xs.var(0) * n
                    + delta**2 * self.seen * n / total) / total
        self.seen = total

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = self.params
        h = np.tanh(self.normalise(x) @ p["w1"] + p["b1"])
        z = h @ p["w2"] + p["b2"]
        z = np.where(mask > 0, z, -np.inf)
        z -= z.max(-1, keepdims=True)
        e = np.exp(z)
        return h, e / e.sum(-1, keepdims=True)

    def act(self, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator,
            greedy: bool = False) -> int:
        _, probs = self.forward(x[None], mask[None])
        return int(probs[0].argmax()) if greedy else int(rng.choice(len(mask), p=probs[0]))

    def update(self, xs: np.ndarray, masks: np.ndarray, actions: np.ndarray,
               advantages: np.ndarray, lr: float, entropy: float) -> None:
        """One Adam step of gradient ascent on mean(advantage * log pi) + entropy bonus."""
        h, probs = self.forward(xs, masks)
        onehot = np.zeros_like(probs)
        onehot[np.arange(len(actions)), actions] = 1
        logp = np.log(np.where(probs > 0, probs, 1.0))
        ent_grad = -probs * (logp + (-(probs * logp).sum(-1, keepdims=True)))
        dz = ((onehot - probs) * advantages[:, None] + entropy * ent_grad) / len(actions)
        p = self.params
        dh = (dz @ p["w2"].T) * (1 - h**2)
        grads = {"w2": h.T @ dz, "b2": dz.sum(0), "w1": self.normalise(xs).T @ dh,
                 "b1": dh.sum(0)}
        self.updates += 1
        for k, g in grads.items():
            m, v = self.moments[k]
            m[:] = 0.9 * m + 0.1 * g
            v[:] = 0.999 * v + 0.001 * g**2
            m_hat = m / (1 - 0.9**self.updates)
            v_hat = v / (1 - 0.999**self.updates)
            p[k] += lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def run_episode(env: KeizaiGymEnv, policy: Policy, rng: np.random.Generator, seed: int,
                greedy: bool = False
                ) -> tuple[list[np.ndarray], list[np.ndarray], list[int], float]:
    obs, _ = env.reset(seed=seed)
    xs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    done, reward = False, 0.0
    while not done:
        action = policy.act(obs["observation"], obs["action_mask"], rng, greedy)
        xs.append(obs["observation"])
        masks.append(obs["action_mask"])
        actions.append(action)
        obs, reward, done, _, _ = env.step(action)
    return xs, masks, actions, reward


def win_rate(game: str, policy: Policy, games: int, seed: int) -> float:
    env = KeizaiGymEnv(game, players=2, opponents=["random"], reward="win_loss")
    rng = np.random.default_rng(seed)
    wins = sum(run_episode(env, policy, rng, seed + i, greedy=True)[3] > 0 for i in range(games))
    return wins / games


def _given(text: str) -> str:
    """A refused value as it was typed, after the rule: "(given: 0)", "(given: it's)", and
    "(given: nothing)" for an empty one (Python's repr quoted it, "not '0'")."""
    return text if text.strip() else "nothing"


def _whole(low: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not text.isascii() or not text.isdecimal() or int(text) < low:
            raise argparse.ArgumentTypeError(f"must be a whole number of at least {low} "
                                             f"(given: {_given(text)})")
        return int(text)
    return parse


def _number(low: float, low_allowed: bool) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or value < low or (value == low and not low_allowed):
            bound = f"at least {low:g}" if low_allowed else f"more than {low:g}"
            raise argparse.ArgumentTypeError(f"must be a number {bound} (given: {_given(text)})")
        return value
    return parse


def _save_path(text: str) -> str:
    folder = os.path.dirname(text) or "."
    if not os.path.isdir(folder) or os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is not a file in an existing directory")
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="national-economy/progress",
                        choices=keizai.games())
    parser.add_argument("--minutes", type=_number(0, True), default=3.0)
    parser.add_argument("--episodes", type=_whole(1), default=None,
                        help="train exactly this many episodes instead of --minutes: "
                             "the same policy from the same --seed at every run")
    parser.add_argument("--batch", type=_whole(1), default=32, help="episodes per update")
    parser.add_argument("--hidden", type=_whole(1), default=64)
    parser.add_argument("--lr", type=_number(0, False), default=3e-3)
    parser.add_argument("--eval-games", type=_whole(1), default=300)
    parser.add_argument("--seed", type=_whole(0), default=0)
    parser.add_argument("--save", type=_save_path, default="reinforce_policy.npz",
                        help="where to save the trained policy")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    env = KeizaiGymEnv(args.game, players=2, opponents=["random"], reward="score_diff")
    observation = env.observation_space["observation"]
    assert isinstance(observation, gymnasium.spaces.Box)
    policy = Policy(observation.shape[0], int(env.action_space.n), args.hidden, rng)
    before = win_rate(args.game, policy, args.eval_games, seed=10**6)
    print(f"untrained policy vs random: {before:.0%} wins")

    start, episode, update = time.monotonic(), 0, 0
    episodes: int | None = args.episodes
    seconds: float = args.minutes * 60

    def go_on() -> bool:
        if episodes is not None:  # a count, not the clock: the run reproduces
            return episode < episodes
        return time.monotonic() - start < seconds

    while go_on():
        size = args.batch if episodes is None else min(args.batch, episodes - episode)
        batch = [run_episode(env, policy, rng, seed=args.seed * 10**7 + episode + i)
                 for i in range(size)]
        episode += size
        returns = np.array([b[3] for b in batch]) / 50.0  # score difference, scaled
        advantages = np.concatenate([np.full(len(b[2]), r - returns.mean())
                                     for b, r in zip(batch, returns, strict=True)])
        xs = np.array([x for b in batch for x in b[0]], dtype=np.float64)
        policy.observe_batch(xs)
        policy.update(xs, np.array([m for b in batch for m in b[1]]),
                      np.array([a for b in batch for a in b[2]]), advantages, args.lr,
                      entropy=0.01)
        update += 1
        if update % 20 == 0:
            print(f"{time.monotonic() - start:6.0f}s  {episode:6d} episodes  "
                  f"mean score difference {np.mean([b[3] for b in batch]):+.1f}")

    after = win_rate(args.game, policy, args.eval_games, seed=10**6)
    print(f"trained on {episode} episodes in {time.monotonic() - start:.0f}s")
    print(f"trained policy vs random: {after:.0%} wins over {args.eval_games} games "
          f"(untrained: {before:.0%})")
    policy.save(args.save)
    print(f"saved the trained policy to {args.save} (examples/train_reinforce.py: "
          "Policy.load)")


if __name__ == "__main__":
    main()
