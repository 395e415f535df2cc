"""The log's last word on a finished game: each seat's score and its parts, as the final
ranking and the page's score table break it down (said in the reader's language by the
catalogue's `log.final_score`, each part by `log.score_part`)."""

from __future__ import annotations

from keizai.i18n import Message, msg

# keys of a score row that are no points of the total (a solo game's target and verdict)
NOT_PARTS = ("total", "target", "won")


def final_score_messages(scores: list[dict[str, int]]) -> list[Message]:
    """One log message per seat: "Final score: P1 15 points (buildings 10, bonuses 0, …)."
    `scores` is the game's `scores()` once it is over."""
    return [msg("log.final_score", seat=seat, total=row["total"],
                parts=[{"id": "log.score_part", "params": {"name": f"score_{key}",
                                                           "figure": value}}
                       for key, value in row.items() if key not in NOT_PARTS])
            for seat, row in enumerate(scores)]
