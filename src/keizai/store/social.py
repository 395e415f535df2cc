"""The social tables: accounts and their sessions, the players in each seat, table settings,
ratings with their history, and table chat (see docs/social.md).

They live beside the game tables (`keizai.store.db`) and refer to them; the migration
`0002` creates them in an existing database.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    and_,
    cast,
    delete,
    func,
    insert,
    literal,
    literal_column,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from keizai.store.db import (
    NOTIFY_CHANNEL,
    SPEC_CHARS,
    GameGone,
    games,
    metadata,
    seats,
    transaction,
)

# A username is at most 24 characters after NFKC; case-folded, one may become three
# ("ΐ"; "ß" two), and the look-alike letters are taken one for one: its key, letters
# and skeleton hold 72 (the key held 32 until 0021: "ß" * 24 was a storage error).
FOLDED_CHARS = 72

accounts = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(32), nullable=False),
    Column("username_key", String(FOLDED_CHARS), nullable=False, unique=True),  # case-folded
    Column("password_hash", String(255), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    # What the name reads as (`keizai.store.lookalikes.letters` and `skeleton`), each
    # unique: a name that would pass for another's is refused by the insert, whichever
    # process makes it. NULL for an account made before 0020 whose name passed for an
    # older one's in that form.
    Column("username_letters", String(FOLDED_CHARS), nullable=True),
    Column("username_skeleton", String(FOLDED_CHARS), nullable=True),
    # The last login (NULL: none since it was registered, or before 0025): an account
    # never logged into again and that nothing names goes after a while, its name free
    # (`SocialStore.delete_unused_accounts`).
    Column("logged_in", DateTime(timezone=True), nullable=True),
)
Index("ix_accounts_username_letters", accounts.c.username_letters, unique=True)
Index("ix_accounts_username_skeleton", accounts.c.username_skeleton, unique=True)

sessions = Table(
    "sessions", metadata,
    Column("id", String(64), primary_key=True),     # SHA-256 of the cookie's secret
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False, index=True),
)

seat_players = Table(
    "seat_players", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(32), nullable=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="SET NULL"),
           nullable=True, index=True),
    Column("bot", String(SPEC_CHARS), nullable=True),   # the bot spec the seat was created with
    Column("muted", Integer, nullable=False, default=0),
)

table_settings = Table(
    "table_settings", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("visibility", String(8), nullable=False, default="public"),
    Column("clock", String(8), nullable=False, default="none"),
    Column("unrated", String(32), nullable=True),   # why the game cannot be rated
    Column("rated", Integer, nullable=False, default=0),
    Column("host_account_id", Integer, ForeignKey("accounts.id", ondelete="SET NULL"),
           nullable=True, index=True),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
)

ratings = Table(
    "ratings", metadata,
    Column("game", String(64), primary_key=True),
    Column("player", String(SPEC_CHARS), primary_key=True),   # "account:<id>" or "bot:<spec>"
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)
# The conservative rating the leaderboard ranks by, with its 3 written into the SQL (a
# bound parameter would not match the index's expression), and the index that gives a
# game's best players without sorting all of them.
ORDINAL = ratings.c.mu - literal_column("3") * ratings.c.sigma
Index("ix_ratings_game_ordinal", ratings.c.game, ORDINAL)
# A player's ratings, one per title (its public page), in the page's order: the key
# (game, player) cannot give them without reading every player's (migration 0015).
Index("ix_ratings_player_game", ratings.c.player, ratings.c.game)

rating_history = Table(
    "rating_history", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player", String(SPEC_CHARS), nullable=False),
    Column("game", String(64), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    # The game's `listed` flag (0: a private table), copied when it is rated: a
    # player's public page reads its newest listed games by the index below, not all of
    # the player's games (a bot level's are every rated game played against it).
    Column("listed", Integer, nullable=False, server_default="1"),
    Index("ix_rating_history_player_listed_at", "player", "listed", "at"),
    Index("ix_rating_history_player_game_at", "player", "game", "at"),
)

chat_messages = Table(
    "chat_messages", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           nullable=False),
    Column("seat", Integer, nullable=True),        # None: the host
    Column("name", String(32), nullable=False),
    Column("text", String(1200), nullable=False),  # HTML-escaped: up to 6 x chat.MAX_CHARS
    Column("at", DateTime(timezone=True), nullable=False),
    # A game's chat grows as long as it is played: its last messages (`chat`) and a
    # seat's recent ones (`add_chat`'s bound) are read by these, never the whole chat.
    Index("ix_chat_messages_game_id_id", "game_id", "id"),
    Index("ix_chat_messages_game_seat_at", "game_id", "seat", "at"),
)


# Failed logins, shared by every server process (keizai.web.accounts counts them): one
# row per counter with a failure in its window, the row going once its window has passed.
login_failures = Table(
    "login_failures", metadata,
    Column("counter", String(64), primary_key=True),   # SHA-256 of what is counted
    Column("times", JSON, nullable=False),             # Unix times, oldest first
    Column("expires", DateTime(timezone=True), nullable=False, index=True),
)
PRUNED_AT_ONCE = 1000   # expired counters one login deletes at most
MAX_SESSIONS = 20       # sessions an account keeps (its newest; a login past them ends
                        # the oldest)
ENDED_PER_NOTICE = 100  # ended sessions' ids a notice names (65 bytes each, of 8,000)

# (counter, most failures, window in seconds)
Counter = tuple[str, int, float]


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class SeatMuted(Exception):
    """The seat's chat is muted (`add_chat`): nothing was stored."""


class ChatFull(Exception):
    """The game's chat holds as many lines as a game's may (`add_chat`): nothing was
    stored."""


class ChatClosed(Exception):
    """The game ended longer ago than its chat stays open (`add_chat`): nothing was
    stored."""


class SeatOwned(Exception):
    """Another account sat down at the seat (`name_seat`): nothing was stored."""


class Naming(Enum):
    """What `name_seat` did."""

    NAMED = "named"           # stored, and every process told
    UNCHANGED = "unchanged"   # the seat had that name (and account): nothing stored
    CLASHES = "clashes"       # another seat's name: nothing stored


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    username: str
    password_hash: str


@dataclass(frozen=True, slots=True)
class Session:
    account: Account
    csrf: str
    expires: datetime


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    seat: int
    name: str | None
    account_id: int | None
    username: str | None
    bot: str | None
    muted: bool


@dataclass(frozen=True, slots=True)
class Settings:
    visibility: str
    clock: str
    unrated: str | None
    rated: bool
    host_account_id: int | None
    rematch_of: str | None
    rematch: str | None


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float


# (seat, player key, place 1 = best) of one finished game
Standing = tuple[int, str, int]
# priors per seat -> posteriors per seat (the rating model, e.g. OpenSkill)
Rater = Callable[[list[Rating], list[int]], list[Rating]]


class SocialStore:
    """Synchronous access to the social tables on the game store's engine."""

    def __init__(self, engine: Engine, sender: str = "") -> None:
        """`sender`: the server process, named in its notices of seats changed
        (`_set_seat_player`), which it need not read back: it reads the rows itself."""
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.sender = sender

    def _notify(self, conn: Connection, game_id: str, what: str) -> None:
        """Tell every server process (PostgreSQL NOTIFY, sent at commit) that a game's
        social rows changed: `social:<game>:<what>`."""
        if self.postgres:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": NOTIFY_CHANNEL, "payload": f"social:{game_id}:{what}"})

    # ----- failed logins ---------------------------------------------------------------
    def count_login(self, counters: Sequence[Counter], at: float) -> bool:
        """Count a login at Unix time `at` under each counter, all or none: False (nothing
        counted) when one of them already holds its most within its window. A login is
        counted before its password is checked, so that logins at once in any number of
        processes cannot pass a bound together; a right password clears its counters
        (`clear_logins`), a request refused for another reason takes its count back
        (`uncount_login`). Expired counters are deleted first, a few at a time."""
        self._prune_logins(datetime.fromtimestamp(at, UTC))
        for _attempt in range(3):
            try:
                with transaction(self.engine) as conn:
                    return self._count_login(conn, counters, at)
            except IntegrityError:   # another process made the same counter just now
                continue
        raise RuntimeError("login counters kept changing")

    def _count_login(self, conn: Connection, counters: Sequence[Counter], at: float) -> bool:
        keys = sorted({key for key, _most, _window in counters})   # locked in one order
        rows = {r.counter: list(r.times) for r in conn.execute(
            select(login_failures.c.counter, login_failures.c.times)
            .where(login_failures.c.counter.in_(keys)).order_by(login_failures.c.counter)
            .with_for_update())}
        counted = []
        for key, most, window in counters:
            recent = [t for t in rows.get(key, ()) if t > at - window]
            if len(recent) >= most:
                return False
            counted.append((key, [*recent, at][-most:], window))
        for key, times, window in counted:
            values = {"times": times,
                      "expires": datetime.fromtimestamp(max(times) + window, UTC)}
            if key in rows:
                conn.execute(update(login_failures)
                             .where(login_failures.c.counter == key).values(**values))
            else:
                conn.execute(insert(login_failures).values(counter=key, **values))
        return True

    def login_wait(self, counters: Sequence[Counter], at: float) -> float:
        """Seconds after Unix time `at` until `count_login` would count a login under
        every counter (each full one's `most`-th newest failure past its window); 0 when
        it would now."""
        keys = sorted({key for key, _most, _window in counters})
        with self.engine.connect() as conn:
            rows = {r.counter: list(r.times) for r in conn.execute(
                select(login_failures.c.counter, login_failures.c.times)
                .where(login_failures.c.counter.in_(keys)))}
        wait = 0.0
        for key, most, window in counters:
            recent = sorted(t for t in rows.get(key, ()) if t > at - window)
            if len(recent) >= most:
                wait = max(wait, recent[-most] + window - at)
        return wait

    def _prune_logins(self, moment: datetime) -> None:
        """Delete counters whose window has passed; on PostgreSQL those another
        transaction holds are skipped (it may be counting on them)."""
        expired = (select(login_failures.c.counter).where(login_failures.c.expires < moment)
                   .limit(PRUNED_AT_ONCE).with_for_update(skip_locked=True))
        with transaction(self.engine) as conn:
            conn.execute(delete(login_failures).where(login_failures.c.counter.in_(expired)))

    def uncount_login(self, keys: Sequence[str], at: float) -> None:
        """Take back the count `count_login` made at `at` (the login was refused for
        another reason before its password was checked)."""
        with transaction(self.engine) as conn:
            for key in sorted(set(keys)):
                row = conn.execute(select(login_failures.c.times)
                                   .where(login_failures.c.counter == key)
                                   .with_for_update()).first()
                if row is None or at not in row.times:
                    continue
                times = list(row.times)
                times.remove(at)
                if times:
                    conn.execute(update(login_failures).where(login_failures.c.counter == key)
                                 .values(times=times))
                else:
                    conn.execute(delete(login_failures)
                                 .where(login_failures.c.counter == key))

    def clear_logins(self, keys: Sequence[str]) -> None:
        """Forget these counters (a right password)."""
        with transaction(self.engine) as conn:
            conn.execute(delete(login_failures).where(login_failures.c.counter.in_(keys)))

    def login_counters(self) -> int:
        """How many failure counters are stored."""
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(login_failures)).scalar_one()

    # ----- accounts and sessions ---------------------------------------------------------
    def create_account(self, username: str, key: str, letters: str, skeleton: str,
                       password_hash: str) -> int | None:
        """The new account's id, or None when the name is taken: another account has
        its key (case-folded), its letters or its skeleton (`username_like` says
        whose)."""
        try:
            with transaction(self.engine) as conn:
                result = conn.execute(insert(accounts).values(
                    username=username, username_key=key, username_letters=letters,
                    username_skeleton=skeleton, password_hash=password_hash,
                    created=now()))
                return int(result.inserted_primary_key[0])  # type: ignore[index]  # (1 row: a key)
        except IntegrityError:
            return None

    def delete_unused_accounts(self, unused: timedelta) -> int:
        """Delete the accounts registered more than `unused` ago, never logged into
        since, with no session left unexpired, and that nothing names: no seat, no table
        hosted, no rating nor rated game. Their names are free again (a name taken is
        otherwise taken for good: docs/web.md, Rate limits). How many were deleted."""
        cutoff = now() - unused
        player = literal("account:") + cast(accounts.c.id, String)
        named = [
            select(sessions.c.id).where(sessions.c.account_id == accounts.c.id,
                                        sessions.c.expires >= now()),
            select(seat_players.c.game_id).where(seat_players.c.account_id == accounts.c.id),
            select(table_settings.c.game_id).where(
                table_settings.c.host_account_id == accounts.c.id),
            select(ratings.c.game).where(ratings.c.player == player),
            select(rating_history.c.game_id).where(rating_history.c.player == player)]
        with transaction(self.engine) as conn:
            return int(conn.execute(delete(accounts).where(
                accounts.c.created < cutoff, accounts.c.logged_in.is_(None),
                *(~query.exists() for query in named))).rowcount)

    def username_like(self, key: str, letters: str, skeleton: str) -> str | None:
        """The username of the account whose key is `key`, else of one whose letters
        or skeleton are these, if any."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts.c.username, accounts.c.username_key).where(
                (accounts.c.username_key == key) | (accounts.c.username_letters == letters)
                | (accounts.c.username_skeleton == skeleton))).all()
        return min(rows, key=lambda row: row.username_key != key).username if rows else None

    def account_by_key(self, key: str) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts).where(accounts.c.username_key == key)).first()
        return None if row is None else Account(row.id, row.username, row.password_hash)

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        with transaction(self.engine) as conn:
            conn.execute(update(accounts).where(accounts.c.id == account_id)
                         .values(password_hash=password_hash))

    def create_session(self, session_id: str, account_id: int, csrf: str,
                       expires: datetime, login: bool = False) -> set[str]:
        """A new session; expired ones go (by the index on `expires`), and the account's
        oldest past its newest MAX_SESSIONS - 1 end: a script logging in again and again
        without its cookie stores no more. The sessions deleted are returned, and told
        every server process as `delete_session` tells its one: their seats' connections
        close at once, not at each process's next look at them. `login`: a login's
        (not a registration's), noted as the account's last (`logged_in`)."""
        cut = now()
        expired = sessions.c.expires < cut
        oldest = (sessions.c.account_id == account_id) & sessions.c.id.not_in(
            select(sessions.c.id).where(sessions.c.account_id == account_id)
            .order_by(sessions.c.created.desc(), sessions.c.id)
            .limit(MAX_SESSIONS - 1))
        with transaction(self.engine) as conn:
            ended = set(conn.execute(select(sessions.c.id).where(expired)).scalars())
            ended |= set(conn.execute(select(sessions.c.id).where(oldest)).scalars())
            conn.execute(delete(sessions).where(expired))
            conn.execute(delete(sessions).where(oldest))
            conn.execute(insert(sessions).values(id=session_id, account_id=account_id,
                                                 csrf=csrf, created=now(), expires=expires))
            if login:
                conn.execute(update(accounts).where(accounts.c.id == account_id)
                             .values(logged_in=now()))
            self._tell_ended(conn, ended)
        return ended

    def session(self, session_id: str) -> Session | None:
        """The live session with this id (None when unknown or expired)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(sessions.c.csrf, sessions.c.expires, accounts.c.id,
                       accounts.c.username, accounts.c.password_hash)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.id == session_id)).first()
        if row is None or aware(row.expires) <= now():
            return None
        return Session(Account(row.id, row.username, row.password_hash), row.csrf,
                       aware(row.expires))

    def delete_session(self, session_id: str) -> None:
        """End a session (a logout, or another login in its browser), and tell every
        server process (PostgreSQL NOTIFY, `ended:<session id>`, sent at commit): each
        closes the seats' connections opened with it at once, not at its next look
        (`SocialConfig.session_check`, 15 s). The id is the hash of the cookie's secret,
        which it does not give."""
        with transaction(self.engine) as conn:
            conn.execute(delete(sessions).where(sessions.c.id == session_id))
            self._tell_ended(conn, {session_id})

    def _tell_ended(self, conn: Connection, ended: set[str]) -> None:
        """PostgreSQL NOTIFY `ended:<id>,<id>...` (sent at commit), ENDED_PER_NOTICE
        sessions a notice, within a notice's 8,000 bytes: one notice each would have
        every process look through its connections once per session."""
        if not self.postgres:
            return
        ids = sorted(ended)
        for first in range(0, len(ids), ENDED_PER_NOTICE):
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {
                "channel": NOTIFY_CHANNEL,
                "payload": "ended:" + ",".join(ids[first:first + ENDED_PER_NOTICE])})

    def expire_session(self, session_id: str, when: datetime) -> None:
        with transaction(self.engine) as conn:
            conn.execute(update(sessions).where(sessions.c.id == session_id)
                         .values(expires=when))

    def account_seats(self, account_id: int) -> list[dict[str, Any]]:
        """Every seat of the account, newest game first, with the seat's token and the name
        the account sat down under (as its table names the seat)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id, games.c.game, games.c.created, seats.c.seat,
                       seats.c.token, seat_players.c.name)
                .join(seat_players, and_(seat_players.c.game_id == seats.c.game_id,
                                         seat_players.c.seat == seats.c.seat))
                .join(games, games.c.id == seats.c.game_id)
                .where(seat_players.c.account_id == account_id)
                .order_by(games.c.created.desc(), seats.c.seat).limit(200)).all()
        return [{"id": r.id, "game": r.game, "created": aware(r.created).isoformat(),
                 "seat": r.seat, "token": r.token, "name": r.name} for r in rows]

    def hosted_games(self, account_id: int) -> list[dict[str, Any]]:
        """The games the account created, with the host token and every invited seat's
        link (not an open seat's: its player came from the lobby, a stranger to the host)
        and the name its player saved, as the table shows it to anyone (None: none yet)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id, games.c.game, games.c.created, games.c.host_token)
                .join(table_settings, table_settings.c.game_id == games.c.id)
                .where(table_settings.c.host_account_id == account_id)
                .order_by(games.c.created.desc()).limit(200)).all()
            ids = [r.id for r in rows]
            seat_rows = conn.execute(
                select(seats.c.game_id, seats.c.seat, seats.c.token, seat_players.c.name)
                .outerjoin(seat_players, and_(seat_players.c.game_id == seats.c.game_id,
                                              seat_players.c.seat == seats.c.seat))
                .where(seats.c.game_id.in_(ids), seats.c.kind == "human",
                       seats.c.open == 0)
                .order_by(seats.c.seat)).all() if ids else []
        invites: dict[str, list[dict[str, Any]]] = {}
        for s in seat_rows:
            invites.setdefault(s.game_id, []).append({"seat": s.seat, "token": s.token,
                                                      "name": s.name})
        return [{"id": r.id, "game": r.game, "created": aware(r.created).isoformat(),
                 "host_token": r.host_token, "invites": invites.get(r.id, [])} for r in rows]

    # ----- seats and settings ----------------------------------------------------------
    def seat_players(self, game_id: str) -> dict[int, SeatPlayer]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seat_players, accounts.c.username)
                .outerjoin(accounts, accounts.c.id == seat_players.c.account_id)
                .where(seat_players.c.game_id == game_id)).all()
        return {r.seat: SeatPlayer(r.seat, r.name, r.account_id, r.username, r.bot,
                                   bool(r.muted)) for r in rows}

    def set_seat_player(self, game_id: str, seat: int, **values: Any) -> None:
        """Insert or update one seat's player fields (name, account_id, bot, muted);
        `GameGone` when the store no longer holds the game."""
        with transaction(self.engine) as conn:
            _game_row(conn, game_id)
            self._set_seat_player(conn, game_id, seat, values)

    def name_seat(self, game_id: str, seat: int, values: dict[str, Any],
                  clashes: Callable[[str, int | None], bool], decided: bool = False
                  ) -> Naming:
        """Set one seat's player fields (`values`: its name, and its account) unless the
        name clashes with another seat's (`clashes(its name, its account id)`) or the
        seat holds them already; nothing is written then, and no process told (until
        session 32 a name sent again was written and told every process, which read the
        seat rows and sent each page a presence). The game's row is locked while the
        names are read, so two seats named at the same moment, in one server process or
        several, cannot both take a name (checked against a process's cache, both did).
        A seat an account sat down at is named by that account alone (`SeatOwned`): two
        joins at once through two processes, each checked before the other's write, let
        the second account take the seat from the first (so did one through a process
        whose cache had not heard of the first, until session 30).
        `decided`: the seat has taken a decision of the game already. An account sitting
        down at it now held it from no first decision, and the game is noted unrated
        (`late_seat`) with the account, in one transaction: a guest played most of a
        game, an account took the seat for its last moves and was rated on the whole
        (until session 33). `GameGone` when the store no longer holds the game."""
        with transaction(self.engine) as conn:
            _game_row(conn, game_id, lock=True)
            held = conn.execute(select(seat_players.c.name, seat_players.c.account_id).where(
                seat_players.c.game_id == game_id, seat_players.c.seat == seat)).first()
            owner = None if held is None else held.account_id
            if owner is not None and owner != values.get("account_id"):
                raise SeatOwned(f"seat {seat} of game {game_id} is another account's")
            if held is not None and all(getattr(held, key) == value
                                        for key, value in values.items()):
                return Naming.UNCHANGED
            others = conn.execute(select(seat_players.c.name, seat_players.c.account_id).where(
                seat_players.c.game_id == game_id, seat_players.c.seat != seat,
                seat_players.c.name.is_not(None))).all()
            if any(clashes(other.name, other.account_id) for other in others):
                return Naming.CLASHES
            self._set_seat_player(conn, game_id, seat, values)
            if decided and owner is None and values.get("account_id") is not None:
                self._unrate(conn, game_id, "late_seat")
        return Naming.NAMED

    def _unrate(self, conn: Connection, game_id: str, reason: str) -> None:
        """Note a game unrated for `reason`, unless it was rated or noted so already."""
        noted = conn.execute(update(table_settings).where(
            table_settings.c.game_id == game_id, table_settings.c.rated == 0,
            table_settings.c.unrated.is_(None)).values(unrated=reason)).rowcount
        if noted:
            self._notify(conn, game_id, "settings")

    def _set_seat_player(self, conn: Connection, game_id: str, seat: int,
                         values: dict[str, Any]) -> None:
        changed = conn.execute(update(seat_players).where(
            seat_players.c.game_id == game_id, seat_players.c.seat == seat)
            .values(**values)).rowcount
        if not changed:
            conn.execute(insert(seat_players).values(
                game_id=game_id, seat=seat, **{"muted": 0, **values}))
        self._notify(conn, game_id, f"seats:{self.sender}")

    def seat_names(self, game_ids: list[str]) -> dict[tuple[str, int], str]:
        if not game_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_players.c.game_id, seat_players.c.seat,
                                       seat_players.c.name).where(
                seat_players.c.game_id.in_(game_ids), seat_players.c.name.is_not(None))).all()
        return {(r.game_id, r.seat): r.name for r in rows}

    def create_settings(self, game_id: str, **values: Any) -> None:
        with transaction(self.engine) as conn:
            self._list(conn, game_id, values)
            conn.execute(insert(table_settings).values(game_id=game_id, **values))
            self._notify(conn, game_id, "settings")

    @staticmethod
    def _list(conn: Connection, game_id: str, values: dict[str, Any]) -> None:
        """The game's `listed` flag (what the lobby and a player's page read) follows a
        visibility written; the game's row is written first, as every writer of a game
        does."""
        if "visibility" in values:
            listed = int(values["visibility"] != "private")
            conn.execute(update(games).where(games.c.id == game_id).values(listed=listed))
            conn.execute(update(rating_history).where(rating_history.c.game_id == game_id)
                         .values(listed=listed))

    def settings(self, game_id: str) -> Settings | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(table_settings)
                             .where(table_settings.c.game_id == game_id)).first()
        if r is None:
            return None
        return Settings(r.visibility, r.clock, r.unrated, bool(r.rated), r.host_account_id,
                        r.rematch_of, r.rematch)

    def clocked_human_turns(self, most: int) -> list[str]:
        """Games not over with a turn clock whose current seat is a human's (a restarted
        server starts their clocks again): the `most` last changed or used."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(games.c.id)
                .join(seats, (seats.c.game_id == games.c.id) & (seats.c.seat == games.c.current))
                .join(table_settings, table_settings.c.game_id == games.c.id)
                .where(games.c.over == 0, seats.c.kind == "human",
                       table_settings.c.clock != "none")
                .order_by(func.coalesce(games.c.touched, games.c.created).desc(),
                          games.c.id)
                .limit(most)).scalars())

    def update_settings(self, game_id: str, **values: Any) -> None:
        with transaction(self.engine) as conn:
            self._list(conn, game_id, values)
            conn.execute(update(table_settings).where(table_settings.c.game_id == game_id)
                         .values(**values))
            self._notify(conn, game_id, "settings")

    def claim_rematch(self, game_id: str, rematch_id: str) -> bool:
        """Note the rematch of a game; False when another one was noted first."""
        with transaction(self.engine) as conn:
            claimed = bool(conn.execute(update(table_settings).where(
                table_settings.c.game_id == game_id, table_settings.c.rematch.is_(None))
                .values(rematch=rematch_id)).rowcount)
            self._notify(conn, game_id, "settings")
            return claimed

    # ----- ratings -----------------------------------------------------------------------
    def rate(self, game_id: str, game: str, standings: Sequence[Standing],
             rater: Rater, default: Rating) -> bool:
        """Rate one finished game once (False when it was rated already).

        The settings row is flagged in the same transaction, so two processes finishing
        the same game cannot both rate it; nor is a game noted unrated meanwhile rated
        (an account sat down late, `name_seat`, after the standings were read).
        """
        with transaction(self.engine) as conn:
            claimed = conn.execute(update(table_settings).where(
                table_settings.c.game_id == game_id, table_settings.c.rated == 0,
                table_settings.c.unrated.is_(None)).values(rated=1)).rowcount
            if not claimed:
                return False
            keys = sorted({key for _seat, key, _place in standings})
            current = {r.player: r for r in conn.execute(select(ratings).where(
                ratings.c.game == game, ratings.c.player.in_(keys))).all()}
            priors = [Rating(current[key].mu, current[key].sigma) if key in current
                      else default for _seat, key, _place in standings]
            posts = rater(priors, [place for _seat, _key, place in standings])
            listed = conn.execute(select(games.c.listed).where(games.c.id == game_id)
                                  ).scalar()
            self._store_ratings(conn, (game_id, game, listed), standings, priors, posts,
                                current)
            self._notify(conn, game_id, "settings")
        return True

    @staticmethod
    def _store_ratings(conn: Connection, rated: tuple[str, str, int | None],
                       standings: Sequence[Standing], priors: list[Rating],
                       posts: list[Rating], current: dict[str, Any]) -> None:
        """A player on several seats (a bot level twice) gains every seat's change;
        `rated`: the game's id, title and `listed` flag."""
        game_id, game, listed = rated
        moment = now()
        totals: dict[str, tuple[float, float, int]] = {}
        for (seat, key, place), prior, post in zip(standings, priors, posts, strict=True):
            conn.execute(insert(rating_history).values(
                game_id=game_id, seat=seat, player=key, game=game, place=place,
                mu_before=prior.mu, sigma_before=prior.sigma, mu=post.mu, sigma=post.sigma,
                at=moment, listed=1 if listed is None else listed))
            mu_delta, sigma, count = totals.get(key, (0.0, prior.sigma, 0))
            totals[key] = (mu_delta + post.mu - prior.mu, min(sigma, post.sigma), count + 1)
        for key, (mu_delta, sigma, count) in totals.items():
            if key in current:
                old = current[key]
                conn.execute(update(ratings).where(ratings.c.game == game,
                                                   ratings.c.player == key)
                             .values(mu=old.mu + mu_delta, sigma=sigma,
                                     games=old.games + count, updated=moment))
            else:
                start = next(p for (_s, k, _p), p in zip(standings, priors, strict=True)
                             if k == key)
                conn.execute(insert(ratings).values(
                    game=game, player=key, mu=start.mu + mu_delta, sigma=sigma, games=count,
                    updated=moment))

    def leaderboard(self, game: str, limit: int = 100,
                    bots: Collection[str] | None = None) -> list[dict[str, Any]]:
        """Rated players of a game, best conservative rating (mu - 3 sigma) first: its
        accounts and its bots, only those of `bots` if given (the ladder's players: rows
        of others rated by an older server left out)."""
        query = select(ratings).where(ratings.c.game == game)
        if bots is not None:
            query = query.where(or_(ratings.c.player.like("account:%"),
                                    ratings.c.player.in_(list(bots))))
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(ORDINAL.desc()).limit(limit)).all()
            ids = [int(r.player[8:]) for r in rows if r.player.startswith("account:")]
            names = dict(conn.execute(select(accounts.c.id, accounts.c.username)
                                      .where(accounts.c.id.in_(ids))).all()) if ids else {}
        return [{"player": r.player,
                 "name": display_name(r.player, names.get(int(r.player[8:]))
                                      if r.player.startswith("account:") else None),
                 "mu": r.mu, "sigma": r.sigma, "rating": r.mu - 3 * r.sigma,
                 "games": r.games} for r in rows]

    def player_ratings(self, player: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings).where(ratings.c.player == player)
                                .order_by(ratings.c.game)).all()
        return [{"game": r.game, "mu": r.mu, "sigma": r.sigma, "rating": r.mu - 3 * r.sigma,
                 "games": r.games} for r in rows]

    def history(self, player: str, game: str | None = None, limit: int = 500,
                listed: bool = False) -> list[dict[str, Any]]:
        """The player's rated games, oldest first; `listed`: not the private tables
        (their ids are for those who have their links, and a player's page is public)."""
        query = select(rating_history, games.c.players).join(
            games, games.c.id == rating_history.c.game_id).where(
            rating_history.c.player == player)
        if game is not None:
            query = query.where(rating_history.c.game == game)
        if listed:
            query = query.where(rating_history.c.listed == 1)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(rating_history.c.at.desc(),
                                               rating_history.c.seat).limit(limit)).all()
        return [{"game_id": r.game_id, "game": r.game, "seat": r.seat, "place": r.place,
                 "players": r.players, "at": aware(r.at).isoformat(),
                 "before": r.mu_before - 3 * r.sigma_before, "rating": r.mu - 3 * r.sigma}
                for r in reversed(rows)]

    def account_by_name(self, username: str) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(select(accounts.c.id).where(
                accounts.c.username_key == username.casefold())).scalar()

    # ----- chat --------------------------------------------------------------------------
    def add_chat(self, game_id: str, seat: int | None, name: str, text: str,
                 most: int | None = None, window: float = 0.0, lines: int | None = None,
                 open_after_end: float | None = None) -> dict[str, Any] | None:
        """Store a chat message; None (nothing stored) when the seat (None: the host)
        has said `most` in the game within the last `window` seconds, whichever process
        took them: the game's row is locked while they are counted. `SeatMuted` when the
        host muted the seat: read here, as a process's copy of the flag may not yet
        have heard of a mute made through another process. `GameGone` when the store no
        longer holds the game. `ChatFull` when the game's chat holds `lines` already,
        `ChatClosed` when the game ended (its last move) more than `open_after_end`
        seconds ago by the database's clock: until session 33 nothing bounded a game's
        chat, before or after its end (h219: about 1.1 KB a line stored)."""
        moment = now()
        with transaction(self.engine) as conn:
            _game_row(conn, game_id, lock=most is not None or lines is not None)
            if open_after_end is not None and conn.execute(select(games.c.id).where(
                    games.c.id == game_id, games.c.over == 1,
                    games.c.turn_began < self._ago(open_after_end))).first() is not None:
                raise ChatClosed(game_id)
            if lines is not None and conn.execute(select(func.count()).select_from(
                    select(chat_messages.c.id).where(chat_messages.c.game_id == game_id)
                    .limit(lines).subquery())).scalar_one() >= lines:
                raise ChatFull(lines)
            if seat is not None and conn.execute(select(seat_players.c.muted).where(
                    seat_players.c.game_id == game_id,
                    seat_players.c.seat == seat)).scalar():
                raise SeatMuted(seat)
            if most is not None:
                said = conn.execute(select(func.count()).select_from(chat_messages).where(
                    *_said_by(game_id, seat, moment - timedelta(seconds=window)))
                ).scalar_one()
                if said >= most:
                    return None
            result = conn.execute(insert(chat_messages).values(
                game_id=game_id, seat=seat, name=name, text=text, at=moment))
            message_id = int(result.inserted_primary_key[0])  # type: ignore[index]  # (1 row: a key)
            self._notify(conn, game_id, f"chat:{message_id}")
        return {"id": message_id, "seat": seat, "name": name, "text": text,
                "at": moment.isoformat()}

    def chat_wait(self, game_id: str, seat: int | None, most: int, window: float) -> float:
        """Seconds until the seat (None: the host) may say another message when it may
        say `most` within `window` seconds (`add_chat`): until the `most`-th newest
        within the window is past it; 0 when it may now."""
        moment = now()
        with self.engine.connect() as conn:
            at = conn.execute(select(chat_messages.c.at).where(
                *_said_by(game_id, seat, moment - timedelta(seconds=window)))
                .order_by(chat_messages.c.at.desc()).offset(most - 1).limit(1)).scalar()
        return 0.0 if at is None else max(0.0, window - (moment - aware(at)).total_seconds())

    def _ago(self, seconds: float) -> Any:
        """That many seconds before now, by the database's clock (SQLite's is this
        process's), for a time column written so (`games.turn_began`)."""
        return (func.now() - timedelta(seconds=seconds) if self.postgres
                else now() - timedelta(seconds=seconds))

    def chat_message(self, message_id: int) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(chat_messages)
                             .where(chat_messages.c.id == message_id)).first()
        return None if r is None else {"id": r.id, "seat": r.seat, "name": r.name,
                                       "text": r.text, "at": aware(r.at).isoformat()}

    def chat(self, game_id: str, limit: int = 50) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_messages).where(chat_messages.c.game_id == game_id)
                                .order_by(chat_messages.c.id.desc()).limit(limit)).all()
        return [{"id": r.id, "seat": r.seat, "name": r.name, "text": r.text,
                 "at": aware(r.at).isoformat()} for r in reversed(rows)]


def _said_by(game_id: str, seat: int | None, since: datetime) -> tuple[Any, ...]:
    """The conditions of a seat's chat messages (None: the host's) after `since`."""
    return (chat_messages.c.game_id == game_id,
            chat_messages.c.seat.is_(None) if seat is None else chat_messages.c.seat == seat,
            chat_messages.c.at > since)


def _game_row(conn: Connection, game_id: str, lock: bool = False) -> None:
    """Raise `GameGone` unless the store holds the game; `lock`: its row stays locked
    until the transaction ends (the writes counted or checked under it). Until session
    33 a social write to a deleted game that a process still held broke the foreign key
    to it, which the app answered as the database not answering (503)."""
    query = select(games.c.id).where(games.c.id == game_id)
    if conn.execute(query.with_for_update() if lock else query).first() is None:
        raise GameGone(game_id)


def display_name(player: str, username: str | None) -> str:
    """An account's name, or a bot's level as "bot: hard"."""
    if player.startswith("bot:"):
        return f"bot: {player[4:]}"
    return username or player
