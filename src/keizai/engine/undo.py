"""When may a player take back a decision? One rule for every face (terminal and web).

In a game whose other seats are all bots, back to the player's previous decision, unless
something hidden became visible to that player since: the engine counts those moments
(a card drawn or revealed, a die rolled, a card leaving a hidden hand) in
`State.reveals`, so undo never lets a player see what chance or another hand holds and
then choose again. A card leaving the player's *own* hand in the player's own decision (a
building built, a card paid) is counted apart in `State.own_hand_reveals`: it is news to
the others, not to the player, so it does not stop that player's undo. What the bots chose
in between is not chance: it is the result of choices, which a replay asks them to make
again.
"""

from __future__ import annotations

from typing import Any

# The engine's two counters before a step: (reveals, own_hand_reveals).
Counters = tuple[int, int]


def counters(state: Any) -> Counters:
    """The counters of `state` (a keizai State), to note before each step."""
    return (state.reveals, state.own_hand_reveals)


def decision_kind(state: Any) -> str | None:
    """The kind of compound decision `state` is in (a payment, a sale…), or None."""
    decision = state.pending_decision()
    return None if decision is None else decision.kind


def previous_decision(movers: list[int | None], seat: int,
                      kinds: list[str | None] | None = None) -> int | None:
    """The step of `seat`'s latest decision in the record, or None. With `kinds` (the
    kind of compound decision each step was part of, `State.pending_decision().kind`), a
    whole decision chosen at once (a payment, a sale) is taken back whole: the step
    returned is its first."""
    for step in range(len(movers) - 1, -1, -1):
        if movers[step] == seat:
            return step if kinds is None else whole_decision_start(movers, kinds, step)
    return None


def whole_decision_start(movers: list[int | None], kinds: list[str | None],
                         step: int) -> int:
    """The first step of the compound decision that `step` belongs to."""
    while (step > 0 and kinds[step] is not None and movers[step - 1] == movers[step]
           and kinds[step - 1] == kinds[step]):
        step -= 1
    return step


def nothing_revealed(before: list[Counters], movers: list[int | None], seat: int,
                     step: int, now: Counters) -> bool:
    """True when nothing hidden became visible to `seat` from `step` on. `before[k]` and
    `movers[k]` are the counters before step k and the seat that decided it; `now` the
    counters after the last step."""
    return revealed_at(before, movers, seat, step, now) is None


def revealed_at(before: list[Counters], movers: list[int | None], seat: int, step: int,
                now: Counters) -> int | None:
    """The first step from `step` on that showed `seat` something hidden (its mover is
    who drew, revealed or rolled: what a page tells the player), or None. The arguments
    are `nothing_revealed`'s."""
    marks = [*before[step:], now]
    for k in range(len(marks) - 1):
        shown = marks[k + 1][0] - marks[k][0]
        own = marks[k + 1][1] - marks[k][1]
        if shown - (own if movers[step + k] == seat else 0):
            return step + k
    return None
