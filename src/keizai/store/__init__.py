"""Persistence of games as their records (SQLAlchemy: SQLite by default, PostgreSQL by URL)."""

# budgets' table joins the store's metadata (the migrations and their checks see it)
from keizai.store import budgets as budgets
from keizai.store.db import (
    Append,
    Conflict,
    GameGone,
    GameRow,
    KeyedClient,
    SeatRow,
    SeatsHeld,
    Store,
    Summary,
    TakenBack,
    default_database_url,
    sqlalchemy_url,
)
from keizai.store.migrations import NewerDatabase, OlderProcesses

__all__ = ["Append", "Conflict", "GameGone", "GameRow", "KeyedClient", "NewerDatabase",
           "OlderProcesses", "SeatRow", "SeatsHeld", "Store", "Summary",
           "TakenBack", "default_database_url", "sqlalchemy_url"]
