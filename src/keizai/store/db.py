"""The game store: a game is its record header, its seats and its list of actions.

Every accepted action is one row appended in its own transaction, so a server that is
killed at any moment restarts with every game exactly as its players last saw it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

from keizai.store.migrations import upgrade

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("host_token", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),          # "human" or "bot"
    Column("agent", String(32), nullable=True),         # bot name (make_agent spec)
    Column("token", String(64), nullable=False),
    Column("claimed", Integer, nullable=False, default=0),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("name", String(128), nullable=False),
)


def default_database_url() -> str:
    """A SQLite file in the current directory: nothing to install or start."""
    return f"sqlite:///{Path('keizai.sqlite3').resolve()}"


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str
    agent: str | None
    token: str
    claimed: bool


@dataclass(frozen=True, slots=True)
class GameRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    host_token: str
    created: datetime
    seats: list[SeatRow]
    actions: list[str]

    def record(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "options": dict(self.options), "actions": list(self.actions)}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")   # a killed process loses no committed row
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """Synchronous access to the game tables (callers keep one game's writes in order)."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite"):
            self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        upgrade(self.engine)   # the schema by Alembic migrations (an old database too)

    def close(self) -> None:
        self.engine.dispose()

    def create_game(self, game_id: str, record: dict[str, Any], host_token: str,
                    seat_rows: list[SeatRow]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(
                id=game_id, game=record["game"], players=record["players"],
                seed=record["seed"], options=json.loads(json.dumps(record["options"])),
                host_token=host_token, created=datetime.now(UTC)))
            conn.execute(insert(seats), [
                {"game_id": game_id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                 "token": s.token, "claimed": int(s.claimed)} for s in seat_rows])
            for step, name in enumerate(record["actions"]):
                conn.execute(insert(actions).values(game_id=game_id, step=step, name=name))

    def append_action(self, game_id: str, step: int, name: str) -> None:
        """Append one action; the primary key (game, step) refuses a second writer."""
        with self.engine.begin() as conn:
            conn.execute(insert(actions).values(game_id=game_id, step=step, name=name))

    def truncate(self, game_id: str, length: int) -> None:
        """Forget every action from step `length` on (undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.game_id == game_id,
                                               actions.c.step >= length))

    def set_seat(self, game_id: str, seat: int, *, kind: str | None = None,
                 agent: str | None = None, claimed: bool | None = None) -> None:
        values: dict[str, Any] = {}
        if kind is not None:
            values["kind"] = kind
            values["agent"] = agent
        if claimed is not None:
            values["claimed"] = int(claimed)
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                         .values(**values))

    def load(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(select(seats).where(seats.c.game_id == game_id)
                                     .order_by(seats.c.seat)).all()
            names = conn.execute(select(actions.c.name).where(actions.c.game_id == game_id)
                                 .order_by(actions.c.step)).scalars().all()
        return GameRow(
            id=row.id, game=row.game, players=row.players, seed=row.seed,
            options=dict(row.options), host_token=row.host_token, created=row.created,
            seats=[SeatRow(s.seat, s.kind, s.agent, s.token, bool(s.claimed))
                   for s in seat_rows],
            actions=list(names))

    def game_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(games.c.id).order_by(games.c.created)).scalars())

    def action_count(self, game_id: str) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(actions)
                                .where(actions.c.game_id == game_id)).scalar_one()
