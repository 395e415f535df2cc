"""An index on games.created, the lobby's order.

Revision ID: 0007
Revises: 0006

The lobby lists the newest 200 games (`Store.listing`: ORDER BY created DESC LIMIT 200)
at every poll of every page; without an index each listing read and sorted every game
ever stored: 200-280 ms of the database's CPU with 300,000 games on PostgreSQL, which
anyone can create (ten at once, then one per 5 s per address), and one client may list
ten times a second.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A database made by `create_all` of the declared tables (before the migrations,
    # see 0003) has the index already.
    if "ix_games_created" not in {i["name"] for i in
                                  sa.inspect(op.get_bind()).get_indexes("games")}:
        op.create_index("ix_games_created", "games", ["created"])


def downgrade() -> None:
    op.drop_index("ix_games_created", "games")
