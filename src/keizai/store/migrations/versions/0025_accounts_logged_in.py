"""`accounts.logged_in`: an account's last login.

Revision ID: 0025
Revises: 0024

Found by session 33's strangers' pass (h219): a name taken was taken for good (accounts
are never deleted), so one client squatted the names others would choose. An account
never logged into after its registration, with no session left and that nothing names
(no seat, table hosted, rating), may now go after a while, its name free
(`SocialStore.delete_unused_accounts`). Whether an account made before was logged
into again is not known: each is marked logged in at the upgrade, and none goes by
that rule.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A database made by `create_all` of the declared tables has the column already.
    present = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("accounts")}
    if "logged_in" not in present:
        op.add_column("accounts", sa.Column("logged_in", sa.DateTime(timezone=True),
                                            nullable=True))
        accounts = sa.table("accounts", sa.column("logged_in", sa.DateTime(timezone=True)))
        op.get_bind().execute(sa.update(accounts).values(logged_in=sa.func.now()))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:   # SQLite rebuilds the table
        batch.drop_column("logged_in")
