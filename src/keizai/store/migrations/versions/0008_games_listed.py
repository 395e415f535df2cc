"""A game's `listed` flag, with an index of the listed games by `created`.

Revision ID: 0008
Revises: 0007

The lobby lists the newest 200 public games at every poll. Private tables were left out
by a NOT EXISTS against `table_settings` per game, read in `created` order: with the
300,000 newest games private (anyone may create them, ten at once, then one per 5 s per
address), each listing stepped over all of them, 0.2-0.8 s of the database's CPU. The
flag on the game's own row and a partial index of the listed games make the listing read
only the 200 it shows. Existing private tables are marked unlisted here.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

LISTED = sa.text("listed = 1")


def upgrade() -> None:
    # A database made by `create_all` of the declared tables (before the migrations,
    # see 0003) has the column and the index already.
    inspector = sa.inspect(op.get_bind())
    if "listed" not in {c["name"] for c in inspector.get_columns("games")}:
        op.add_column("games", sa.Column("listed", sa.Integer, nullable=False,
                                         server_default="1"))
        op.execute("UPDATE games SET listed = 0 WHERE id IN (SELECT game_id FROM"
                   " table_settings WHERE visibility = 'private')")
    if "ix_games_listed_created" not in {i["name"] for i in inspector.get_indexes("games")}:
        op.create_index("ix_games_listed_created", "games", ["created"],
                        postgresql_where=LISTED, sqlite_where=LISTED)


def downgrade() -> None:
    op.drop_index("ix_games_listed_created", "games")
    with op.batch_alter_table("games") as batch:   # SQLite rebuilds the table
        batch.drop_column("listed")
