"""Final rewards of a finished game, per seat, from its scores and ranking.

Both kinds are zero-sum by one formula over a number x per seat: a seat's reward is
(n·x − Σx) / P, with n seats and P the smallest power of two at least n − 1 (1, 2, 4
for 2, 3, 4 seats). That is own x minus the mean of the other seats' x, times
(n − 1) / P: the factor is 1 with 2 or 3 seats; with 4 it is 3/4, which makes the reward
own x minus the mean of all four. An integer over a power of two is exact in binary, so
the rewards sum to exactly 0.0 in any order (own minus the others' mean with 4 seats
divides by 3: one winner of four got +1 and -1/3 each, which summed to 5.6e-17).

- "score_diff": x is the seat's total. Solo: own total minus the game's target score if
  it has one ("target"), else the total.
- "win_loss": x is 1 for a winner (`winners()`: one seat, the first of `ranking()`,
  unless the game shares wins on a tie), else 0. The rewards lie in [-1, 1]: with 2 or 3
  seats the winners share +1 and the other seats -1 (one winner of three: +1, -1/2
  each); with 4, one winner gets +3/4 and the others -1/4 each, two winners +1/2 and
  -1/2, three winners +1/4 and -3/4; if every seat wins, all get 0. Solo: +1 when the
  score says "won", else -1.

The environments' default is `default_reward(game_id)`: "score_diff", except for games
whose score total is a ranking key rather than points (企業帝國: won × 10^6 + companies
× 10^4 + cash, so a score difference is about ±1.4 million), which default to "win_loss".
"""

from __future__ import annotations

from keizai.engine import State

REWARD_KINDS = ("score_diff", "win_loss")
# Games whose `scores()` total orders seats but does not count points.
RANKING_KEY_TOTALS = frozenset({"enterprise-empire"})


def default_reward(game_id: str) -> str:
    """The reward kind an environment uses when none is given (see the module notes)."""
    return "win_loss" if game_id in RANKING_KEY_TOTALS else "score_diff"


def check_reward_kind(kind: str) -> str:
    if kind not in REWARD_KINDS:
        raise ValueError(f"unknown reward {kind!r} (known: {', '.join(REWARD_KINDS)})")
    return kind


def final_rewards(state: State, kind: str = "score_diff",
                  scores: list[dict[str, int]] | None = None) -> list[float]:
    """Reward of every seat once `state.is_over` (ValueError before). `scores`: the
    state's `scores()` when the caller has them already."""
    check_reward_kind(kind)
    if not state.is_over:
        raise ValueError("the game is not over")
    if scores is None:
        scores = state.scores()
    n = state.num_players
    if n == 1:
        row = scores[0]
        if kind == "win_loss":
            return [1.0 if row.get("won") else -1.0]
        return [float(row["total"] - row.get("target", 0))]
    if kind == "win_loss":
        winners = set(state.winners())
        return zero_sum_rewards([int(seat in winners) for seat in range(n)])
    return zero_sum_rewards([row["total"] for row in scores])


def zero_sum_rewards(values: list[int]) -> list[float]:
    """(n·x − Σx) / P per seat (the module notes): exact floats summing to exactly 0."""
    n = len(values)
    whole = sum(values)
    scale = 1 << (n - 2).bit_length()  # the smallest power of two >= n - 1
    return [(n * value - whole) / scale for value in values]
