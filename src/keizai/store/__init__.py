"""Persistence of games as their records (SQLAlchemy: SQLite by default, PostgreSQL by URL)."""

from keizai.store.db import Append, Conflict, GameRow, SeatRow, Store, Summary, default_database_url

__all__ = ["Append", "Conflict", "GameRow", "SeatRow", "Store", "Summary", "default_database_url"]
