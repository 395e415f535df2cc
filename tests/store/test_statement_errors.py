"""A statement the database refuses raises an error whose words name its statement, not
the values sent with it: the server logs such an error ("storing a new game failed",
"writing game … failed"), and a new game's values are its seats' and host's tokens and
its seed (the deck order of a game with hidden cards); a session's is its token, a chat
line its words."""

from __future__ import annotations

import secrets

import pytest
from sqlalchemy.exc import IntegrityError

import keizai
from keizai.store import SeatRow, Store


@pytest.fixture
def store(database_url: str):
    store = Store(database_url)
    yield store
    store.close()


def test_a_refused_statement_names_no_token_seed_or_action(store: Store) -> None:
    game_id = secrets.token_hex(6)
    seed = 4_242_424_242_424_242
    record = keizai.new_game("national-economy/mecenat", 2, seed).record()
    tokens = [f"seat-token-{secrets.token_hex(8)}" for _ in range(2)]
    host = f"host-token-{secrets.token_hex(8)}"
    rows = [SeatRow(seat, "human", None, token, False) for seat, token in enumerate(tokens)]
    store.create_game(game_id, record, host, rows)
    with pytest.raises(IntegrityError) as stored_twice:   # the same id again
        store.create_game(game_id, record, host, rows)
    words = str(stored_twice.value)
    assert "INSERT INTO games" in words   # what failed is still said
    for value in (*tokens, host, str(seed)):
        assert value not in words
