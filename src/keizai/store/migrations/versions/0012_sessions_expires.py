"""An index on sessions.expires.

Revision ID: 0012
Revises: 0011

Every login deletes the expired sessions; without an index each one read the whole
table, which grew by a row per login (an account now keeps at most its newest 20,
`keizai.store.social.MAX_SESSIONS`, but there may be many accounts).
"""

from __future__ import annotations

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_sessions_expires", "sessions", ["expires"])


def downgrade() -> None:
    op.drop_index("ix_sessions_expires", "sessions")
