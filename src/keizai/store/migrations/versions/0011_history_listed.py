"""A player's rated games read by their newest: `rating_history.listed` and indexes by
(player, listed, at) and (player, game, at).

Revision ID: 0011
Revises: 0010

A bot level is a player of every rated game against it, so its history grows with the
whole server's play. Its page (the newest 500 games but the private tables) and its
rating curve (per game title) read and sorted all of its games, with only an index by
(player, game): 250 and 200 ms with 200,000 on PostgreSQL, and anyone may ask ten
times a second. The page's filter is now on the row itself (copied from `games.listed`
when the game is rated), so the indexes give the newest rows shown.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rating_history", sa.Column("listed", sa.Integer, nullable=False,
                                              server_default="1"))
    op.execute("UPDATE rating_history SET listed = 0 WHERE game_id IN"
               " (SELECT id FROM games WHERE listed = 0)")
    op.create_index("ix_rating_history_player_listed_at", "rating_history",
                    ["player", "listed", "at"])
    op.create_index("ix_rating_history_player_game_at", "rating_history",
                    ["player", "game", "at"])
    op.drop_index("ix_rating_history_player", "rating_history")


def downgrade() -> None:
    op.create_index("ix_rating_history_player", "rating_history", ["player", "game"])
    op.drop_index("ix_rating_history_player_game_at", "rating_history")
    op.drop_index("ix_rating_history_player_listed_at", "rating_history")
    with op.batch_alter_table("rating_history") as batch:   # SQLite rebuilds the table
        batch.drop_column("listed")
