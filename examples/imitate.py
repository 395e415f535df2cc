"""Clone a bot from a tournament's records, on the CPU, with numpy only: behaviour
cloning of one agent's decisions (keizai.rl.dataset's rows) by a one-hidden-layer network
with a masked softmax, then the greedy policy against `random` in the Gymnasium
environment.

    keizai sim --game national-economy/progress --players 2 --games 400 \\
        --agents heuristic,random --out runs/progress --records --no-plots
    python examples/imitate.py runs/progress/records.jsonl --agent heuristic

It prints how many rows of the agent's decisions the records gave, the share of them the
network matches after each pass, and the greedy policy's win rate against `random`
(seat drawn at random) beside a uniform choice among the legal actions', over the same
fresh games. Needs the extra `keizai[rl]` (numpy, gymnasium).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

try:
    import numpy as np
    import numpy.typing as npt

    from keizai.engine import UnknownGame
    from keizai.rl.dataset import as_arrays, decision_rows, read_records
    from keizai.rl.gymnasium_env import KeizaiGymEnv
except ImportError as missing:
    raise SystemExit(f"this example needs {missing.name}, which is not installed: "
                     "pip install 'keizai[rl]'") from None

Floats = npt.NDArray[np.float64]
Choose = Callable[[dict[str, np.ndarray]], int]


class Clone:
    """A masked softmax over the action indices of standardised observations."""

    def __init__(self, observations: Floats, actions: int, hidden: int,
                 rng: np.random.Generator) -> None:
        inputs = observations.shape[1]
        self.mean = observations.mean(axis=0)
        self.scale = observations.std(axis=0) + 1e-6
        self.params = [rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)), np.zeros(hidden),
                       rng.normal(0, 1 / np.sqrt(hidden), (hidden, actions)), np.zeros(actions)]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.updates = 0

    def probabilities(self, observations: Floats, masks: npt.NDArray[np.bool_]
                      ) -> tuple[Floats, Floats]:
        """The hidden layer and the probability of each legal action."""
        w1, b1, w2, b2 = self.params
        hidden = np.tanh(((observations - self.mean) / self.scale) @ w1 + b1)
        logits = np.where(masks, hidden @ w2 + b2, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return hidden, p / p.sum(axis=1, keepdims=True)

    def learn(self, observations: Floats, masks: npt.NDArray[np.bool_],
              actions: npt.NDArray[np.int64], lr: float) -> None:
        """One Adam step on the cross-entropy of the taken actions."""
        hidden, p = self.probabilities(observations, masks)
        p[np.arange(len(actions)), actions] -= 1
        p /= len(actions)
        back = (p @ self.params[2].T) * (1 - hidden ** 2)
        z = (observations - self.mean) / self.scale
        grads = [z.T @ back, back.sum(axis=0), hidden.T @ p, p.sum(axis=0)]
        self.updates += 1
        for param, grad, (m, v) in zip(self.params, grads, self.moments, strict=True):
            m[...] = 0.9 * m + 0.1 * grad
            v[...] = 0.999 * v + 0.001 * grad ** 2
            step = m / (1 - 0.9 ** self.updates)
            param -= lr * step / (np.sqrt(v / (1 - 0.999 ** self.updates)) + 1e-8)

    def choose(self, observation: dict[str, np.ndarray]) -> int:
        _, p = self.probabilities(observation["observation"][None].astype(np.float64),
                                  observation["action_mask"][None].astype(bool))
        return int(p.argmax())


def win_rate(game: str, players: int, choose: Choose, games: int, seed: int) -> float:
    """The share of fresh games `choose` wins (the game's winners) in the seat drawn at
    random, `random` in the others."""
    env = KeizaiGymEnv(game, players=players, opponents=["random"])
    wins = 0
    for number in range(games):
        observation, _ = env.reset(seed=seed + number)
        over = False
        while not over:
            observation, _, terminated, truncated, _ = env.step(choose(observation))
            over = terminated or truncated
        wins += env.seat in env.state.winners()
    return wins / games


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", help="the records.jsonl that keizai sim --records wrote "
                        "(one line a game, all of the run's one game id)")
    parser.add_argument("--agent", default="heuristic",
                        help="the bot of the line-up whose decisions to clone "
                        "(default: %(default)s)")
    parser.add_argument("--epochs", type=positive, default=15,
                        help="passes over the decisions (default: %(default)s)")
    parser.add_argument("--hidden", type=positive, default=128,
                        help="units of the hidden layer (default: %(default)s)")
    parser.add_argument("--batch", type=positive, default=256,
                        help="decisions per gradient step (default: %(default)s)")
    parser.add_argument("--lr", type=float, default=1e-3,
                        help="learning rate (default: %(default)s)")
    parser.add_argument("--eval-games", type=positive, default=200,
                        help="games against random for each win rate (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the network, the passes' order and the evaluation's "
                        "deals (default: %(default)s)")
    args = parser.parse_args()

    try:
        records = [record for record in read_records(args.records) if "error" not in record]
        rows = [row for record in records for row in decision_rows(record)
                if row.agent == args.agent]
    except (OSError, ValueError, UnknownGame) as refused:  # a file cut short, or none
        raise SystemExit(f"{args.records}: {refused}" if isinstance(refused, OSError)
                         else str(refused)) from None
    if not rows:
        raise SystemExit(f"{args.records} holds no decision of {args.agent!r}")
    game, players = records[0]["game"], records[0]["players"]
    data = as_arrays(rows)
    observations = data["observation"].astype(np.float64)
    masks = data["action_mask"].astype(bool)
    actions = data["action"]
    print(f"{len(rows)} decisions of {args.agent} in {len(records)} games of {game}")

    rng = np.random.default_rng(args.seed)
    clone = Clone(observations, masks.shape[1], args.hidden, rng)
    for epoch in range(1, args.epochs + 1):
        order = rng.permutation(len(rows))
        for start in range(0, len(rows), args.batch):
            batch = order[start:start + args.batch]
            clone.learn(observations[batch], masks[batch], actions[batch], args.lr)
        _, p = clone.probabilities(observations, masks)
        print(f"pass {epoch}: matches {np.mean(p.argmax(axis=1) == actions):.1%} of its actions")

    legal = np.random.default_rng(args.seed + 1)
    uniform: Choose = lambda o: int(legal.choice(np.flatnonzero(o["action_mask"])))  # noqa: E731
    fresh = 1_000_000 + args.seed
    print(f"against random over {args.eval_games} games: the clone wins "
          f"{win_rate(game, players, clone.choose, args.eval_games, fresh):.1%}, a uniform "
          f"legal choice {win_rate(game, players, uniform, args.eval_games, fresh):.1%}")


if __name__ == "__main__":
    main()
