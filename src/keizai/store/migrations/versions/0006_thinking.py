"""A game's bot-thinking mark, shared by every server process.

Revision ID: 0006
Revises: 0005

A process holding a game another process changed moved its bot itself after 10 s of
no change, though the other was merely slow at the same decision (a busy pool): both
thought, one move was thrown away. The process whose bot decides marks the game every
few seconds; another takes over only once the mark is 10 s old.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A database made by `create_all` of the declared tables (before the migrations,
    # see 0003) has the column already.
    if "thinking" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}:
        op.add_column("games", sa.Column("thinking", sa.DateTime(timezone=True),
                                         nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:   # SQLite rebuilds the table
        batch.drop_column("thinking")
