"""The game store: a game is its record header, its seats and its list of actions.

Every accepted action is one row appended in its own transaction, so a server that is
killed at any moment restarts with every game exactly as its players last saw it.

Every change of a game (an action, an undo, a seat handed over or taken back) raises the
game's `version` in the same transaction, under a row lock on the game: a writer names
the version it saw and is refused (`Conflict`) when another writer — another request,
a bot, or another server process on the same PostgreSQL — changed the game meanwhile.
On PostgreSQL the transaction also sends `NOTIFY keizai, '<game>:<version>'`, so every
server process holding that game learns of the change when it is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import threading
import time
import weakref
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.sql import column, table

from keizai.engine.made_by import RECORD_FORMAT
from keizai.store.migrations import application_name, upgrade
from keizai.version import VERSION

metadata = MetaData()
# Characters of a column holding a bot spec (`seats.agent`, `seat_players.bot`) or a
# rated player's key, "bot:<spec>" (`ratings.player`, `rating_history.player`): the
# server accepts specs of up to keizai.web.bots.MAX_SPEC (200) characters (migration 0016).
SPEC_CHARS = 255
# Characters of `games.keizai`, the version of the keizai that stored a game (migration
# 0022): a release's version is a few; a development build's may be longer.
KEIZAI_CHARS = 64

# A finished game's rematch (`table_settings.rematch`, keizai.store.social): the clean-up
# of abandoned games takes a rematch it deletes off the game it follows; until session 33
# the game named it for good, and its "Rematch" sent its players to a deleted game.
REMATCHES = table("table_settings", column("rematch"))

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("host_token", String(64), nullable=False),
    # the lobby's order (newest first): indexed, else every listing sorts every game
    Column("created", DateTime(timezone=True), nullable=False, index=True),
    # Raised by every change; a writer must name the version it saw.
    Column("version", Integer, nullable=False, server_default="0"),
    # What the lobby lists, kept with each change so that listing loads no game.
    Column("step", Integer, nullable=True),
    Column("over", Integer, nullable=True, index=True),
    Column("current", Integer, nullable=True),
    # When a server process last said its bot is deciding this game's next move (the
    # database's clock): another process does not take the move over meanwhile.
    Column("thinking", DateTime(timezone=True), nullable=True),
    # 1: the lobby lists the game; 0: a private table, reached by its links only. Kept
    # here, beside `created`, so that the listing reads only listed games (below).
    Column("listed", Integer, nullable=False, server_default="1"),
    # When the game last changed (a move, an undo, a seat handed over or back) or a
    # seat's player last used it over HTTP (`touch`): with `seats.seen`, what tells a
    # game being played from an abandoned one (`delete_abandoned`). Migration 0014.
    Column("touched", DateTime(timezone=True), nullable=True),
    # Who created the game, as far as the lobby's share of one creator goes: a keyed
    # hash of the client (`keizai.web.creators`), no address. Migration 0017.
    Column("creator", String(32), nullable=True, index=True),
    # An IPv6 creator's /48, hashed as `creator` is (None for IPv4): the lobby lists a
    # /48's `KeyedClient.share` creators' shares. Migration 0019.
    Column("creator_net", String(32), nullable=True, index=True),
    # 1: among the LOBBY_SHARE newest listed games of its creator, which the lobby lists;
    # 0: a listed game the lobby leaves out (its links, its player pages still show it).
    Column("lobby", Integer, nullable=False, server_default="1"),
    # The version of the keizai that stored the game (created it); None: stored before
    # the games kept it (unknown). What its record names (`GameRow.record`). Migration
    # 0022.
    Column("keizai", String(KEIZAI_CHARS), nullable=True),
    # When the game's current step began (its creation, a move, an undo) and, once its
    # seat to move was taken back after its turn clock ran out, when that turn's one more
    # period began (None: none yet), by the database's clock: every server process and a
    # restarted one reckon the turn's deadline from them. None: stored before migration
    # 0023 (the process that loads it begins the turn then, as all did before).
    Column("turn_began", DateTime(timezone=True), nullable=True),
    Column("turn_more", DateTime(timezone=True), nullable=True),
)
# The lobby's listing: the newest listed games in their creators' shares, read backward by
# this index, however many private tables or games past a share there are (anyone may
# create them). The 1s are written into the SQL: as bound parameters, a plan made without
# their values (PostgreSQL's generic plan of a statement psycopg prepared) cannot use the
# index.
LISTED = games.c.listed == literal_column("1")
IN_LOBBY = LISTED & (games.c.lobby == literal_column("1"))
Index("ix_games_lobby_created", games.c.created, postgresql_where=IN_LOBBY,
      sqlite_where=IN_LOBBY)
# The newest listed games of one creator the lobby lists at most: 200 lines are the shares
# of 40 creators at least (one client made them all at one game per 5 s, in 17 minutes).
LOBBY_SHARE = 5

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),          # "human" or "bot"
    Column("agent", String(SPEC_CHARS), nullable=True),  # bot name (make_agent spec)
    Column("token", String(64), nullable=False),
    Column("claimed", Integer, nullable=False, default=0),
    # 1: the lobby's join gives the seat to the first comer; 0: only its invite link.
    Column("open", Integer, nullable=False, server_default="0"),
    # 1: a human seat handed to a bot; the player's link takes it back.
    Column("handed", Integer, nullable=False, server_default="0"),
    # Last time a server process saw the seat's player connected (any process).
    Column("seen", DateTime(timezone=True), nullable=True),
    # Who took the open seat from the lobby, as far as the bound on one client's seats
    # goes (`claim_seat`): a keyed hash of the client (`keizai.web.creators`), no
    # address. Migration 0018.
    Column("claimer", String(32), nullable=True, index=True),
    # An IPv6 claimer's /48, hashed as `claimer` is (None for IPv4). Migration 0019.
    Column("claimer_net", String(32), nullable=True, index=True),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("name", String(128), nullable=False),
)


# A bot's thinking mark (`games.thinking`) of a process that stopped cleanly while its bot
# decided: no process decides that move now, so another takes it over at once (not
# BOT_TAKEOVER seconds after the last mark, as after a crash).
RELEASED = datetime(2000, 1, 1, tzinfo=UTC)


def default_database_url() -> str:
    """A SQLite file in the current directory: nothing to install or start."""
    return f"sqlite:///{Path('keizai.sqlite3').resolve()}"


def sqlalchemy_url(url: str) -> str:
    """`url` as SQLAlchemy names its database: `postgres://`, the form hosting services
    give in DATABASE_URL (a name SQLAlchemy dropped), as `postgresql://`."""
    if url.startswith(("postgres://", "postgres+")):
        return "postgresql" + url[len("postgres"):]
    return url


NOTIFY_CHANNEL = "keizai"


# `Store.mark_seen_many` on PostgreSQL: every game's connected seats marked in one
# statement. One UPDATE a game, as before session 29, took 100-270 ms of the store's
# writer thread (which stores every move) per beat for 200 games with connected seats,
# every second with `--handover-after` <= 4 s; this 3.5 ms (measured on a loaded
# 2-core machine). The rows are locked in (game, seat) order, the same in every process
# (see `mark_seen_many`), before they are updated.
MARK_SEEN = text("""WITH marked AS (
    SELECT s.game_id, s.seat FROM seats s
    JOIN unnest(CAST(:games AS text[]), CAST(:seats AS integer[])) AS m(game_id, seat)
      ON s.game_id = m.game_id AND s.seat = m.seat
    ORDER BY s.game_id, s.seat FOR UPDATE OF s)
UPDATE seats SET seen = now() FROM marked
WHERE seats.game_id = marked.game_id AND seats.seat = marked.seat""")


class Conflict(Exception):
    """The game changed since the version the writer saw; nothing was written."""


class GameGone(Exception):
    """The store no longer holds the game (`delete_abandoned`, or by hand) that a process
    still holds in memory; nothing was written."""


class SeatsHeld(Exception):
    """The client (or, `network`, its IPv6 /48) holds as many open seats from the lobby in
    games not over as it may (`Store.claim_seat`); nothing was written."""

    def __init__(self, most: int, network: bool = False) -> None:
        super().__init__(f"{most} seats held")
        self.most = most
        self.network = network


@dataclass(frozen=True, slots=True)
class TakenBack:
    """A seat taken back from its bot (`Store.take_seat_back`): the game's version
    before and after, and whether the seat to move began one more period."""

    before: int
    version: int
    more: bool


@dataclass(frozen=True, slots=True)
class KeyedClient:
    """Who creates a game or claims a seat, as the per-client bounds kept in the store
    count them: keyed hashes (`keizai.web.creators`), never an address. `network`: an
    IPv6 client's /48, whose clients share `share` clients' bounds together (None for
    an IPv4 client, one address already)."""

    own: str
    network: str | None = None
    share: int = 1


# A claim's check and write hold this PostgreSQL advisory lock per claimer and per /48
# (the two-key form: apart from the migrations' one-key lock), so that claims of one
# client in any number of processes and writer threads are counted one after another.
CLAIM_LOCK_CLASS = 0x6B636C61   # "kcla"


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str
    agent: str | None
    token: str
    claimed: bool
    open: bool = False
    handed: bool = False
    seen: datetime | None = None

    @property
    def away(self) -> bool:
        """A bot plays the seat until its player is back (handed over by the turn clock,
        its player, the host or another player): the seat is still its player's."""
        return self.kind == "bot" and self.handed


@dataclass(frozen=True, slots=True)
class Summary:
    """The lobby's line of a game, stored with every change."""

    step: int
    over: bool
    current: int | None


@dataclass(frozen=True, slots=True)
class Append:
    """Actions to append to a game from `step` on, written only if the game is at
    `version` (None: whatever version it is at)."""

    game_id: str
    step: int
    names: list[str]
    version: int | None = None
    summary: Summary | None = None


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
    version: int = 0
    # The process deciding its bot's move stopped cleanly (`Store.release_thinking`).
    released: bool = False
    # The version of the keizai that stored the game (`games.keizai`); None: unknown,
    # stored before the games kept it.
    keizai: str | None = None
    # When its current turn and that turn's one more period began (`games.turn_began`,
    # `games.turn_more`), as this process's `time.time()` (`Store._local`); None: not
    # stored (a game stored before migration 0023), none yet. Not compared: each load
    # reckons them anew from its own read, so two loads of an unchanged game differ in
    # the microseconds (tests/web/test_adversarial.py compares rows before and after).
    turn_began: float | None = field(default=None, compare=False)
    turn_more: float | None = field(default=None, compare=False)

    def record(self) -> dict[str, Any]:
        """The game's record (`State.record()`'s keys but the scores), naming the keizai
        that stored the game, not the one reading it: an upgraded server's games were
        played by the keizai before it. A game stored before the games kept their keizai
        names none, as a record written before records named theirs (docs/records.md)."""
        made: dict[str, Any] = {"format": RECORD_FORMAT}
        if self.keizai is not None:
            made["keizai"] = self.keizai
        return {**made, "game": self.game, "players": self.players, "seed": self.seed,
                "options": dict(self.options), "actions": list(self.actions)}


def _lock_key(hashed: str) -> int:
    """A PostgreSQL advisory lock's 32-bit key for a keyed hash: two hashes sharing one
    only wait for each other."""
    return zlib.crc32(hashed.encode()) - 2**31


def _settle_from_thread(answers: list[tuple[asyncio.Future[Any], Any]]) -> None:
    """Give asyncio futures their results (or exceptions) from another thread: one call
    into each event loop for them all."""
    loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
    for future, answer in answers:
        loops.setdefault(future.get_loop(), []).append((future, answer))
    for loop, settled in loops.items():
        with contextlib.suppress(RuntimeError):   # that loop is closed: nobody waits
            loop.call_soon_threadsafe(_settle, settled)


def _settle(answers: list[tuple[asyncio.Future[Any], Any]]) -> None:
    for future, answer in answers:
        if future.done():   # the waiter was cancelled
            continue
        if isinstance(answer, BaseException):
            future.set_exception(answer)
        else:
            future.set_result(answer)


_WRITE_LOCKS: weakref.WeakKeyDictionary[Engine, threading.Lock] = weakref.WeakKeyDictionary()
_LOCKS_LOCK = threading.Lock()


@contextlib.contextmanager
def transaction(engine: Engine) -> Iterator[Connection]:
    """A write transaction on `engine`, committed at the end (rolled back on an error).

    SQLite lets one connection write at a time; a second writer gets SQLITE_BUSY and waits
    in SQLite's busy handler, which sleeps 1, 2, 5, 10, … up to 100 ms between tries:
    under load that sleep, not the work, made most of an action's latency. So the
    writers of one process queue on a lock and start the moment the previous one
    commits. PostgreSQL locks rows itself: no lock there."""
    if engine.dialect.name != "sqlite":
        with engine.begin() as conn:
            yield conn
        return
    with _write_lock(engine), engine.begin() as conn:
        yield conn


def _write_lock(engine: Engine) -> threading.Lock:
    with _LOCKS_LOCK:
        return _WRITE_LOCKS.setdefault(engine, threading.Lock())


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # Durability: in WAL mode a commit has written the transaction to the WAL file (the
    # operating system's cache) before it returns, so a process killed at any moment
    # (kill -9) loses no committed row. synchronous=NORMAL leaves out only the fsync at
    # each commit: a crash of the operating system or a power cut may lose the last
    # transactions (never corrupt the database); FULL would cost an fsync per action.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


# The limits of every PostgreSQL session of the store, unless the operator gave one (a
# value other than 0 by ALTER ROLE … SET, ALTER DATABASE … SET or the URL's `options`). A
# server process stopped inside a transaction (SIGSTOP, a paused virtual machine, a host
# cut off from the network) keeps its row locks, and PostgreSQL does not notice it: the
# other processes' writes to that game waited for as long as it stayed stopped, each
# holding a thread, until chat messages had taken every thread the reads share and the
# lobby waited too. A write now gives up a lock it waited for 5 s (storage_error, nothing
# changed: keizai's transactions hold a game's row for milliseconds), and PostgreSQL ends
# a session left idle inside a transaction for 10 s, locks and all: the stopped process's
# transaction is rolled back (its commit fails when it runs again), and the game takes
# moves again. The migrations wait for locks without a limit (`migrations.upgrade`).
SESSION_LIMITS = (("lock_timeout", "5s"), ("idle_in_transaction_session_timeout", "10s"))


def _postgres_limits(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("SELECT set_config(name, value, false) FROM (VALUES "
                   + ", ".join(["(%s, %s)"] * len(SESSION_LIMITS))
                   + ") AS limits(name, value) WHERE current_setting(name) = '0'",
                   [part for limit in SESSION_LIMITS for part in limit])
    cursor.close()
    dbapi_connection.commit()   # a setting made in a transaction rolled back is undone


class Store:
    """Synchronous access to the game tables (callers keep one game's writes in order)."""

    def __init__(self, url: str) -> None:
        url = sqlalchemy_url(url)
        self.url = url
        self.postgres = url.startswith("postgresql")
        # A refused statement's error names the statement, not its values (tokens, a
        # game's seed, a chat line): the server logs such errors.
        if url.startswith("sqlite"):
            self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False},
                                                hide_parameters=True)
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            # No pre-ping (a round trip per transaction): after an outage the first
            # request fails with storage_error and the pool reconnects.
            # Each connection names itself with the newest revision this keizai knows,
            # so that an upgrade by a later keizai sees this process (OlderProcesses).
            self.engine = create_engine(url, pool_size=10, max_overflow=20,
                                        hide_parameters=True, connect_args={
                                            "application_name": application_name()})
            event.listen(self.engine, "connect", _postgres_limits)
        upgrade(self.engine)   # the schema by Alembic migrations (an old database too)
        # The threads game writes run in, apart from the event loop's default pool (which
        # other blocking work shares: password hashing, reads): one for SQLite, which
        # writes one transaction at a time anyway, several for PostgreSQL (row locks).
        self.writer = ThreadPoolExecutor(8 if self.postgres else 1,
                                         thread_name_prefix="keizai-store")
        # Appends waiting for the next batch (`append`), and whether one is under way.
        self._queue_lock = threading.Lock()
        self._queued: list[tuple[Append, asyncio.Future[int]]] = []
        self._flushing = False

    def close(self) -> None:
        self.writer.shutdown(wait=True)
        self.engine.dispose()

    async def in_writer(self, method: Any, *args: Any, **kwargs: Any) -> Any:
        """`method(*args, **kwargs)` (a write of this store) in the writer threads."""
        return await asyncio.get_running_loop().run_in_executor(
            self.writer, functools.partial(method, *args, **kwargs))

    # ----- writes: each one transaction, each raising the game's version -------------
    def create_game(self, game_id: str, record: dict[str, Any], host_token: str,
                    seat_rows: list[SeatRow], summary: Summary | None = None,
                    listed: bool = True, creator: KeyedClient | None = None) -> None:
        """`listed`: the lobby lists the game (False: a private table, left out of the
        listing from the moment it is stored). `creator`: who created it; the lobby
        lists the LOBBY_SHARE newest listed games of one creator (and `creator.share`
        times that of its /48), and leaves out their older ones from now on."""
        with transaction(self.engine) as conn:
            conn.execute(insert(games).values(
                id=game_id, game=record["game"], players=record["players"],
                seed=record["seed"], options=json.loads(json.dumps(record["options"])),
                host_token=host_token, created=datetime.now(UTC), version=0,
                listed=int(listed), touched=self._now, keizai=VERSION[:KEIZAI_CHARS],
                turn_began=self._now,
                creator=None if creator is None else creator.own,
                creator_net=None if creator is None else creator.network,
                **_summary_values(summary)))
            if creator is not None and listed:
                shares = [(games.c.creator, creator.own, LOBBY_SHARE)]
                if creator.network is not None:
                    shares.append((games.c.creator_net, creator.network,
                                   LOBBY_SHARE * creator.share))
                for column, value, share in shares:
                    shown = select(games.c.id).where(column == value, IN_LOBBY).order_by(
                        games.c.created.desc(), games.c.id.desc()).limit(share)
                    conn.execute(update(games).where(
                        column == value, IN_LOBBY,
                        games.c.id.not_in(shown.scalar_subquery())).values(lobby=0))
            conn.execute(insert(seats), [
                {"game_id": game_id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                 "token": s.token, "claimed": int(s.claimed), "open": int(s.open),
                 "handed": int(s.handed)} for s in seat_rows])
            for step, name in enumerate(record["actions"]):
                conn.execute(insert(actions).values(game_id=game_id, step=step, name=name))

    def _lock(self, conn: Any, game_id: str, version: int | None) -> int:
        """Lock the game's row; its version, checked against `version` when given."""
        found = conn.execute(select(games.c.version).where(games.c.id == game_id)
                             .with_for_update()).scalar()
        if found is None:
            raise Conflict(f"game {game_id} does not exist")
        if version is not None and found != version:
            raise Conflict(f"game {game_id} is at version {found}, not {version}")
        return int(found)

    def _bump(self, conn: Any, game_id: str, version: int,
              summary: Summary | None = None, **turn: Any) -> int:
        """Raise the game's version (`turn`: its turn columns changed with it)."""
        conn.execute(update(games).where(games.c.id == game_id)
                     .values(version=version + 1, touched=self._now,
                             **_summary_values(summary), **turn))
        self._notify(conn, game_id, version + 1)
        return version + 1

    def _notify(self, conn: Any, game_id: str, version: int) -> None:
        """Tell every server process (delivered when the transaction commits)."""
        if self.postgres:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": NOTIFY_CHANNEL, "payload": f"{game_id}:{version}"})

    def append_action(self, game_id: str, step: int, name: str, version: int | None = None,
                      summary: Summary | None = None) -> int:
        """Append one action at `step`; the new version. The primary key (game, step) and
        the version refuse a second writer."""
        return self.append_actions(game_id, step, [name], version, summary)

    def append_actions(self, game_id: str, step: int, names: list[str],
                       version: int | None = None, summary: Summary | None = None) -> int:
        """Append actions from `step` on in one transaction: all of them or none (the
        steps of a whole decision); the new version.

        This runs once per action, so its statements go to the database driver as they
        are: building them with SQLAlchemy cost ten times SQLite's own work."""
        try:
            with self._raw_transaction() as cursor:
                return self._append_in(cursor, Append(game_id, step, names, version,
                                                      summary))
        except self.engine.dialect.loaded_dbapi.IntegrityError:
            raise Conflict(f"game {game_id} already has a step in {step}…"
                           f"{step + len(names) - 1}") from None

    def _append_in(self, cursor: Any, item: Append) -> int:
        """One append inside an open transaction; a stale version raises Conflict before
        anything of it is written."""
        mark = self._mark
        version = item.version
        if version is None:
            cursor.execute(f"SELECT version FROM games WHERE id = {mark}"
                           + (" FOR UPDATE" if self.postgres else ""), (item.game_id,))
            found = cursor.fetchone()
            if found is None:
                raise Conflict(f"game {item.game_id} does not exist")
            version = int(found[0])
        # One statement locks the row, checks the version and raises it, says the game
        # is being played (`delete_abandoned`) and its new step's turn began now.
        values: list[Any] = [version + 1]
        columns = f"version = {mark}, turn_more = NULL, "
        if self.postgres:
            columns += "touched = now(), turn_began = now()"
        else:
            columns += f"touched = {mark}, turn_began = {mark}"
            values += [_sqlite_time(datetime.now(UTC))] * 2
        if item.summary is not None:
            columns += f', "step" = {mark}, "over" = {mark}, "current" = {mark}'
            values += [item.summary.step, int(item.summary.over), item.summary.current]
        cursor.execute(f"UPDATE games SET {columns} WHERE id = {mark} AND "
                       f"version = {mark}", (*values, item.game_id, version))
        if cursor.rowcount != 1:
            raise Conflict(f"game {item.game_id} is not at version {version}")
        cursor.executemany(
            f"INSERT INTO actions (game_id, step, name) VALUES ({mark}, {mark}, {mark})",
            [(item.game_id, item.step + i, name) for i, name in enumerate(item.names)])
        if self.postgres:   # delivered when the transaction commits
            cursor.execute("SELECT pg_notify(%s, %s)",
                           (NOTIFY_CHANNEL, f"{item.game_id}:{version + 1}"))
        return version + 1

    def append_batch(self, items: list[Append]) -> list[int | Exception]:
        """Appends of several games in one transaction (SQLite's group commit): for each,
        its new version or its own error. Each is checked as `append_actions` checks it,
        and a stale one (Conflict) writes nothing of itself; should the transaction fail
        as a whole, each append is tried again alone, so that a failure is only its own.
        Nothing is acknowledged before the one commit: durability is that of a single
        append, at one commit (one write of the pages the appends share) for them all."""
        if len(items) > 1:
            results: list[int | Exception] = []
            try:
                with self._raw_transaction() as cursor:
                    for item in items:
                        try:
                            results.append(self._append_in(cursor, item))
                        except Conflict as conflict:
                            results.append(conflict)
                return results
            except Exception:
                pass
        results = []
        for item in items:
            try:
                results.append(self.append_actions(item.game_id, item.step, item.names,
                                                   item.version, item.summary))
            except Exception as error:
                results.append(error)
        return results

    async def append(self, game_id: str, step: int, names: list[str],
                     version: int | None = None, summary: Summary | None = None) -> int:
        """`append_actions` in the writer thread, answered once committed. On SQLite the
        appends that wait while the writer is busy go together into the next
        transaction (`append_batch`): under load one commit serves many games, and the
        event loop hands work to the writer thread once per batch, not per action.
        PostgreSQL's writers run side by side on row locks; there each append is its
        own transaction (a batch would lock several games' rows in one)."""
        if self.postgres:
            stored: int = await self.in_writer(self.append_actions, game_id, step, names,
                                               version=version, summary=summary)
            return stored
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        with self._queue_lock:
            self._queued.append((Append(game_id, step, names, version, summary), future))
            start, self._flushing = not self._flushing, True
        if start:
            self._submit_flush()
        return await future

    def _submit_flush(self) -> None:
        try:
            self.writer.submit(self._flush)
        except RuntimeError as error:   # the store is closed: nothing will be written
            with self._queue_lock:
                batch, self._queued, self._flushing = self._queued, [], False
            _settle_from_thread([(future, error) for _item, future in batch])

    def _flush(self) -> None:
        """In the writer thread: every queued append in one batch; another batch is
        queued behind the other writes waiting (they are not starved)."""
        with self._queue_lock:
            batch, self._queued = self._queued, []
        try:
            try:
                results = self.append_batch([item for item, _future in batch])
            except BaseException as error:   # every waiter gets an answer
                results = [error if isinstance(error, Exception) else RuntimeError(error)
                           ] * len(batch)
            _settle_from_thread([(future, result) for (_item, future), result
                                 in zip(batch, results, strict=True)])
        finally:   # whatever happened, later appends are flushed
            with self._queue_lock:
                more = bool(self._queued)
                self._flushing = more
            if more:
                self._submit_flush()

    @property
    def _mark(self) -> str:
        """The driver's parameter placeholder (psycopg: %s, sqlite3: ?)."""
        return "%s" if self.postgres else "?"

    @contextlib.contextmanager
    def _raw_transaction(self) -> Iterator[Any]:
        """A cursor of a pooled driver connection, in a transaction committed at the end
        (rolled back on an error); SQLite's writers queue as in `transaction`."""
        lock = contextlib.nullcontext() if self.postgres else _write_lock(self.engine)
        with lock:
            raw = self.engine.raw_connection()
            try:
                cursor = raw.cursor()
                try:
                    yield cursor
                    raw.commit()
                except BaseException as error:
                    if self._lost(raw, error):
                        raw.invalidate(error)
                        self.engine.dispose()   # the pool's others are as dead
                    else:
                        raw.rollback()
                    raise
                finally:
                    cursor.close()
            finally:
                raw.close()   # back to the pool

    def _lost(self, raw: Any, error: BaseException) -> bool:
        """Whether `error` says the connection to the database is gone (PostgreSQL
        restarted, the session ended). SQLAlchemy empties the pool then for its own
        statements; the driver's own ones (`_raw_transaction`) must say so themselves,
        or each dead connection of the pool failed one write in turn after a restart."""
        dialect = self.engine.dialect
        return isinstance(error, dialect.loaded_dbapi.Error) and bool(
            dialect.is_disconnect(error, raw.driver_connection, None))

    def truncate(self, game_id: str, length: int, version: int | None = None,
                 summary: Summary | None = None) -> int:
        """Forget every action from step `length` on (undo); the new version."""
        with transaction(self.engine) as conn:
            found = self._lock(conn, game_id, version)
            conn.execute(delete(actions).where(actions.c.game_id == game_id,
                                               actions.c.step >= length))
            return self._bump(conn, game_id, found, summary, turn_began=self._now,
                              turn_more=None)

    def set_seat(self, game_id: str, seat: int, *, kind: str | None = None,
                 agent: str | None = None, claimed: bool | None = None,
                 handed: bool | None = None, version: int | None = None,
                 bump: bool = True, more: bool = False) -> int:
        """Change a seat; the game's new version (unchanged when not `bump`: a seat
        claimed changes nothing a player or bot decides on). `more`: the seat to move,
        taken back, begins its turn's one more period now (`games.turn_more`)."""
        values: dict[str, Any] = {}
        if kind is not None:
            values["kind"] = kind
            values["agent"] = agent
        if claimed is not None:
            values["claimed"] = int(claimed)
        if handed is not None:
            values["handed"] = int(handed)
        with transaction(self.engine) as conn:
            found = self._lock(conn, game_id, version)
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                         .values(**values))
            if not bump:
                return found
            return self._bump(conn, game_id, found, **({"turn_more": self._now} if more
                                                       else {}))

    def take_seat_back(self, game_id: str, seat: int, period: float | None
                       ) -> TakenBack | None:
        """A seat handed to a bot given back to its player, whatever the game's version:
        a take-back is no move, and nothing its player decided on changes (until session
        33 it was written at the version the process had seen, and refused as stale
        when a bot's move was stored meanwhile: with bots moving at once through another
        process, "I'm back" failed 20 times in a row until the game ended). None when
        the store holds the seat not handed (given back already): nothing written.
        `period`: the turn clock's seconds (None: no clock); the seat to move, its
        turn's time out by the database's clock and no more period begun yet, begins
        its one more period now (`turn_more`). The version is raised: a bot's move for
        the seat decided meanwhile is refused, as stale."""
        with transaction(self.engine) as conn:
            row = conn.execute(select(
                games.c.version, games.c.current, games.c.over, games.c.turn_began,
                games.c.turn_more, func.now() if self.postgres else literal_column("NULL")
            ).where(games.c.id == game_id).with_for_update()).first()
            if row is None:
                raise GameGone(game_id)
            if not conn.execute(update(seats).where(
                    seats.c.game_id == game_id, seats.c.seat == seat, seats.c.kind == "bot",
                    seats.c.handed == 1).values(kind="human", agent=None, handed=0)
                    ).rowcount:
                return None
            began = self._local(row.turn_began, row[5])
            more = (period is not None and row.current == seat and not row.over
                    and row.turn_more is None and began is not None
                    and began + period <= time.time())
            version = self._bump(conn, game_id, row.version,
                                 **({"turn_more": self._now} if more else {}))
            return TakenBack(row.version, version, more)

    def claim_seat(self, game_id: str, seat: int, claimer: KeyedClient | None = None,
                   most: int | None = None) -> bool:
        """Claim a seat for the first comer: False when it was claimed before (by any
        process), `GameGone` when the store no longer holds the game. `claimer` is
        stored with it; with `most`, `SeatsHeld` when the claimer holds that many claimed
        seats in games not over already (its /48 `claimer.share` times that). No
        version is raised: nothing a player or bot decides on changed.

        Counted and written as one: the seat is written first and the count, this seat
        included, rolls it back past the bound. On SQLite that write holds the
        database's write lock until the commit, whichever process writes; on PostgreSQL
        each claimer's (and /48's) advisory lock orders the claims of all processes.
        On PostgreSQL a claim sends `NOTIFY keizai, 'claimed:<game>:<seat>'`: the other
        processes holding the game list the seat taken (no version says so)."""
        bounds: list[tuple[Any, str, int, bool]] = []
        if claimer is not None and most is not None:
            bounds.append((seats.c.claimer, claimer.own, most, False))
            if claimer.network is not None:
                bounds.append((seats.c.claimer_net, claimer.network, most * claimer.share,
                               True))
        with transaction(self.engine) as conn:
            if self.postgres:
                for _column, value, _most, _network in sorted(bounds, key=lambda b: b[1]):
                    conn.execute(text("SELECT pg_advisory_xact_lock(:class, :key)"),
                                 {"class": CLAIM_LOCK_CLASS, "key": _lock_key(value)})
            claimed = bool(conn.execute(update(seats).where(
                seats.c.game_id == game_id, seats.c.seat == seat, seats.c.claimed == 0)
                .values(claimed=1, claimer=None if claimer is None else claimer.own,
                        claimer_net=None if claimer is None else claimer.network)
            ).rowcount)
            if not claimed and conn.execute(select(games.c.id).where(
                    games.c.id == game_id)).first() is None:
                raise GameGone(game_id)
            for column, value, bound, network in bounds:
                held = conn.execute(select(func.count()).select_from(
                    seats.join(games, games.c.id == seats.c.game_id)).where(
                    column == value, func.coalesce(games.c.over, 0) == 0)).scalar_one()
                if held > bound or (not claimed and held >= bound):
                    raise SeatsHeld(bound, network)   # rolled back
            if claimed and self.postgres:   # else the others holding the game list it open
                conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                             {"channel": NOTIFY_CHANNEL, "payload": f"claimed:{game_id}:{seat}"})
            return claimed

    @property
    def _now(self) -> Any:
        """Now, for a time column: the database's clock on PostgreSQL (as `seen`)."""
        return func.now() if self.postgres else datetime.now(UTC)

    def touch(self, game_id: str) -> None:
        """A seat's player used the game without changing it (read their seat's view
        over HTTP): it is not abandoned (`delete_abandoned`). No version is raised."""
        with transaction(self.engine) as conn:
            conn.execute(update(games).where(games.c.id == game_id)
                         .values(touched=self._now))

    def mark_seen(self, game_id: str, seat_numbers: list[int]) -> None:
        """These seats' players are connected now (presence shared by every process)."""
        self.mark_seen_many({game_id: seat_numbers})

    def mark_seen_many(self, seated: dict[str, list[int]]) -> None:
        """The players of these games' seats are connected now, in one transaction (a
        process marks all its connected seats at once). On PostgreSQL by the database's
        clock, which every process reads the same (`seen_for`). The games are updated in
        the order of their ids, the same in every process: in each process's own order
        two processes marking the same games at once locked each other's rows and one
        was aborted (a deadlock)."""
        marked = sorted((game_id, sorted(numbers)) for game_id, numbers in seated.items()
                        if numbers)
        if not marked:
            return
        now = self._now
        with transaction(self.engine) as conn:
            if self.postgres:   # one statement, its rows locked in that order first
                pairs = [(game_id, seat) for game_id, numbers in marked for seat in numbers]
                conn.execute(MARK_SEEN, {"games": [game for game, _ in pairs],
                                         "seats": [seat for _, seat in pairs]})
                return
            for game_id, numbers in marked:   # SQLite: one writer, a beat every 15 s
                conn.execute(update(seats).where(seats.c.game_id == game_id,
                                                 seats.c.seat.in_(numbers))
                             .values(seen=now))

    def tell_presence(self, process: str, seated: dict[str, list[int]]) -> None:
        """Tell every server process which seats of these games have a connection to
        `process` now (an empty list: none any more), one `NOTIFY keizai,
        'presence:<process>:<game>:<seats>'` a game, on PostgreSQL (one process alone
        has nobody to tell). The others show those seats' players as here."""
        if not self.postgres or not seated:
            return
        payloads = [f"presence:{process}:{game_id}:{','.join(map(str, sorted(numbers)))}"
                    for game_id, numbers in sorted(seated.items())]
        with transaction(self.engine) as conn:
            conn.execute(text("SELECT pg_notify(:channel, payload) FROM "
                              "unnest(CAST(:payloads AS text[])) AS payload"),
                         {"channel": NOTIFY_CHANNEL, "payloads": payloads})

    def seen_for(self, game_id: str, seat: int) -> float | None:
        """Seconds since a process last marked the seat's player connected (`mark_seen`),
        or None when none ever did."""
        with self.engine.connect() as conn:
            row = conn.execute(select(seats.c.seen, func.now()).where(
                seats.c.game_id == game_id, seats.c.seat == seat)).first()
        if row is None or row[0] is None:
            return None
        seen: datetime = row[0] if row[0].tzinfo is not None else row[0].replace(tzinfo=UTC)
        now: datetime = row[1] if self.postgres else datetime.now(UTC)
        return (now - seen).total_seconds()

    def mark_thinking(self, game_ids: list[str]) -> None:
        """A bot of this process is deciding these games' next moves now."""
        if not game_ids:
            return
        with transaction(self.engine) as conn:
            conn.execute(update(games).where(games.c.id.in_(game_ids))
                         .values(thinking=func.now()))

    def release_thinking(self, game_ids: list[str]) -> None:
        """This process stops and no longer decides these games' bot moves: their marks
        say so (`RELEASED`), and every process holding one hears of it (`NOTIFY
        keizai, 'released:<game>'`) and takes the move over at once."""
        if not game_ids:
            return
        with transaction(self.engine) as conn:
            conn.execute(update(games).where(games.c.id.in_(game_ids))
                         .values(thinking=RELEASED))
            if self.postgres:
                for game_id in game_ids:
                    conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                                 {"channel": NOTIFY_CHANNEL, "payload": f"released:{game_id}"})

    def claim_thinking(self, game_id: str, stale: float) -> bool:
        """Mark the game's bot deciding here, unless a process marked it within `stale`
        seconds (by the database's clock): whether this one may decide. One of several
        processes asking at once is let."""
        since = (func.now() - timedelta(seconds=stale) if self.postgres
                 else func.datetime("now", f"-{stale} seconds"))
        with transaction(self.engine) as conn:
            return bool(conn.execute(update(games).where(
                games.c.id == game_id,
                games.c.thinking.is_(None) | (games.c.thinking < since))
                .values(thinking=func.now())).rowcount)

    def thinking_for(self, game_id: str) -> float | None:
        """Seconds since a process last marked its bot deciding the game (`mark_thinking`,
        both times by the database's clock), or None when none ever did."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games.c.thinking, func.now())
                               .where(games.c.id == game_id)).first()
        if row is None or row[0] is None:
            return None
        marked, now = (t if t.tzinfo is not None else t.replace(tzinfo=UTC) for t in row)
        waited: timedelta = now - marked
        return waited.total_seconds()

    def delete_abandoned(self, untouched: timedelta, batch: int = 500) -> int:
        """Delete the unfinished games created more than `untouched` ago that nobody
        changed since (`touched`: a move, an undo, a hand-over; a seat's view read by
        its player over HTTP) and whose seats' players none has been seen connected
        since (`seen`), with their seats, actions and social rows (the foreign keys
        cascade); finished games stay (ratings and replays), and a rematch deleted is no
        longer their rematch (asked again, a new one is made). How many were deleted."""
        cutoff = datetime.now(UTC) - untouched
        # a seat of the game seen since: NOT EXISTS, as NOT IN read the whole list of
        # such games again for every game once it outgrew PostgreSQL's work_mem
        recent = ~select(seats.c.game_id).where(seats.c.game_id == games.c.id,
                                               seats.c.seen >= cutoff).exists()
        # touched since: checked again at the delete, as `recent` is (a move meanwhile)
        idle = games.c.touched.is_(None) | (games.c.touched < cutoff)
        with self.engine.connect() as conn:
            ids = list(conn.execute(select(games.c.id).where(
                games.c.over == 0, games.c.created < cutoff, idle, recent)).scalars())
        deleted = 0
        for start in range(0, len(ids), batch):
            chunk = ids[start:start + batch]
            with transaction(self.engine) as conn:   # seen or moved meanwhile: kept
                deleted += conn.execute(delete(games).where(
                    games.c.id.in_(chunk), idle, recent)).rowcount
                conn.execute(update(REMATCHES).where(
                    REMATCHES.c.rematch.in_(chunk),
                    ~select(games.c.id).where(games.c.id == REMATCHES.c.rematch).exists())
                    .values(rematch=None))
        return deleted

    # ----- reads ---------------------------------------------------------------------
    def load(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games, func.now().label("read_at"))
                               .where(games.c.id == game_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(select(seats).where(seats.c.game_id == game_id)
                                     .order_by(seats.c.seat)).all()
            names = conn.execute(select(actions.c.name).where(actions.c.game_id == game_id)
                                 .order_by(actions.c.step)).scalars().all()
        return GameRow(
            id=row.id, game=row.game, players=row.players, seed=row.seed,
            options=dict(row.options), host_token=row.host_token, created=row.created,
            seats=[_seat_row(s) for s in seat_rows], actions=list(names),
            version=row.version, released=_released(row.thinking), keizai=row.keizai,
            turn_began=self._local(row.turn_began, row.read_at),
            turn_more=self._local(row.turn_more, row.read_at))

    def _local(self, moment: datetime | None, read_at: datetime) -> float | None:
        """A moment the database's clock stored, as this process's `time.time()`: its age
        by the database's clock when it was read (`read_at`, that clock's now) taken from
        this process's now. Processes whose clocks differ from the database's (or from
        one another's) time a turn alike; SQLite's clock is this process's."""
        if moment is None:
            return None
        now = read_at if self.postgres else datetime.now(UTC)
        age = (_aware(now) - _aware(moment)).total_seconds()
        return time.time() - age

    def listing(self, limit: int) -> list[dict[str, Any]]:
        """The newest listed games' lobby lines (no tokens; private tables and games past
        their creator's share left out before the limit), without loading any game: read
        by `ix_games_lobby_created`, whose rows are those the lobby lists only."""
        query = select(games.c.id, games.c.game, games.c.players, games.c.created,
                       games.c.step, games.c.over, games.c.current
                       ).where(IN_LOBBY)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(games.c.created.desc()).limit(limit)).all()
            ids = [r.id for r in rows]
            seat_rows = conn.execute(select(seats).where(seats.c.game_id.in_(ids))
                                     .order_by(seats.c.game_id, seats.c.seat)).all()
        by_game: dict[str, list[SeatRow]] = {}
        for s in seat_rows:
            by_game.setdefault(s.game_id, []).append(_seat_row(s))
        return [{"id": r.id, "game": r.game, "players": r.players, "created": r.created,
                 "step": r.step or 0, "over": bool(r.over), "current_player": r.current,
                 "seats": by_game.get(r.id, [])} for r in rows]

    def unfinished_bot_turns(self) -> list[str]:
        """Games not over whose current seat is a bot (a restarted server resumes them)."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(games.c.id).join(seats, (seats.c.game_id == games.c.id)
                                        & (seats.c.seat == games.c.current))
                .where(games.c.over == 0, seats.c.kind == "bot")).scalars())

    def unsummarized(self) -> list[str]:
        """Games stored before the lobby line was kept with them (filled once on start)."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(games.c.id).where(games.c.step.is_(None)))
                        .scalars())

    def set_summary(self, game_id: str, summary: Summary) -> None:
        with transaction(self.engine) as conn:
            conn.execute(update(games).where(games.c.id == game_id)
                         .values(**_summary_values(summary)))

    def version(self, game_id: str) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(select(games.c.version).where(games.c.id == game_id)).scalar()

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored version of each of these games (a deleted one is left out)."""
        with self.engine.connect() as conn:
            return {r.id: r.version for r in conn.execute(
                select(games.c.id, games.c.version).where(games.c.id.in_(game_ids)))}

    def game_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(games.c.id).order_by(games.c.created)).scalars())

    def action_count(self, game_id: str) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(actions)
                                .where(actions.c.game_id == game_id)).scalar_one()


def _summary_values(summary: Summary | None) -> dict[str, Any]:
    if summary is None:
        return {}
    return {"step": summary.step, "over": int(summary.over), "current": summary.current}


def _sqlite_time(moment: datetime) -> str:
    """A time as SQLAlchemy stores it in SQLite (UTC, no offset), for the driver's own
    statements: comparable with the times SQLAlchemy wrote."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def _aware(moment: datetime) -> datetime:
    """A stored time with its zone (SQLite's come back naive, in UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _released(thinking: datetime | None) -> bool:
    if thinking is None:
        return False
    return (thinking if thinking.tzinfo is not None
            else thinking.replace(tzinfo=UTC)) == RELEASED


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(s.seat, s.kind, s.agent, s.token, bool(s.claimed), bool(s.open),
                   bool(s.handed), s.seen)

