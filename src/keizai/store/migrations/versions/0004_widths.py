"""Columns as wide as what the server accepts into them.

Revision ID: 0004
Revises: 0003

Found by the session-13 attack pass on PostgreSQL (SQLite does not enforce widths): a
bot spec may have 64 characters (`keizai.web.bots.MAX_SPEC`), but `seats.agent` and
`seat_players.bot` held 32; a chat message of 200 characters is stored HTML-escaped, up
to six times as long (`"` is `&quot;`), but `chat_messages.text` held 1024. Each was a
503 `storage_error` for input the server had accepted.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# (table, column, width before, width now)
WIDENED = [
    ("seats", "agent", 32, 64),
    ("seat_players", "bot", 32, 64),
    ("chat_messages", "text", 1024, 1200),
]


def _resize(upgrading: bool) -> None:
    for table, column, before, now in WIDENED:
        old, new = (before, now) if upgrading else (now, before)
        with op.batch_alter_table(table) as batch:   # SQLite rebuilds the table
            batch.alter_column(column, existing_type=sa.String(old), type_=sa.String(new))


def upgrade() -> None:
    _resize(upgrading=True)


def downgrade() -> None:
    _resize(upgrading=False)
