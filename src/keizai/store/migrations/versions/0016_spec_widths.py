"""Columns holding a bot spec, or a rated player's key "bot:<spec>", as wide as the
longest spec the server accepts.

Revision ID: 0016
Revises: 0015

A bot names its player on the rating ladder "bot:<spec>" (`ratings.player`,
`rating_history.player`), which held 64 characters: a spec of 61-64 characters made a
key PostgreSQL refused, and its game was never rated. The server then refused specs of
more than 60 characters (148963a), and with them in-bounds specs such as the full solo
planner's `solo:policy=fast:halving=1:evaluation=learned:limit=40000:cap=1` (63), a
rematch of a game stored with one, and the bot of such a stored game (it played random
moves). The server's specs now have up to `keizai.web.bots.MAX_SPEC` (200) characters;
the columns hold `keizai.store.db.SPEC_CHARS` (255).

On SQLite (which enforces no width; the declared schema does) batch mode rebuilds the
tables. It does not see the expression index on `ratings` (mu - 3 sigma, 0013), which the
rebuild would drop: it is made again after it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

BEFORE, NOW = 64, 255
WIDENED = [("seats", "agent"), ("seat_players", "bot"), ("ratings", "player"),
           ("rating_history", "player")]
ORDINAL_INDEX = "ix_ratings_game_ordinal"


def _resize(old: int, new: int) -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    for table, column in WIDENED:
        if sqlite and table == "ratings":
            op.drop_index(ORDINAL_INDEX, "ratings")
        with op.batch_alter_table(table) as batch:   # SQLite rebuilds the table
            batch.alter_column(column, existing_type=sa.String(old), type_=sa.String(new))
        if sqlite and table == "ratings":
            op.create_index(ORDINAL_INDEX, "ratings", ["game", sa.text("(mu - 3 * sigma)")])


def upgrade() -> None:
    _resize(BEFORE, NOW)


def downgrade() -> None:
    """Back to 64 characters; on PostgreSQL refused while a longer value is stored."""
    _resize(NOW, BEFORE)
