"""Social tables: accounts, sessions, seat players, table settings, ratings, chat.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def game_fk() -> sa.ForeignKey:
    return sa.ForeignKey("games.id", ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("username_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer,
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_table(
        "seat_players",
        sa.Column("game_id", sa.String(32), game_fk(), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(32), nullable=True),
        sa.Column("account_id", sa.Integer,
                  sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("muted", sa.Integer, nullable=False),
    )
    op.create_index("ix_seat_players_account_id", "seat_players", ["account_id"])
    op.create_table(
        "table_settings",
        sa.Column("game_id", sa.String(32), game_fk(), primary_key=True),
        sa.Column("visibility", sa.String(8), nullable=False),
        sa.Column("clock", sa.String(8), nullable=False),
        sa.Column("unrated", sa.String(32), nullable=True),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("host_account_id", sa.Integer,
                  sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
    )
    op.create_index("ix_table_settings_host_account_id", "table_settings",
                    ["host_account_id"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("game_id", sa.String(32), game_fk(), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_player", "rating_history", ["player", "game"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), game_fk(), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("text", sa.String(1024), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game_id", "chat_messages", ["game_id"])


def downgrade() -> None:
    for name in ("chat_messages", "rating_history", "ratings", "table_settings",
                 "seat_players", "sessions", "accounts"):
        op.drop_table(name)
