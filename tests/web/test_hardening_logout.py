"""Found by the session-27 attack pass: a logout looked its session up on the event loop,
and without any limit.

Anyone may send `POST /api/account/logout` with a session cookie of any value: it is
looked up in the database before the CSRF token is checked. That lookup ran on the event
loop, so while the database was slow to answer it every request of the process waited
(the reads of a new table's, a join's and a mute's cookie were moved to a worker thread
in session 21; the logout's was not), and no per-client limit counted logouts. Now the
lookup runs in a worker thread and a logout counts as an action (60 at once, then 15 a
second)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from keizai.store.social import SocialStore
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.social_helpers import other_game, slowed


def test_a_logout_slow_to_look_up_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the database is still looking the logout's cookie up, another game's
    summary is answered (before: only after the lookup, which here ends once the summary
    is answered, or after 5 s)."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app, base_url="https://testserver") as client:
        other = other_game(client)
        slow = slowed(monkeypatch, SocialStore, "session")
        client.cookies.set(app.state.social.accounts.cookie, "x" * 40)
        answered = slow.meanwhile(client, other, lambda: client.post(
            "/api/account/logout").status_code)
        assert (slow.in_time, answered) == ([True], [401])


def test_logouts_are_limited_per_client(db_url: str) -> None:
    app = create_app(db_url, bot_workers=1, limits=Limits(act=(5, 0.01)))
    with TestClient(app, base_url="https://testserver") as client:
        client.cookies.set(app.state.social.accounts.cookie, "x" * 40)
        codes = [client.post("/api/account/logout").status_code for _ in range(6)]
        assert codes == [401] * 5 + [429], codes
