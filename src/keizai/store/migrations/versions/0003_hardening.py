"""Web hardening: game versions and lobby lines; open, handed and seen seats.

Revision ID: 0003
Revises: 0002

A database made by the store between the hardening and the migrations may already have
some of these columns (it added them itself): only the missing ones are added.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

GAMES: list[sa.Column[Any]] = [
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    sa.Column("step", sa.Integer, nullable=True),
    sa.Column("over", sa.Integer, nullable=True),
    sa.Column("current", sa.Integer, nullable=True),
]
SEATS: list[sa.Column[Any]] = [
    sa.Column("open", sa.Integer, nullable=False, server_default="0"),
    sa.Column("handed", sa.Integer, nullable=False, server_default="0"),
    sa.Column("seen", sa.DateTime(timezone=True), nullable=True),
]


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    for table, columns in (("games", GAMES), ("seats", SEATS)):
        have = {c["name"] for c in inspector.get_columns(table)}
        for column in columns:
            if column.name not in have:
                op.add_column(table, column)
    if "ix_games_over" not in {i["name"] for i in inspector.get_indexes("games")}:
        op.create_index("ix_games_over", "games", ["over"])


def downgrade() -> None:
    op.drop_index("ix_games_over", "games")
    for table, columns in (("games", GAMES), ("seats", SEATS)):
        for column in columns:
            op.drop_column(table, column.name)
