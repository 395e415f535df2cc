"""A game's `touched`: when a player last changed it or used a seat of it.

Revision ID: 0014
Revises: 0013

`Store.delete_abandoned` kept an unfinished game only when a seat's player had been seen
connected (a WebSocket) within the cutoff, so a game played over the HTTP API alone was
deleted while it was being played. Every change of a game now writes the time on the
game's row, in the statement that raises its version. The games stored before have no
such time: the unfinished ones count as touched now, so that the first clean-up after
the upgrade deletes none that is being played (the abandoned ones go one cutoff later).
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A database made by `create_all` of the declared tables has the column already.
    inspector = sa.inspect(op.get_bind())
    if "touched" in {c["name"] for c in inspector.get_columns("games")}:
        return
    op.add_column("games", sa.Column("touched", sa.DateTime(timezone=True), nullable=True))
    op.get_bind().execute(
        sa.text("UPDATE games SET touched = :now WHERE over = 0 OR over IS NULL").bindparams(
            sa.bindparam("now", datetime.now(UTC), type_=sa.DateTime(timezone=True))))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:   # SQLite rebuilds the table
        batch.drop_column("touched")
