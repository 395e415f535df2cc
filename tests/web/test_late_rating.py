"""A game loaded already finished but not yet rated (it ended just before a crash, or in
another server process, which rates it itself: this one loads the last move and tries
too) is rated, or noted unrated, in a worker thread: on the event loop, the rating's
write (which waits for the other process's, a row lock) held every request of the
process."""

from __future__ import annotations

import warnings

import pytest
from sqlalchemy import update

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.store.social import SocialStore, table_settings
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.social_helpers import finished_table, other_game, slowed, wait_for


def test_a_finished_game_rated_when_loaded_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A guest's finished game whose settings say neither rated nor why not (as a crash
    right after its last move leaves it), dropped from memory, is opened by a stranger:
    while the database is still writing why it is unrated, another game's summary is
    answered (before: written on the event loop, so the summary waited for the write to
    end; the write here ends once the summary is answered, or after 5 s). The game is
    then noted unrated, once."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        other = other_game(client)
        finished = finished_table(client)
        social = app.state.social
        with social.store.engine.begin() as conn:   # as if it crashed before rating it
            conn.execute(update(table_settings).where(
                table_settings.c.game_id == finished["id"]).values(rated=0, unrated=None))
        tables = social.tables
        tables._drop(tables.tables[finished["id"]])
        slow = slowed(monkeypatch, SocialStore, "update_settings",
                      lambda _store, _game_id, **values: values.get("unrated") == "guest")
        opened = slow.meanwhile(client, other, lambda: client.get(
            f"/api/games/{finished['id']}").status_code)
        # the rating's thread writes once the summary is answered, then reads the rows
        settings = wait_for(lambda: (s := social.settings.get(finished["id"])) is not None
                            and s.unrated is not None and s)
        assert (slow.in_time, opened) == ([True], [200])
        assert settings.unrated == "guest"
        assert social.db.settings(finished["id"]).unrated == "guest"
