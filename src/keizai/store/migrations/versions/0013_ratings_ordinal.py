"""An index of each game's ratings by the conservative rating (mu - 3 sigma).

Revision ID: 0013
Revises: 0012

The leaderboard (a game's best 100) read and sorted every rated player of the game:
51 ms with 200,000 on PostgreSQL, at every request of anyone, ten a second per client.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_ratings_game_ordinal", "ratings",
                    ["game", sa.text("(mu - 3 * sigma)")])


def downgrade() -> None:
    op.drop_index("ix_ratings_game_ordinal", "ratings")
