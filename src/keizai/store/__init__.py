"""Persistence of games as their records (SQLAlchemy: SQLite by default, PostgreSQL by URL)."""

from keizai.store.db import Conflict, GameRow, SeatRow, Store, Summary, default_database_url

__all__ = ["Conflict", "GameRow", "SeatRow", "Store", "Summary", "default_database_url"]
