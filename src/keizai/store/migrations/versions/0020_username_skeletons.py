"""`accounts.username_letters` and `username_skeleton`: no username may pass for another's.

Revision ID: 0020
Revises: 0019

Found in session 29: usernames were unique case-folded only, so a stranger registered
"Аlice" (a Cyrillic А) beside Alice and passed for her in the lobby, on the ladder, in a
table's Seats panel and in the chat. Each account now keeps what its name reads as,
its letters (case-insensitively) and its skeleton (as drawn: `keizai.store.lookalikes`),
each under a unique index: a new name alike another's is refused by the insert,
whichever server process makes it.

Accounts made before whose names already pass for each other keep their names and
their logins: in each form the oldest account keeps it, the others have none (NULL,
which the index allows more than once), so that no new account takes it again.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

SKELETON_CHARS = 72   # keizai.store.social.FOLDED_CHARS as this revision made it


def upgrade() -> None:
    # What the server compares names by is what must be stored: the web's definition
    # of names read alike (the store itself never computes one).
    from keizai.store.lookalikes import letters, skeleton

    bind = op.get_bind()
    forms: dict[str, Callable[[str], str]] = {"username_letters": letters,
                                              "username_skeleton": skeleton}
    for column in forms:
        op.add_column("accounts", sa.Column(column, sa.String(SKELETON_CHARS),
                                            nullable=True))
    accounts = sa.table("accounts", sa.column("id", sa.Integer),
                        sa.column("username", sa.String),
                        *(sa.column(column, sa.String) for column in forms))
    taken: dict[str, set[str]] = {column: set() for column in forms}
    for row in bind.execute(sa.select(accounts.c.id, accounts.c.username)
                            .order_by(accounts.c.id)).all():
        values = {}
        for column, form in forms.items():
            value = form(row.username)
            values[column] = None if value in taken[column] else value
            taken[column].add(value)
        bind.execute(sa.update(accounts).where(accounts.c.id == row.id).values(**values))
    for column in forms:
        op.create_index(f"ix_accounts_{column}", "accounts", [column], unique=True)


def downgrade() -> None:
    for column in ("username_letters", "username_skeleton"):
        op.drop_index(f"ix_accounts_{column}", "accounts")
    with op.batch_alter_table("accounts") as batch:   # SQLite rebuilds the table
        batch.drop_column("username_letters")
        batch.drop_column("username_skeleton")
