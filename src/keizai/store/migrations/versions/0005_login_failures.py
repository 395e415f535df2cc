"""Failed logins in the store, shared by every server process.

Revision ID: 0005
Revises: 0004

Until now each process counted failed logins in its memory: behind N processes a name
took N times its bound of guesses, and a restart forgot them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_failures",
        sa.Column("counter", sa.String(64), primary_key=True),
        sa.Column("times", sa.JSON, nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_login_failures_expires", "login_failures", ["expires"])


def downgrade() -> None:
    op.drop_index("ix_login_failures_expires", "login_failures")
    op.drop_table("login_failures")
