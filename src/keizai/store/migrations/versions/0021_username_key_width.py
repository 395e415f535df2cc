"""`accounts.username_key` as wide as the case-fold of the longest username.

Revision ID: 0021
Revises: 0020

Found in session 29 on PostgreSQL (SQLite does not enforce widths): a username is 24
letters after NFKC, but its case-fold, the key, may be longer ("ß" folds to "ss", "ΐ"
to three characters) and the key held 32: registering "ß" * 24, a name the server
accepts, was a storage error. It holds 72 now, as the name's letters and skeleton do
(0020).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

BEFORE, NOW = 32, 72


def _resize(old: int, new: int) -> None:
    with op.batch_alter_table("accounts") as batch:   # SQLite rebuilds the table
        batch.alter_column("username_key", existing_type=sa.String(old),
                           type_=sa.String(new), existing_nullable=False)


def upgrade() -> None:
    _resize(BEFORE, NOW)


def downgrade() -> None:
    _resize(NOW, BEFORE)
