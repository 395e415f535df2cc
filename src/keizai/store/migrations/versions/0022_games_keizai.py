"""`games.keizai`: the version of the keizai that stored the game.

Revision ID: 0022
Revises: 0021

Found in session 30: records say which keizai wrote them (docs/records.md), but the
server's stored games kept no version, so the record of a game stored before an upgrade
named the running keizai, and a game that no longer replayed after one could not say
which keizai had stored it. A game now keeps the version of the keizai that created it.
The games stored before keep none (NULL): which keizai stored them is unknown, and they
are not said to be the running one's.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

KEIZAI_CHARS = 64   # keizai.store.db.KEIZAI_CHARS as this revision made it


def upgrade() -> None:
    # A database made by `create_all` of the declared tables has the column already.
    if "keizai" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}:
        op.add_column("games", sa.Column("keizai", sa.String(KEIZAI_CHARS), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:   # SQLite rebuilds the table
        batch.drop_column("keizai")
