"""The social tables on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import secrets
from datetime import timedelta

import pytest

import keizai
from keizai.store import SeatRow, Store
from keizai.store.social import Rating, SocialStore, now


def rate(priors: list[Rating], places: list[int]) -> list[Rating]:
    """A stand-in model: the winner gains one point per place it beat, sigma shrinks."""
    return [Rating(p.mu + (len(places) - 2 * place + 1), p.sigma * 0.9)
            for p, place in zip(priors, places, strict=True)]


@pytest.fixture
def stores(database_url: str):
    store = Store(database_url)
    yield store, SocialStore(store.engine)
    store.close()


def new_game(store: Store, players: int = 2) -> str:
    game_id = secrets.token_hex(6)
    state = keizai.new_game("national-economy/mecenat", players, seed=1)
    store.create_game(game_id, state.record(), "host-" + game_id, [
        SeatRow(i, "human", None, f"{game_id}-{i}", False) for i in range(players)])
    return game_id


def test_accounts_sessions_and_seats(stores) -> None:
    store, social = stores
    name = "u" + secrets.token_hex(3)
    account = social.create_account(name, name.casefold(), name.casefold(), name, "hash")
    assert account is not None
    assert social.create_account(name.upper(), name.casefold(), "x" + name, "y" + name,
                                 "hash") is None   # the key is taken
    sid = secrets.token_hex(32)
    social.create_session(sid, account, "csrf", now() + timedelta(hours=1))
    session = social.session(sid)
    assert session is not None and session.account.username == name
    social.expire_session(sid, now() - timedelta(seconds=1))
    assert social.session(sid) is None
    game_id = new_game(store)
    social.create_settings(game_id, visibility="private", clock="fast", rated=0,
                           host_account_id=account)
    social.set_seat_player(game_id, 1, name="Kim", account_id=account)
    social.set_seat_player(game_id, 1, muted=1)
    player = social.seat_players(game_id)[1]
    assert (player.name, player.username, player.muted) == ("Kim", name, True)
    assert [(s["id"], s["seat"], s["token"]) for s in social.account_seats(account)] == [
        (game_id, 1, f"{game_id}-1")]
    hosted = social.hosted_games(account)
    assert hosted[0]["host_token"] == "host-" + game_id and len(hosted[0]["invites"]) == 2
    assert social.settings(game_id).visibility == "private"
    assert social.claim_rematch(game_id, "next") and not social.claim_rematch(game_id, "x")


def test_ratings_history_and_chat(stores) -> None:
    store, social = stores
    game = "test/" + secrets.token_hex(3)
    first, second = new_game(store), new_game(store)
    for game_id in (first, second):
        social.create_settings(game_id, visibility="public", clock="none", rated=0)
    start = Rating(25.0, 8.0)
    assert social.rate(first, game, [(0, "bot:a", 1), (1, "bot:b", 2)], rate, start)
    assert not social.rate(first, game, [(0, "bot:a", 1), (1, "bot:b", 2)], rate, start)
    assert social.rate(second, game, [(0, "bot:b", 1), (1, "bot:b", 2)], rate, start)
    board = {r["player"]: r for r in social.leaderboard(game)}
    assert board["bot:a"]["mu"] == 26.0 and board["bot:a"]["games"] == 1
    # b: -1 in the first game, then +1 and -1 for its two seats in the second
    assert board["bot:b"]["mu"] == 24.0 and board["bot:b"]["games"] == 3
    assert [h["game_id"] for h in social.history("bot:b", game)] == [first, second, second]
    message = social.add_chat(first, 0, "Lee", "&lt;b&gt;")
    assert social.chat(first) == [message]


def test_a_new_session_ends_the_expired_ones_and_tells_every_process(
        stores, database_url: str) -> None:
    """`create_session` returns the sessions it deleted; on PostgreSQL they are told in
    `ended:` notices of at most ENDED_PER_NOTICE ids each (a notice's payload is at most
    8,000 bytes), so that every process closes their seats' connections at once."""
    from sqlalchemy import insert

    from keizai.store.db import NOTIFY_CHANNEL
    from keizai.store.social import ENDED_PER_NOTICE, sessions

    store, social = stores
    name = "e" + secrets.token_hex(3)
    account = social.create_account(name, name, name, name, "hash")
    assert account is not None
    past = now() - timedelta(seconds=1)
    expired = {secrets.token_hex(32) for _ in range(2 * ENDED_PER_NOTICE + 1)}
    with store.engine.begin() as conn:
        conn.execute(insert(sessions), [{"id": sid, "account_id": account, "csrf": "c",
                                         "created": past, "expires": past}
                                        for sid in expired])
    heard: list[str] = []
    if database_url.startswith("postgresql"):
        import psycopg
        from sqlalchemy.engine import make_url

        dsn = make_url(database_url).set(drivername="postgresql").render_as_string(
            hide_password=False)
        with psycopg.connect(dsn, autocommit=True) as listener:
            listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            ended = social.create_session(secrets.token_hex(32), account, "c",
                                          now() + timedelta(hours=1))
            told: set[str] = set()
            for notice in listener.notifies(timeout=5.0):
                if notice.payload.startswith("ended:"):
                    heard.append(notice.payload)
                    told |= set(notice.payload.removeprefix("ended:").split(","))
                if expired <= told:
                    break
        assert expired <= told
        assert all(len(payload) <= 8000 for payload in heard)
    else:
        ended = social.create_session(secrets.token_hex(32), account, "c",
                                      now() + timedelta(hours=1))
    assert expired <= ended
    assert all(social.session(sid) is None for sid in expired)
