"""`games.creator_net` and `seats.claimer_net`: an IPv6 client's /48 shares its bounds.

Revision ID: 0019
Revises: 0018

The lobby's share of one creator (0017) and the open seats one client holds (0018) were
counted per client, an IPv6 client being its /64: one holder of a /48 (65,536 /64s, which
tunnel brokers give anyone) had as many shares as it had /64s. A game and a claimed seat
now also keep the /48 of an IPv6 creator or claimer, hashed as the client is (no address:
`keizai.web.creators`), and its clients share a bound of `WIDE_SHARE` clients together.
Games and seats stored before have none and count for no /48.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

COLUMNS = (("games", "creator_net"), ("seats", "claimer_net"))


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    for table, column in COLUMNS:
        # A database made by `create_all` of the declared tables has the column already.
        if column not in {c["name"] for c in inspector.get_columns(table)}:
            op.add_column(table, sa.Column(column, sa.String(32), nullable=True))
            op.create_index(f"ix_{table}_{column}", table, [column])


def downgrade() -> None:
    for table, column in COLUMNS:
        op.drop_index(f"ix_{table}_{column}", table)
        with op.batch_alter_table(table) as batch:   # SQLite rebuilds the table
            batch.drop_column(column)
