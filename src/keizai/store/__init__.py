"""Persistence of games as their records (SQLAlchemy: SQLite by default, PostgreSQL by URL)."""

from keizai.store.db import GameRow, SeatRow, Store, default_database_url

__all__ = ["GameRow", "SeatRow", "Store", "default_database_url"]
