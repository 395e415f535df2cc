"""When may a human take back a decision?

In a game whose other seats are all bots, back to the human's previous decision, unless
chance or hidden information became visible since: the engine counts those moments (a
card drawn or revealed, a die rolled) in `State.reveals`, the same counter the terminal's
undo uses, so undo never lets a player see what chance would bring and then choose again.
What the bots chose in between (including cards they discarded face up) is not chance: it
is the result of choices, which a replay asks them to make again.
"""

from __future__ import annotations


def previous_decision(movers: list[int | None], seat: int) -> int | None:
    """The step of `seat`'s latest decision in the record, or None."""
    for step in range(len(movers) - 1, -1, -1):
        if movers[step] == seat:
            return step
    return None


def nothing_revealed(reveals_before: list[int], step: int, reveals_now: int) -> bool:
    """True when no card was drawn or revealed and no die rolled from `step` on."""
    return reveals_before[step] == reveals_now
