"""A host who goes back to an older keizai (a rollback) on a database a newer keizai
upgraded: the store refuses to open it, says so in words that tell the host what
happened and what to do, and changes nothing. Before, Alembic's own words came out
("Can't locate revision identified by '0099'"), which say neither, and whose usual
advice on the internet is to delete the alembic_version row: the older keizai then
stamps its baseline and runs its migrations again over the newer tables."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text

from keizai.store import NewerDatabase, Store
from keizai.store.migrations import head
from tests.postgres import new_database
from tests.store.test_stopped_holder import new_game

NEWER = "0099"   # a revision no keizai of today knows


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"), "newer")


def as_a_newer_keizai_left_it(url: str) -> tuple[str, str]:
    """A database with a game, upgraded by a newer keizai: a table of its own and its
    revision."""
    store = Store(url)
    game_id, move = new_game(store)
    store.append_action(game_id, 0, move)
    store.close()
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE tournaments (id INTEGER PRIMARY KEY)"))
        conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": NEWER})
    engine.dispose()
    return game_id, move


def schema_and_rows(url: str) -> tuple[dict[str, list[str]], list[tuple]]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            inspector = inspect(conn)
            schema = {table: sorted(c["name"] for c in inspector.get_columns(table))
                      for table in inspector.get_table_names()}
            rows = [tuple(row) for row in conn.execute(text(
                "SELECT g.id, g.version, a.step, a.name, v.version_num FROM games g"
                " JOIN actions a ON a.game_id = g.id CROSS JOIN alembic_version v"))]
    finally:
        engine.dispose()
    return schema, rows


def test_an_older_keizai_refuses_a_database_a_newer_one_upgraded_and_changes_nothing(
        url: str) -> None:
    game_id, move = as_a_newer_keizai_left_it(url)
    before = schema_and_rows(url)
    with pytest.raises(NewerDatabase) as refused:
        Store(url)
    words = str(refused.value)
    assert f"revision {NEWER}" in words and head() in words
    assert "newer keizai" in words and "backup" in words
    assert (refused.value.revision, refused.value.known) == (NEWER, head())
    assert schema_and_rows(url) == before   # nothing changed
    assert before[1] == [(game_id, 1, 0, move, NEWER)]
