"""The padding of a seat's state message, so that its length tells nothing hidden.

TLS hides a message's bytes, not its length, and WebSocket messages are not compressed:
whatever in a seat's own message names its cards must take as many bytes whichever cards
they are. Four parts do: its hand (`Game.view_padding`), on its own turn its legal moves
("Build Cafeteria", from its hand) and its compound decision (pay from these cards), and
its own log entries (its draws). Each is padded to the widest it could be given only what
everyone sees (`Game.legal_room`, `Game.decision_padding`, `Game.private_entry_room`); the
message carries the sum as spaces (`pad`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from keizai import i18n
from keizai.engine import Action, Game, State
from keizai.engine.decision import PendingDecision
from keizai.engine.lengths import json_length


def legal_entry(game: Game, action: Action) -> dict[str, Any]:
    """A legal move as a seat's message lists it ("ends": the page asks before it)."""
    if game.ends_seat(action):
        return {"name": action.name, "label": action.label, "ends": True}
    return {"name": action.name, "label": action.label}


@cache
def entry_width(game: Game, action: Action) -> int:
    """The bytes of `action`'s `legal_entry` (the same for the game's life)."""
    return json_length(legal_entry(game, action))


def legal_padding(game: Game, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
    """The bytes the `legal` entries lack of the widest the moves could be (0: they are
    public, or a spectator's)."""
    groups = game.legal_room(view)
    if groups is None:
        return 0
    widths: list[int] = []
    for actions, most in groups:
        widths += sorted((entry_width(game, a) for a in actions), reverse=True)[:most]
    room = 2 + sum(widths) + max(len(widths) - 1, 0)
    return max(room - json_length(legal), 0)


def log_padding(state: State, seat: int, since: int, most: int | None, lines: bool) -> int:
    """The bytes `seat`'s log entries from `since` (at most `most`) lack of the widest
    their public counterparts allow, as JSON and, with `lines`, as English lines."""
    if most == 0:
        return 0
    own = state.events_since(seat, since)[:most]
    public = state.events_since(None, since)[:most]
    game: Game = state.game
    pad = 0
    for mine, everyone in zip(own, public, strict=True):
        if mine is everyone:   # the same entry: nothing private
            continue
        rooms = game.private_entry_room(everyone, mine)
        pad += max(json_length(i18n.to_json(r)) for r in rooms) - json_length(
            i18n.to_json(mine))
        if lines:
            pad += max(json_length(i18n.render(r)) for r in rooms) - json_length(
                i18n.render(mine))
    return max(pad, 0)


def seat_padding(state: State, seat: int, view: dict[str, Any],
                 legal: list[dict[str, Any]], whole: PendingDecision | None,
                 since: int, most: int | None, lines: bool) -> int:
    """The padding of `seat`'s message holding `view`, its `legal` moves and compound
    decision `whole` (its own turn; else [] and None) and its log from `since` (at most
    `most` entries; English `lines` too): the bytes it lacks of the widest a message
    with the same public parts could be."""
    game: Game = state.game
    pad = game.view_padding(view) + log_padding(state, seat, since, most, lines)
    if legal:
        pad += legal_padding(game, view, legal)
    if whole is not None:
        pad += max(game.decision_padding(view, whole), 0)
    return pad


__all__ = ["entry_width", "legal_entry", "legal_padding", "log_padding", "seat_padding"]
