"""A seat's `claimer`: one client holds a bounded number of open seats from the lobby.

Revision ID: 0018
Revises: 0017

One client could take every open seat the lobby offered, one claim per 2 s, and nothing
else bounded it; the store did not record who took a seat. A seat taken from the lobby now
keeps a keyed hash of its claimer (no address: `keizai.web.creators`), and a claim is
refused past `Limits.open_seats` of one claimer's seats in games not over. The seats taken
before have no claimer and count for nobody.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A database made by `create_all` of the declared tables has the column already.
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("seats")}
    if "claimer" not in columns:
        op.add_column("seats", sa.Column("claimer", sa.String(32), nullable=True))
        op.create_index("ix_seats_claimer", "seats", ["claimer"])


def downgrade() -> None:
    op.drop_index("ix_seats_claimer", "seats")
    with op.batch_alter_table("seats") as batch:   # SQLite rebuilds the table
        batch.drop_column("claimer")
