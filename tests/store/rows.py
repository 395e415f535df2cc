"""A stored game as tests read it back."""

from __future__ import annotations

from keizai.store import GameRow, Store


def loaded(store: Store, game_id: str) -> GameRow:
    """The stored game `game_id`, which must exist."""
    row = store.load(game_id)
    assert row is not None, f"no stored game {game_id}"
    return row
