"""Clears `table_settings.rematch` where it names a game that no longer exists.

Revision ID: 0024
Revises: 0023

Found by session 33's strangers' pass (h219): until 077cbf3 the clean-up of abandoned
games (`Store.delete_abandoned`) deleted a rematch made and never played but left the
finished game's pointer to it, so that game's "Rematch" answered the deleted id for good
(the page offered "Go to the rematch", its seat link answered 404). The clean-up now
clears the pointer with the game; this clears those an older clean-up left, so a rematch
asked for again is made anew. A data migration: its downgrade changes nothing (the
deleted games are gone, and a pointer to none is no schema of 0023's).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None

games = sa.table("games", sa.column("id"))
settings = sa.table("table_settings", sa.column("rematch"))


def upgrade() -> None:
    # NOT EXISTS, as the clean-up's: PostgreSQL and SQLite alike, one statement
    op.get_bind().execute(sa.update(settings).where(
        settings.c.rematch.is_not(None),
        ~sa.select(games.c.id).where(games.c.id == settings.c.rematch).exists())
        .values(rematch=None))


def downgrade() -> None:
    pass
