"""A seat an account sat down at is named by that account alone, as the store writes
it: two joins at once through two server processes are each checked against what the
other has not written yet, and before session 30 the second account's write took the
seat from the first (`SocialStore.name_seat`, on SQLite and on PostgreSQL)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from keizai.store import Store
from keizai.store.social import SeatOwned, SocialStore
from tests.store.test_social import new_game


@pytest.fixture
def stores(database_url: str) -> Iterator[tuple[Store, SocialStore]]:
    store = Store(database_url)
    yield store, SocialStore(store.engine)
    store.close()


def account(social: SocialStore, name: str) -> int:
    key = name + secrets.token_hex(3)
    made = social.create_account(key, key, key, key, "hash")
    assert made is not None
    return int(made)


def no_clash(_name: str, _account: int | None) -> bool:
    return False


def test_a_seat_s_account_is_not_replaced_by_another(
        stores: tuple[Store, SocialStore]) -> None:
    store, social = stores
    game_id = new_game(store)
    alice, mallory = account(social, "alice"), account(social, "mallory")
    assert social.name_seat(game_id, 1, {"name": "alice", "account_id": alice}, no_clash)
    for values in ({"name": "mallory", "account_id": mallory}, {"name": "Mallory"}):
        with pytest.raises(SeatOwned):
            social.name_seat(game_id, 1, values, no_clash)
    player = social.seat_players(game_id)[1]
    assert (player.name, player.account_id) == ("alice", alice)
    # its own account renames it; a seat nobody sat at is anyone's to take
    assert social.name_seat(game_id, 1, {"name": "Ally", "account_id": alice}, no_clash)
    assert social.name_seat(game_id, 0, {"name": "Guest"}, no_clash)
    assert social.name_seat(game_id, 0, {"name": "mallory", "account_id": mallory},
                            no_clash)
    assert {s: (p.name, p.account_id) for s, p in social.seat_players(game_id).items()} \
        == {0: ("mallory", mallory), 1: ("Ally", alice)}
