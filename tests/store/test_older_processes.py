"""An upgrade on PostgreSQL while processes of the older keizai still serve (the workers
restarted one by one). Such a process does not look at the schema again once started:
measured with the keizai of migration 0005 serving while today's migrated the database
under it, the private table it created next was listed in today's lobby, for good
(scratch h124/rolling.py). That old keizai cannot be changed; from this one on, each
connection names itself with the newest revision its keizai knows, and the keizai that
upgrades the database refuses while another revision's processes are connected."""

from __future__ import annotations

import psycopg
import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from keizai.store import OlderProcesses, Store, migrations
from keizai.store.migrations import config, current, head
from tests.postgres import new_database
from tests.store.test_stopped_holder import new_game


def revision_of(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return current(conn)
    finally:
        engine.dispose()


def test_the_next_upgrade_is_refused_while_this_keizais_processes_serve(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_database(postgres_url, "rolling")
    known = head()   # this keizai's newest revision
    serving = Store(url)   # a process of this keizai, serving
    try:
        game_id, move = new_game(serving)
        following = f"{int(known) + 1:04d}"
        monkeypatch.setattr(migrations, "head", lambda: following)   # the next keizai
        with pytest.raises(OlderProcesses) as refused:
            Store(url)
        words = str(refused.value)
        assert f"keizai {known}" in words and f"revision {following}" in words
        assert "stop them" in words
        assert [name for name, _address, _count in refused.value.connected] == [
            f"keizai {known}"]
        monkeypatch.undo()
        assert revision_of(url) == known   # nothing changed
        assert serving.append_action(game_id, 0, move) == 1
    finally:
        serving.close()


def test_processes_of_the_new_keizai_starting_together_do_not_refuse_each_other(
        postgres_url: str) -> None:
    url = new_database(postgres_url, "together")
    Store(url).close()
    engine = create_engine(url)
    with engine.begin() as conn:   # a database the upgrade is due on
        command.downgrade(config(conn), "0014")
    engine.dispose()
    # another process of this keizai, connected and waiting for the migration's lock
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn, application_name=f"keizai {head()}"):
        store = Store(url)
        try:
            with store.engine.connect() as conn:
                assert current(conn) == head()
                assert "ix_ratings_player_game" in {
                    i["name"] for i in inspect(conn).get_indexes("ratings")}
                names = conn.execute(text(
                    "SELECT application_name FROM pg_stat_activity"
                    " WHERE pid = pg_backend_pid()")).scalar()
            assert names == f"keizai {head()}"
        finally:
            store.close()
