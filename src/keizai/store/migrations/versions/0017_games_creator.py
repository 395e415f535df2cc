"""A game's `creator` and `lobby`: the lobby lists at most a few games of one creator.

Revision ID: 0017
Revises: 0016

One client could fill the lobby's 200 lines at one game per 5 s (17 minutes), pushing
every other game out of it; the store did not record who created a game. A game now
keeps a keyed hash of its creator (no address: `keizai.web.creators`), and a new listed
game takes its creator's older games past `LOBBY_SHARE` out of the lobby (`lobby` 0); the
lobby's index holds the listed games still in it. The games stored before have no
creator and stay in the lobby.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

IN_LOBBY = sa.text("listed = 1 AND lobby = 1")
LISTED = sa.text("listed = 1")


def upgrade() -> None:
    # A database made by `create_all` of the declared tables has the columns and the
    # index already.
    inspector = sa.inspect(op.get_bind())
    columns = {c["name"] for c in inspector.get_columns("games")}
    indexes = {i["name"] for i in inspector.get_indexes("games")}
    if "creator" not in columns:
        op.add_column("games", sa.Column("creator", sa.String(32), nullable=True))
        op.create_index("ix_games_creator", "games", ["creator"])
    if "lobby" not in columns:
        op.add_column("games", sa.Column("lobby", sa.Integer, nullable=False,
                                         server_default="1"))
    if "ix_games_lobby_created" not in indexes:
        op.create_index("ix_games_lobby_created", "games", ["created"],
                        postgresql_where=IN_LOBBY, sqlite_where=IN_LOBBY)
    if "ix_games_listed_created" in indexes:
        op.drop_index("ix_games_listed_created", "games")


def downgrade() -> None:
    op.create_index("ix_games_listed_created", "games", ["created"],
                    postgresql_where=LISTED, sqlite_where=LISTED)
    op.drop_index("ix_games_lobby_created", "games")
    op.drop_index("ix_games_creator", "games")
    with op.batch_alter_table("games") as batch:   # SQLite rebuilds the table
        batch.drop_column("lobby")
        batch.drop_column("creator")
