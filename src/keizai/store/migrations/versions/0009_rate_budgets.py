"""Clients' request budgets in the store, shared by every server process.

Revision ID: 0009
Revises: 0008

Each process kept every per-client budget in its memory: behind N processes one client
spreading its requests over them created N times the games, sent N times the chat
messages and had N times the password hashings. The budgets that bound what a client
stores or spends everywhere are now token buckets in this table (on PostgreSQL;
`keizai.store.budgets`).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_budgets",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("level", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("ix_rate_budgets_expires", "rate_budgets", ["expires"])


def downgrade() -> None:
    op.drop_index("ix_rate_budgets_expires", "rate_budgets")
    op.drop_table("rate_budgets")
