"""`games.turn_began` and `games.turn_more`: when the current turn and its one more period
began, by the database's clock.

Revision ID: 0023
Revises: 0022

Found in session 32 reading the code (reproduced in session 33,
tests/web/test_multiprocess_turn_start.py): no turn start was stored, so each server
process began a turn's period when it loaded the game, a page on a process that loaded it
later showed a later deadline than the one at which another handed the seat to a bot, and
a restarted server gave the turn a whole new period. The games stored before keep none
(NULL): the process that loads one begins its turn then, as before.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

COLUMNS = ("turn_began", "turn_more")


def upgrade() -> None:
    # A database made by `create_all` of the declared tables has the columns already.
    present = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}
    for name in COLUMNS:
        if name not in present:
            op.add_column("games", sa.Column(name, sa.DateTime(timezone=True),
                                             nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:   # SQLite rebuilds the table
        for name in COLUMNS:
            batch.drop_column(name)
