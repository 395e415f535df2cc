"""Alembic environment: runs on the connection `keizai.store.migrations.upgrade` passes.

For `alembic revision --autogenerate` during development, set the connection's URL in
KEIZAI_DATABASE_URL.
"""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine

from keizai.store.budgets import rate_budgets  # noqa: F401  (its table joins the metadata)
from keizai.store.db import metadata
from keizai.store.social import accounts  # noqa: F401  (its tables join the metadata)

connection = context.config.attributes.get("connection")

if connection is not None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = create_engine(os.environ.get("KEIZAI_DATABASE_URL", "sqlite:///keizai.sqlite3"))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
