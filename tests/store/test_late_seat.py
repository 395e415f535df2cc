"""An account sitting down at a seat that has decided already is noted with the game
unrated (`late_seat`), in the transaction that writes the account, and the store rates
no game noted unrated meanwhile (the game ending as the account sits down, its
standings read before the note), on SQLite and on PostgreSQL. Until session 33 the
account was rated on the moves a guest made before it
(tests/web/test_rating_late_seat.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from keizai.store import Store
from keizai.store.social import Settings, SocialStore
from keizai.web.ratings import DEFAULT, rate
from tests.store.test_seat_owned import account, no_clash
from tests.store.test_social import new_game

GAME = "national-economy/mecenat"


@pytest.fixture
def stores(database_url: str) -> Iterator[tuple[Store, SocialStore]]:
    store = Store(database_url)
    yield store, SocialStore(store.engine)
    store.close()


def settings(social: SocialStore, game_id: str) -> Settings:
    stored = social.settings(game_id)
    assert stored is not None
    return stored


def table(store: Store, social: SocialStore) -> str:
    game_id = new_game(store)
    social.create_settings(game_id, visibility="public", clock="none", rated=0)
    social.set_seat_player(game_id, 0, bot="random")
    return game_id


def test_an_account_sitting_down_late_is_noted_and_not_rated(
        stores: tuple[Store, SocialStore]) -> None:
    store, social = stores
    game_id, late = table(store, social), account(social, "late")
    assert social.name_seat(game_id, 1, {"name": "Guest"}, no_clash, decided=True)
    assert settings(social, game_id).unrated is None   # a guest's name is no account
    standings = [(0, "bot:random", 1), (1, f"account:{late}", 2)]
    social.name_seat(game_id, 1, {"name": "late", "account_id": late}, no_clash,
                     decided=True)
    assert settings(social, game_id).unrated == "late_seat"
    assert not social.rate(game_id, GAME, standings, rate, DEFAULT)
    assert settings(social, game_id).rated is False
    assert social.leaderboard(GAME) == []


def test_an_account_already_seated_renaming_itself_is_still_rated(
        stores: tuple[Store, SocialStore]) -> None:
    store, social = stores
    game_id, early = table(store, social), account(social, "early")
    social.name_seat(game_id, 1, {"name": "early", "account_id": early}, no_clash)
    social.name_seat(game_id, 1, {"name": "Renamed", "account_id": early}, no_clash,
                     decided=True)
    assert settings(social, game_id).unrated is None
    standings = [(0, "bot:random", 1), (1, f"account:{early}", 2)]
    assert social.rate(game_id, GAME, standings, rate, DEFAULT)
