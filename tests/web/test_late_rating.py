"""A game loaded already finished but not yet rated (it ended just before a crash, or in
another server process, which rates it itself: this one loads the last move and tries
too) is rated, or noted unrated, in a worker thread: on the event loop, the rating's
write (which waits for the other process's, a row lock) held every request of the
process."""

from __future__ import annotations

import threading
import warnings
from typing import Any

import pytest
from sqlalchemy import update

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.store.social import SocialStore, table_settings
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.social_helpers import new_table, play_out, token_of, wait_for
from tests.web.test_hardening_stall import summary_while


def test_a_finished_game_rated_when_loaded_keeps_no_other_request_waiting(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A guest's finished game whose settings say neither rated nor why not (as a crash
    right after its last move leaves it), dropped from memory, is opened by a stranger:
    while the database is still writing why it is unrated, another game's summary is
    answered (before: written on the event loop, so the summary waited for the write to
    end; the write here ends once the summary is answered, or after 5 s). The game is
    then noted unrated, once."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    writing, summarised = threading.Event(), threading.Event()
    in_time: list[bool] = []
    real = SocialStore.update_settings
    with TestClient(app) as client:
        other = client.post("/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "random"]}).json()
        finished = new_table(client, ["human", "random"])
        play_out(client, finished["id"], {0: token_of(finished, 0)})
        social = app.state.social
        with social.store.engine.begin() as conn:   # as if it crashed before rating it
            conn.execute(update(table_settings).where(
                table_settings.c.game_id == finished["id"]).values(rated=0, unrated=None))
        tables = social.tables
        tables._drop(tables.tables[finished["id"]])

        def slow(self: SocialStore, game_id: str, **values: Any) -> Any:
            if values.get("unrated") == "guest":
                writing.set()
                in_time.append(summarised.wait(5))
            return real(self, game_id, **values)

        monkeypatch.setattr(SocialStore, "update_settings", slow)
        opened = summary_while(client, other["id"], writing, summarised, lambda: client.get(
            f"/api/games/{finished['id']}").status_code)
        # the rating's thread writes once the summary is answered, then reads the rows
        settings = wait_for(lambda: (s := social.settings.get(finished["id"])) is not None
                            and s.unrated is not None and s)
        assert (in_time, opened) == ([True], [200])
        assert settings.unrated == "guest"
        assert social.db.settings(finished["id"]).unrated == "guest"
