"""Failed-login counters in the store (`SocialStore.count_login`): shared by every
process, counted before the password is checked so that logins at once cannot pass a
bound together, and deleted once their window has passed."""

from __future__ import annotations

import secrets
from concurrent.futures import ThreadPoolExecutor

from keizai.store import Store
from keizai.store.social import SocialStore

LATER = 3e9   # 2065


def key() -> str:
    """A counter of its own (the PostgreSQL database is shared by the tests)."""
    return secrets.token_hex(32)


def test_logins_at_once_pass_a_bound_only_up_to_it(database_url: str) -> None:
    """Thirty logins at the same moment from eight threads (each its own connection, as
    processes have): ten are counted, the others refused."""
    store = Store(database_url)
    social = SocialStore(store.engine)
    name = key()
    try:
        with ThreadPoolExecutor(8) as threads:
            counted = list(threads.map(
                lambda n: social.count_login([(f"{n:08}{name[8:]}", 10, 600.0), (name, 10, 600.0)],
                                             1000.0 + n / 100), range(30)))
        assert sum(counted) == 10
    finally:
        store.close()


def test_a_refused_login_takes_its_count_back_and_a_right_one_clears(database_url) -> None:
    store = Store(database_url)
    social = SocialStore(store.engine)
    name, client, other, third = key(), key(), key(), key()
    try:
        counters = [(client, 2, 600.0), (name, 3, 3600.0)]
        assert social.count_login(counters, 1000.0)
        assert social.count_login(counters, 1001.0)
        assert not social.count_login(counters, 1002.0)   # the client's 2
        social.uncount_login([client, name], 1001.0)      # e.g. refused 503 busy
        assert social.count_login(counters, 1003.0)
        assert social.count_login([(other, 2, 600.0), (name, 3, 3600.0)], 1004.0)
        assert not social.count_login([(third, 2, 600.0), (name, 3, 3600.0)], 1005.0)
        social.clear_logins([client, name])   # the name's 3 and this client's 2 go
        assert social.count_login(counters, 1006.0)
        assert social.count_login([(third, 2, 600.0), (name, 3, 3600.0)], 1007.0)
    finally:
        store.close()


def test_counters_go_once_their_window_has_passed(database_url: str) -> None:
    """A counter's row is deleted by a later login once its window has passed, so the
    table holds only the counters of the last hour, however many names were tried; a
    counter within its window is never dropped for room. (Long after every other test's
    counters: the first login here deletes them all.)"""
    store = Store(database_url)
    social = SocialStore(store.engine)
    name, client = key(), key()
    try:
        for n in range(50):
            assert social.count_login([(f"{n:08}{name[8:]}", 10, 600.0)], LATER)
        assert social.count_login([(name, 1, 3600.0)], LATER)
        assert social.login_counters() == 51
        assert social.count_login([(client, 10, 600.0)], LATER + 601)
        assert social.login_counters() == 2   # the name's hour has not passed
        assert not social.count_login([(name, 1, 3600.0)], LATER + 602)
        assert social.count_login([(name, 1, 3600.0)], LATER + 3601)
        assert social.login_counters() == 1
    finally:
        store.close()
