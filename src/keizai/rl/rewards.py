"""Final rewards of a finished game, per seat, from its scores and ranking.

- "score_diff": own total minus the mean of the other seats' totals (zero-sum). Solo:
  own total minus the game's target score if it has one ("target"), else the total.
- "win_loss": the winners (`winners()`: one seat, the first of `ranking()`, unless the
  game shares wins on a tie) share +1, the other seats share -1, so the rewards sum to
  zero and lie in [-1, 1]: one winner of n gets +1 and the others -1/(n-1) each; if
  every seat wins, all get 0. Solo: +1 when the score says "won", else -1.

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
        if len(winners) == n:
            return [0.0] * n
        return [1.0 / len(winners) if seat in winners else -1.0 / (n - len(winners))
                for seat in range(n)]
    totals = [row["total"] for row in scores]
    whole = sum(totals)
    return [float(t - (whole - t) / (n - 1)) for t in totals]
