"""When may a human take back a decision?

Rule (game-agnostic, through the engine contract only): in a game whose other seats are
all bots, the human may go back to their previous decision when nothing happened since
that the human could not have known beforehand, apart from their own and the bots'
choices. "Could not have known" is tested by determinization: from the position of that
decision, every hidden part and the future of the RNG are resampled consistently with
what the human knew (`determinize`) and the same actions are replayed. Resampled worlds
in which a bot's choice would be illegal contradict what the human saw and are dropped;
in every remaining world the human's view and log must come out as in the real game,
and at least one world must remain. A card drawn from the deck, a card
revealed or a die rolled gives a different view in some resampled world, so undo is
refused; a draw whose result was already certain (one card kind left) is no information
and does not block undo. The check runs over a fixed set of resamplings, so it is
repeatable; a false "allowed" would need every resampled deck to agree on the revealed
card, which the sample count makes negligible for real decks.
"""

from __future__ import annotations

import keizai
from keizai.engine import Rng, State

SAMPLES = 16


def previous_decision(movers: list[int | None], seat: int) -> int | None:
    """The step of `seat`'s latest decision in the record, or None."""
    for step in range(len(movers) - 1, -1, -1):
        if movers[step] == seat:
            return step
    return None


def reveals_nothing(record: dict, step: int, seat: int, current: State) -> bool:
    """True when actions `step..` of `record` showed `seat` nothing but choices."""
    before = keizai.replay({**record, "actions": record["actions"][:step]})
    later = record["actions"][step:]
    want_view = current.view(seat)
    log_start = len(before.log(seat))
    want_log = current.log(seat)[log_start:]
    consistent = 0
    for sample in range(SAMPLES):
        world = before.determinize(seat, Rng(0x5EED + sample))
        try:
            for name in later:
                world.apply(name)
        except keizai.IllegalAction:
            continue
        if world.view(seat) != want_view or world.log(seat)[log_start:] != want_log:
            return False
        consistent += 1
    return consistent > 0
