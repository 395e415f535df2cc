"""One live game on the server: its state, seats, connections and bots.

The state is changed only under the table's lock, and only after the new action is in
the store: a candidate state takes the action, the store appends it (refusing it when
the game's stored version is not the one this table holds: another process or request
changed it), then the candidate becomes the state and every connection is sent its own
seat's view. Connections that get the same message share one encoding per step.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import secrets
import sys
import time
import weakref
from array import array
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Container
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, TypeVar

import orjson

import keizai
from keizai import i18n
from keizai.engine import IllegalAction, State, undo
from keizai.engine.decision import PendingDecision
from keizai.engine.decision import steps as whole_steps
from keizai.store import (
    Conflict,
    GameGone,
    GameRow,
    KeyedClient,
    SeatRow,
    SeatsHeld,
    Store,
    Summary,
)
from keizai.version import VERSION
from keizai.web.bots import BotPool, check_spec
from keizai.web.errors import ApiError, forbidden, not_found, rate_limited
from keizai.web.hooks import TableHooks
from keizai.web.networks import network_of
from keizai.web.padding import legal_entry, seat_padding
from keizai.web.turns import Turns

log = logging.getLogger("keizai.web")
T = TypeVar("T")

MAX_ACTION_NAME = 128
MAX_WHOLE_CANDIDATES = 64
MAX_OUTBOX = 64     # messages waiting for one client; a client that far behind is dropped
# ... and their bytes, as this process holds them (`sys.getsizeof`: a message holding a
# character beyond U+00FF takes 2 bytes a character, one beyond U+FFFF, an emoji, 4).
# A client that does not read was sent 64 messages of whatever size: a late 4-player
# Futuropia, Glory or 企業帝國 with a seat named so held 2.1-2.6 MB a connection (the
# log's parts a hello and its asks queue, then the states), 64 sockets a client. A
# message is queued in an empty outbox whatever its size: a client that reads is never
# cut for one message.
MAX_OUTBOX_BYTES = 1 << 20
# The bot pool's owner of the games no client of this process has acted in (`Table.owner`).
UNCHARGED = "(games no client here acted in)"
# Seconds between two marks by this process that a seat's player used a game without
# changing it (`Table.used_by_player`): a clean-up of abandoned games counts days.
TOUCH_EVERY = 3600.0
# Seconds a seat's player who left (or whose link was just opened) is still shown here
# before the others are told the seat is away: a reload, or a seat taken back from its
# bot by the link, closes or opens the seat's connection a moment before the next comes
# (0.04-0.14 s on a laptop, seconds on a phone's network), and the others' Seats panels
# showed "away" for that moment. Never longer than `Settings.handover_after`.
AWAY_GRACE = 5.0
# Undo refusals that mean "something was shown since your last decision".
REVEALED = ("web.undo.revealed", "web.undo.revealed_by", "web.undo.revealed_own")


@dataclass
class Settings:
    """Server options every table follows."""

    pool: BotPool
    bot_delay: float = 0.0
    handover_after: float = 60.0   # seconds a seat must be away before others hand it over
    # Seconds within which a seat marked connected in the store may still be connected to
    # another process (`Tables.beat`; 0 with one process): no hand-over by another player
    # before, whatever `handover_after` is.
    seen_within: float = 0.0
    # Accept a chosen seed with several humans (tests, local analysis): whoever creates
    # the game then knows every hidden card. Never on a public server.
    chosen_seeds: bool = False
    # Games of bots alone (no person at any seat) this process runs at once: anyone may
    # start one, and each writes a move at every bot decision.
    bot_games: int = 8
    bot_games_each: int = 2   # ... of them one client's (address)
    hooks: TableHooks = field(default_factory=TableHooks)   # keizai.web.social's, in the app
    # A place for one more game of bots alone of the client here, held in a `with` block
    # until its bots run; refuses (ApiError) when there is none (`Tables`, which knows
    # the games): a hand-over that leaves no person's seat asks.
    room_for_bots_alone: Callable[[str | None], AbstractContextManager[None]] = field(
        default=lambda _client: contextlib.nullcontext())
    # A seat handed to a bot while another seat's bot was to move already: who moves it
    # (`Tables`: the process deciding it goes on; here, only as a take-over).
    bot_still_to_move: Callable[[Table], None] = field(
        default=lambda table: table.kick_bots())


@dataclass(eq=False)
class Connection:
    """One WebSocket client: the seat it sees (None = spectator), whether it wants the log
    as English lines too (`log`; the page renders `events` itself), and its outbox of
    encoded messages (None: the client fell too far behind and is closed). A state
    message for a connection behind on its log waits as the encoding its seat's
    connections share and its own `log_from` (`Behind`), joined only when it is sent."""

    seat: int | None
    log_sent: int
    lines: bool = True
    outbox: deque[str | Behind | None] = field(default_factory=deque)
    waiter: asyncio.Future[None] | None = None
    # The account whose session opened the seat (None: none); a seat an account sits
    # down at later is closed to the others' connections (`keizai.web.social`).
    account: int | None = None
    # That session's id: an account's seat is closed to it once the session ends.
    session: str | None = None
    closed: bool = False
    held: int = 0   # bytes of the outbox's messages (`MAX_OUTBOX_BYTES`)

    def send(self, text: str | Behind) -> None:
        size = held_bytes(text)
        if len(self.outbox) >= MAX_OUTBOX or (
                self.outbox and self.held + size > MAX_OUTBOX_BYTES):
            self.outbox.clear()
            self.outbox.append(None)
            self.held = 0
        else:
            self.outbox.append(text)
            self.held += size
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def close(self, last: str) -> None:
        """Send `last` (a refusal), then close the connection; it takes no more acts."""
        self.send(last)
        self.outbox.append(None)
        self.closed = True

    async def next(self) -> str | None:
        """The next message to send, once there is one."""
        while not self.outbox:
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        queued = self.outbox.popleft()
        self.held -= held_bytes(queued)
        return queued.joined() if isinstance(queued, Behind) else queued


def held_bytes(queued: str | Behind | None) -> int:
    """What a queued message holds: its text (a `Behind`'s shared one, whole)."""
    if queued is None:
        return 0
    return sys.getsizeof(queued.text if isinstance(queued, Behind) else queued)


class Behind(NamedTuple):
    """A state message queued for a connection behind on its log: the encoding without
    `log_from` that a broadcast shares among its seat's such connections, and where this
    one's log is. Until session 32 each was joined when queued (`with_log_from`), a
    private copy of the whole state: a stranger's 64 sockets whose hellos said since 1,
    2, ... and that never read held up to 63 copies each (~33 MB; ~0.5 GB for a /48's
    1,024 sockets) until each was dropped (bench/web_stall.py `behind`)."""

    text: str
    since: int

    def joined(self) -> str:
        """The message as the client is sent it."""
        return with_log_from(self.text, self.since)


class Shared:
    """What the messages of one broadcast share: the seat lines, and each log entry
    rendered once (the seats' logs hold the same public entries)."""

    def __init__(self) -> None:
        self.seats: list[dict[str, Any]] | None = None
        self.mark: str | None = None
        self.rendered: dict[int, tuple[Any, str]] = {}

    def render(self, entry: Any) -> str:
        found = self.rendered.get(id(entry))
        if found is None or found[0] is not entry:
            found = self.rendered[id(entry)] = (entry, i18n.render(entry))
        return found[1]


def history_mark(history: list[int], key: bytes) -> str:
    """A digest of the game's actions so far, sent with each state ("mark"): a page
    reconnecting says the mark and step of the last state it had, and keeps its log lines
    only if the game's first steps are still those (an Undo from the seat's other page
    and another move meanwhile make a log of as many lines or more, not the same). Keyed
    with the table's own random key (`Table.mark_key`): a plain digest of the actions
    could be matched against the guesses of another seat's hidden choice."""
    return hashlib.blake2b(array("q", history).tobytes(), digest_size=8,
                           key=key).hexdigest()


class RunningMark:
    """`history_mark` of a game's actions, kept up to date as actions are added: each
    broadcast hashes only the actions since the last one, not the whole game (26 µs a
    broadcast at the end of a 4-player 企業帝國 game, bench/web_load.py late). The actions
    it has hashed must stay the history's first ones: a table starts a new one when
    its game is replaced otherwise (an undo, another process's undo)."""

    def __init__(self, key: bytes) -> None:
        self.hash = hashlib.blake2b(digest_size=8, key=key)
        self.length = 0   # how many actions it has hashed

    def of(self, history: list[int]) -> str:
        if len(history) > self.length:
            self.hash.update(array("q", history[self.length:]).tobytes())
            self.length = len(history)
        return self.hash.hexdigest()


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text. orjson encodes a state message about five times
    faster than the standard library, and every action encodes one per connected seat.
    Views have string keys; orjson's option for other keys halves its speed, so it is
    used only for a message that needs it."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def with_log_from(text: str, since: int) -> str:
    """A state message encoded without its `log_from` (it carries no log entries), with
    it: a broadcast encodes one such message for all its connections of a seat."""
    return f'{text[:-1]},"log_from":{since}}}'


def check_seat(seat: Any, seats: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise ApiError.refused("invalid_request", "web.err.seat_range", last=seats - 1)
    return seat


def check_step(step: Any) -> int | None:
    if step is None:
        return None
    if isinstance(step, bool) or not isinstance(step, int) or step < 0:
        raise ApiError("invalid_request", "step must be a whole number")
    return step


def load(store: Store, hooks: TableHooks, game_id: str) -> tuple[GameRow | None, Any]:
    """A game's row and what the hooks keep about it (`TableHooks.stored`), read
    together in a worker thread, never on the event loop."""
    row = store.load(game_id)
    return row, None if row is None else hooks.stored(game_id)


@dataclass
class Replayed:
    """A record replayed, with what a table keeps per step of it: the seat that decided,
    the engine's reveal count before it (for undo), the compound decision (kind) it was
    part of (undo takes a whole decision back) and how many log entries there were
    before it (where "Just now" begins). Built in the replay thread (`off_loop`):
    replaying a whole game is milliseconds of CPU (14 ms for a whole 4-player 企業帝國
    game), which on the event loop held every request of the process. Nothing else holds
    it until the loop takes it over."""

    state: State
    movers: list[int | None] = field(default_factory=list)
    reveals_before: list[undo.Counters] = field(default_factory=list)
    kinds: list[str | None] = field(default_factory=list)
    events_before: list[int] = field(default_factory=list)

    def extend(self, names: list[str]) -> Replayed:
        """Apply `names` to the state, noting each step."""
        state = self.state
        for name in names:
            self.movers.append(state.current_player)
            self.reveals_before.append(undo.counters(state))
            self.kinds.append(undo.decision_kind(state))
            self.events_before.append(state.event_count())
            state.apply(name)
        return self


def replayed(record: dict[str, Any]) -> Replayed:
    """`record` replayed from its first step (call it through `off_loop`)."""
    state = keizai.new_game(record["game"], record["players"], record["seed"],
                            record.get("options"))
    return Replayed(state).extend(record["actions"])


# The kinds of seat a table plays (`SeatRow.kind`). A seat of another kind (a row written
# by a newer keizai, or edited by hand) is one nobody could move for: neither a person's
# action nor a bot's is taken there, and the game waited at that seat for ever.
SEAT_KINDS = ("human", "bot")


class UnknownSeatKind(ValueError):
    """A stored seat's kind is not one of `SEAT_KINDS` (its name is what the log says)."""


def check_seats(row: GameRow) -> None:
    """Raise unless the game's seat rows are one per seat, numbered from 0, each of a
    kind a table plays (`SEAT_KINDS`), as a table reads them (a row deleted, renumbered
    or changed by hand, or written by a newer keizai)."""
    if [seat.seat for seat in row.seats] != list(range(row.players)):
        raise ValueError("the game's seat rows are not one per seat")
    if any(seat.kind not in SEAT_KINDS for seat in row.seats):
        raise UnknownSeatKind("a seat's kind is not one this keizai plays")


def stored_game(row: GameRow) -> Replayed:
    """A stored game's record replayed (call it through `off_loop`), its seat rows
    checked first (`check_seats`). Raises when they are wrong or the record does not
    replay (`unreadable`)."""
    check_seats(row)
    return replayed(row.record())


def unreadable(row: GameRow, error: Exception) -> ApiError:
    """The refusal of a stored game whose record does not replay (a row edited by hand,
    a rule corrected since), logged by its id, the error's kind and the keizai that
    stored it only: the error's words quote the record's actions. The row is left as it
    is, for the operator to look into. Asking again replays it again: a row mended
    meanwhile opens. A game another keizai stored (or one that kept no version) says
    which, beside this one: after an upgrade, that is what its players need to know."""
    log.error("game %s does not replay from its stored record (%s; stored by keizai %s,"
              " this is %s): refused, left as it is", row.id, type(error).__name__,
              row.keizai or "unknown", VERSION)
    if row.keizai is None:
        return ApiError.refused("unreadable", "web.err.unreadable_unknown", 500,
                                game=row.id, here=VERSION)
    if row.keizai != VERSION:
        return ApiError.refused("unreadable", "web.err.unreadable_other", 500,
                                game=row.id, there=row.keizai, here=VERSION)
    return ApiError.refused("unreadable", "web.err.unreadable", 500, game=row.id)


class Changed(ApiError):
    """A write refused because another process changed the game since this copy's
    version (`Table._stored`, which has loaded the stored game by then): answered as
    `stale`. A change asked for no position is checked and tried again once against
    the game loaded (`Table.hand_to_bot`, `Table.opened`)."""


# Work in proportion to a game's length (replays, whole logs, replay frames) runs in this
# one thread, apart from the event loop. In a thread it still holds the GIL, but the loop
# takes it back at each switch interval (5 ms); one thread, not the worker threads of
# `asyncio.to_thread` (6 on two cores): 10 requests' replays ran six at once there, the
# loop having about a seventh of the GIL (docs/web.md, Server-authoritative play).
REPLAYER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="keizai-replay")
# What asks for it takes turns by client (`keizai.web.turns`; an IPv6 client's /48 is one
# client there): before session 29 it served the work in the order asked, and 16 clients
# of one /48 asking for the last frame of a long game's replay within their budgets kept
# it busy for seconds ahead of every player's first view (docs/web.md, Rate limits).
# Of one client at most REPLAY_EACH wait, REPLAY_QUEUE of all of them; more are refused
# (429, as a spent budget is). What a table does for the games it holds (catching up with
# another process) is served first.
REPLAY_QUEUE = 128
REPLAY_EACH = 16   # a client may load 10 games at once (`Limits.load`)
_replay_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Turns] = \
    weakref.WeakKeyDictionary()


def replays_busy() -> ApiError:
    """The refusal of a client's work past its place at the replay thread."""
    return rate_limited(1.0)


async def off_loop(function: Callable[..., T], *args: Any, by: str | None = None) -> T:
    """`function(*args)` in the replay thread (`REPLAYER`), in `by`'s turn (the client
    who asked; None: the server's own work, served first)."""
    loop = asyncio.get_running_loop()
    turns = _replay_turns.get(loop)
    if turns is None:   # one per event loop: its queues are the loop's futures
        turns = _replay_turns[loop] = Turns(REPLAYER, 1, REPLAY_QUEUE, REPLAY_EACH,
                                            replays_busy)
    if by is None:
        return await turns.run(function, *args, first=True)
    return await turns.run(function, *args, client=network_of(by) or by)


@dataclass(frozen=True)
class Logged:
    """A seat's log entries of one state from entry `since`, as a state message carries
    them (the catalogue's JSON; the English lines, None when not wanted)."""

    state: State
    seat: int | None
    since: int
    events: list[dict[str, Any]]
    lines: list[str] | None


# The most log entries one state message carries: a page joining a long game late gets
# its log in parts, asking for each next one ({"type": "log"}, `next_part`). A whole
# 1,177-step 企業帝國 game's log is 3,176 entries (276 KB); rendering and encoding it for
# every WebSocket's hello let a stranger's spectators hold an honest player's hello at a
# quarter of a second (docs/web.md, Rate limits).
LOG_PART = 512


def render_log(state: State, seat: int | None, since: int, lines: bool,
               most: int | None = LOG_PART) -> Logged:
    """The log of `state` from `since` as `seat` reads it, at most `most` entries (None:
    all; call it through `off_loop`: a whole 4-player 企業帝國 game's log is 22 ms of
    CPU; a table's state is never changed once it is the table's)."""
    fresh = state.events_since(seat, since)[:most]
    return Logged(state, seat, since, [i18n.to_json(e) for e in fresh],
                  [i18n.render(e) for e in fresh] if lines else None)


class Table:
    def __init__(self, row: GameRow, store: Store, settings: Settings, *,
                 new: bool = False, stored: Any = None, record: Replayed | None = None
                 ) -> None:
        """`stored`: what the hooks read about it with `row` (`load`); `record`: its
        record replayed in the replay thread (`off_loop`; None: replayed here, for a game
        just created, which has no steps)."""
        self.id = row.id
        self.store = store
        self.settings = settings
        self.host_token = row.host_token
        self.created = row.created
        self.seats: list[SeatRow] = list(row.seats)
        self.version = row.version
        # The keizai that stored the game (None: unknown), which its record names.
        self.stored_by = row.keizai
        self.lock = asyncio.Lock()
        # Keys the marks of its states (`history_mark`); another process's or a reload's
        # differ, and a page reconnecting there gets the whole log again.
        self.mark_key = secrets.token_bytes(16)
        self.connections: set[Connection] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.used = time.monotonic()
        # Whose share of the bot pool this game's bots use (`keizai.web.bots.Slots`): the
        # client that created it or last acted in it with a seat's or the host's token;
        # until then (loaded after a restart, or a game whose bot another process left
        # to this one) one share for all such games, not one per game: else a client's
        # many games, slowed in another process's pool, had a share each here.
        self.owner = UNCHARGED
        # When each seat's last connection (to this process) went away.
        self.away_since = dict.fromkeys(range(len(self.seats)), time.monotonic())
        # Until when (monotonic) a seat without a connection is still shown here (`here`).
        self.here_until: dict[int, float] = {}
        # The seats other server processes (on one PostgreSQL) have connections of, as
        # each last told (`seen_elsewhere`), and until when that holds unless told again.
        self.elsewhere: dict[str, tuple[frozenset[int], float]] = {}
        self.grace_timers: dict[int, asyncio.TimerHandle] = {}   # ends `here_until`
        # Why the stored game no longer replays (`refresh`), None: it does; `Tables`
        # then lets the table go and refuses it.
        self.broken: ApiError | None = None
        # The store no longer holds the game (`Store.delete_abandoned`, or by hand), found
        # by a write (`deleted`): its requests are refused as an unknown game's
        # (`Tables.open`) and its bots stop (`_bots`).
        self.gone = False
        # Another process's change made the game one of bots alone while this one's bots
        # decided (`refresh`): that process counted it in its bound and runs them; the
        # bot loop here stops (`_bots`).
        self.bots_moved_on = False
        # When this process last stored that the game was changed or used by a seat's
        # player (`games.touched`; monotonic), None: not yet.
        self.touched: float | None = None
        # When the current turn began and its one more period (None: none yet), as
        # stored (`GameRow.turn_began`, this process's `time.time()`): what the turn
        # clock reckons the deadline from, on every process alike. A game stored before
        # they were kept begins its turn at its load here.
        self.turn_began = time.time() if row.turn_began is None else row.turn_began
        self.turn_more = row.turn_more
        # The state and, per step of the record, what `Replayed` notes.
        self.state: State
        self.movers: list[int | None]
        self.reveals_before: list[undo.Counters]
        self.kinds: list[str | None]
        self.events_before: list[int]
        self.marks: RunningMark   # its states' `history_mark`
        self._adopt(record or replayed(row.record()))
        # How many log entries the last state message to all had (`broadcast`): a
        # connection holding fewer has not asked for the parts it lacks.
        self.log_told = self.state.event_count()
        self.hooks = settings.hooks
        # Just created (`Tables.create`): the hooks know nothing is stored about it yet.
        self.new = new
        self.hooks.loaded(self, stored)
        self.new = False
        # The compound decision pending in a state (its step), asked for by the mover's
        # message and again by the next action's undo bookkeeping: computed once.
        self._pending: tuple[State, int, PendingDecision | None] | None = None

    def record(self) -> dict[str, Any]:
        """The game's record (`State.record()`, its scores once over) naming the keizai
        that stored the game, not this one; none when that is unknown (`GameRow.record`)."""
        record = self.state.record()
        if self.stored_by is None:
            del record["keizai"]
        else:
            record["keizai"] = self.stored_by
        return record

    def _adopt(self, record: Replayed, extends: bool = False) -> None:
        """Make a replayed record the game (on the event loop); `extends`: its actions
        begin with the game's so far."""
        self.state = record.state
        if not extends:
            self.marks = RunningMark(self.mark_key)
        self.movers, self.reveals_before = record.movers, record.reveals_before
        self.kinds, self.events_before = record.kinds, record.events_before

    async def refresh(self, row: GameRow, stored: Any) -> None:
        """Catch up with a newer stored version (written by another server process);
        called under the table's lock. The new steps are applied to a copy, or the
        record replayed after an undo, in the replay thread: after a burst of moves or an
        undo elsewhere that is work in proportion to the game's length."""
        if row.version <= self.version:
            return
        done = self.state.record()["actions"]
        names = row.actions
        # the same moves: the seats changed (a hand-over, a take-back), not the game
        seats_alone = self.seat_fields() if names == done else None
        try:
            check_seats(row)
            if len(names) >= len(done) and names[:len(done)] == done:
                state, more = self.state, names[len(done):]
                if more:   # else a seat changed, not the position: the state stays the
                    # very one a bot here may be deciding (`_bots`)
                    new = await off_loop(lambda: Replayed(state.clone()).extend(more))
                    self._adopt(Replayed(new.state, self.movers + new.movers,
                                         self.reveals_before + new.reveals_before,
                                         self.kinds + new.kinds,
                                         self.events_before + new.events_before),
                                extends=True)
            else:   # an undo: the logs shrank, send them whole
                self._adopt(await off_loop(stored_game, row))
                self._logs_restart()
        except Exception as error:   # written by another keizai, or by hand
            self.broken = unreadable(row, error)
            raise self.broken from None
        alone = self.bots_alone
        self.seats = list(row.seats)
        if row.turn_began is not None:   # else stored before it was kept: this one's
            self.turn_began, self.turn_more = row.turn_began, row.turn_more
        if self.bots_alone and not alone and self.bot_task is not None \
                and not self.bot_task.done():
            self.bots_moved_on = True
        self.version = row.version
        self.hooks.loaded(self, stored)   # names, settings, clock as another process left them
        if seats_alone is None:
            self.broadcast()
        else:
            self.seats_changed(seats_alone)

    def _logs_restart(self) -> None:
        for conn in self.connections:
            conn.log_sent = 0

    # ----- who may do what ----------------------------------------------------------
    def seat_of_token(self, seat: Any, token: Any) -> SeatRow:
        """The seat, when `token` is its token and the seat is a person's: a bot's seat
        (not one handed to a bot, which is still its player's) is nobody's, whoever
        came by its token."""
        row = self.seats[check_seat(seat, len(self.seats))]
        if not isinstance(token, str) or not secrets.compare_digest(token.encode(),
                                                                     row.token.encode()):
            raise forbidden()
        if row.kind == "bot" and not row.handed:
            raise forbidden(f"a bot plays seat {row.seat}")
        return row

    def holds_any_token(self, token: Any) -> bool:
        return isinstance(token, str) and any(
            secrets.compare_digest(token.encode(), t.encode())
            for t in (self.host_token, *(s.token for s in self.seats)))

    async def used_by_player(self) -> None:
        """A seat's player read the game with its token, without a WebSocket (a script
        waiting for its turn over HTTP): the game is stored as touched, so that a
        clean-up does not take it for abandoned (`Store.delete_abandoned`); at most once
        per TOUCH_EVERY seconds from this process. This is not presence: the hand-over
        still counts the seat away (a read says nothing of the next move's coming)."""
        now = time.monotonic()
        if self.touched is not None and now - self.touched < TOUCH_EVERY:
            return
        self.touched = now
        try:
            await self.store.in_writer(self.store.touch, self.id)
        except Exception:   # the reader is answered all the same; the next read tries
            self.touched = None
            log.warning("game %s: could not store that a player used it", self.id)

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    def connected_elsewhere(self, seat: int) -> bool:
        """Whether another server process told lately that it has a connection of
        `seat` (`seen_elsewhere`)."""
        now = time.monotonic()
        return any(seat in seats and until > now for seats, until in self.elsewhere.values())

    def here(self, seat: int) -> bool:
        """Whether the others are shown `seat`'s player as here: connected to this
        process or another, or within the grace of a connection that just went or a link
        just opened (`hold_here`)."""
        return self.connected(seat) or self.connected_elsewhere(seat) \
            or time.monotonic() < self.here_until.get(seat, 0.0)

    def seen_elsewhere(self, process: str, seats: frozenset[int], until: float) -> None:
        """Another server process has connections of `seats` now (none: empty), which
        holds until `until` (monotonic) unless it tells again: this process's pages show
        those players here and offer no hand-over of their seats, as for a connection of
        its own (until session 28 a player connected to another process was shown away
        to everyone here, and offered to the others for a hand-over)."""
        before = self._seats_elsewhere()
        if seats:
            self.elsewhere[process] = (seats, until)
        else:
            self.elsewhere.pop(process, None)
        # A seat connected is claimed (its link opened, `opened`; or taken from the
        # lobby): claims raise no version, and a copy held here said "open seat" (the
        # lobby here offered it) until the game's next move.
        claimed = [seat for seat in seats if not self.seats[seat].claimed]
        for seat in claimed:
            self.seats[seat] = replace(self.seats[seat], claimed=True)
        self._elsewhere_changed(before, told=bool(claimed))

    def claimed_elsewhere(self, seat: int) -> None:
        """An open seat was claimed through another process (or this one: already
        marked): shown taken here, in the lobby and the pages, at once; a claim raises
        no version, and until session 28 the seat was listed open here until the game's
        next move, or its player's connection (`seen_elsewhere`)."""
        if seat < len(self.seats) and not self.seats[seat].claimed:
            self.seats[seat] = replace(self.seats[seat], claimed=True)
            self.presence()

    def forget_elsewhere(self) -> None:
        """Drop what other processes told and did not tell again in time (a process
        killed, its notices lost): their seats are away from then on."""
        before = set().union(*(seats for seats, _ in self.elsewhere.values()))
        now = time.monotonic()
        self.elsewhere = {process: told for process, told in self.elsewhere.items()
                          if told[1] > now}
        self._elsewhere_changed(before)

    def _seats_elsewhere(self) -> set[int]:
        return {seat for seat in range(len(self.seats)) if self.connected_elsewhere(seat)}

    def _elsewhere_changed(self, before: set[int], told: bool = False) -> None:
        """A seat's player came to another process: the others here are told at once
        (`told`: they are anyway); left it (and is not connected here): told once the
        grace is over, and the seat's hand-over counts from now, as when a connection
        here goes (`leave`)."""
        after = self._seats_elsewhere()
        for seat in before - after:
            if not self.connected(seat):
                self.away_since[seat] = time.monotonic()
                self.hold_here(seat)
        if told or after - before:
            self.presence()

    def hold_here(self, seat: int) -> None:
        """Show `seat` here for a grace (AWAY_GRACE, at most `handover_after`); if no
        connection of it has come by then, the others are told it is away."""
        grace = min(AWAY_GRACE, self.settings.handover_after)
        self.here_until[seat] = time.monotonic() + grace
        self._grace_at(seat, grace)

    def _grace_at(self, seat: int, delay: float) -> None:
        """Look at `seat`'s grace in `delay` s, with one timer per seat."""
        if (timer := self.grace_timers.get(seat)) is not None:
            timer.cancel()
        self.grace_timers[seat] = asyncio.get_running_loop().call_later(
            delay, self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
        self.grace_timers.pop(seat, None)
        if self.connected(seat):
            self.here_until.pop(seat, None)
            return
        left = self.here_until.get(seat, 0.0) - time.monotonic()
        if left > 0:
            # woken early: uvloop's timers (`keizai serve`'s loop) count whole
            # milliseconds and wake up to about one before `here_until`; the others were
            # then never told the seat's player left, nor offered its hand-over
            self._grace_at(seat, left)
            return
        self.here_until.pop(seat, None)
        self.presence()

    def busy(self) -> bool:
        """Connections or a thinking bot: the table stays in memory."""
        return bool(self.connections) or (self.bot_task is not None
                                          and not self.bot_task.done())

    # ----- summaries and payloads ----------------------------------------------------
    def seat_lines(self) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "claimed": s.claimed,
                 "open": s.open, "connected": self.here(s.seat),
                 "handover_in": self.handover_in(s.seat),
                 **self.hooks.seat_info(self, s.seat)} for s in self.seats]

    def handover_in(self, seat: int) -> int | None:
        """Whole seconds before another player may hand `seat` to a bot (0: now), so the
        page offers it only then; None while its player is here or a bot plays it. As this
        process saw the seat (`hand_to_bot` also asks the store, and decides)."""
        if self.seats[seat].kind != "human" or self.here(seat):
            return None
        away = time.monotonic() - self.away_since[seat]
        return max(0, math.ceil(self.settings.handover_after - away))

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id, "game": state.game.id, "title": state.game.title,
            "players": state.num_players, "step": len(state.history),
            "over": state.is_over, "current_player": state.current_player,
            "created": self.created.isoformat(), "seats": self.seat_lines(),
        }

    def stored_summary(self, state: State | None = None) -> Summary:
        state = state or self.state
        return Summary(len(state.history), state.is_over, state.current_player)

    def undo_refusal(self, seat: int) -> dict[str, Any] | None:
        """Why `seat` may not undo now (see keizai.engine.undo), as a catalogue message
        {"id", "params"}, or None when it may."""
        # a seat handed to a bot still belongs to its player: undoing would take back
        # moves made in that player's name
        if self.seats[seat].kind != "human" or any(
                s.kind != "bot" or s.handed for s in self.seats if s.seat != seat):
            return {"id": "web.undo.not_against_bots", "params": {}}
        if self.state.is_over:
            return {"id": "refuse.game_over", "params": {}}
        target = undo.previous_decision(self.movers, seat, self.kinds)
        if target is None:
            return {"id": "web.undo.nothing", "params": {}}
        shown = undo.revealed_at(self.reveals_before, self.movers, seat, target,
                                 undo.counters(self.state))
        if shown is None:
            return None
        mover = self.movers[shown]
        if mover is None:   # no seat decided that step (the game's own)
            return {"id": "web.undo.revealed", "params": {}}
        if mover == seat:
            return {"id": "web.undo.revealed_own", "params": {}}
        return {"id": "web.undo.revealed_by", "params": {"seat": mover}}

    async def logged(self, conn: Connection, by: str, most: int | None = LOG_PART) -> Logged:
        """`conn`'s log from where it is (at most `most` entries), rendered in the replay
        thread (`render_log`, in the turn of client `by`): for `payload`, once the loop
        has it."""
        return await off_loop(render_log, self.state, conn.seat, conn.log_sent, conn.lines,
                              most, by=by)

    def payload(self, conn: Connection, shared: Shared | None = None,
                logged: Logged | None = None, most: int | None = LOG_PART
                ) -> dict[str, Any]:
        """The message for one connection: only what its seat may know. `shared` keeps
        what one broadcast's messages have in common (seat lines, rendered log lines);
        `logged`: the log rendered already (`logged`), used if it is still this
        connection's. It carries the log from where the connection has it, at most `most`
        entries (`LOG_PART`; None: all): `event_count` says how many there are, and the
        page asks for the rest (`next_part`)."""
        state = self.state
        seat = conn.seat
        shared = shared or Shared()
        if logged is not None and logged.state is state and logged.seat == seat \
                and logged.since == conn.log_sent and (logged.lines is not None) == conn.lines:
            events, lines = logged.events, logged.lines
        else:
            # Only the new entries are rendered (English, for older pages); asking for
            # them alone keeps a broadcast's cost independent of the log's length.
            fresh = state.events_since(seat, conn.log_sent)[:most] if most != 0 else []
            events = [i18n.to_json(e) for e in fresh]
            lines = [shared.render(e) for e in fresh] if conn.lines else None
        if shared.seats is None:
            shared.seats = self.seat_lines()
        if shared.mark is None:
            shared.mark = self.marks.of(state.history)
        view = state.view(seat)
        message: dict[str, Any] = {
            "type": "state", "game_id": self.id, "game": state.game.id,
            "title": state.game.title, "seat": seat, "step": len(state.history),
            "view": view, "log_from": conn.log_sent, "over": state.is_over,
            "events": events, "event_count": state.event_count(), "mark": shared.mark,
            "current_player": state.current_player, "seats": shared.seats,
            "legal": [], "undo": False, **self.hooks.extra(self, conn),
        }
        if lines is not None:
            message["log"] = lines
        # where the page's "Just now" begins: the same live, after an undo, on a reload
        message["just_now_from"] = self.just_now(seat)
        since = conn.log_sent
        conn.log_sent += len(events)
        whole: PendingDecision | None = None
        if seat is not None and self.seats[seat].kind == "human":
            if state.current_player == seat:
                # "ends": the action ends the seat's own game for good (Game.ends_seat):
                # the page asks before sending it, as the terminal does
                message["legal"] = [legal_entry(state.game, a) for a in state.legal_actions()]
                # The compound decision whole (pay N cards from these, ...): it lists the
                # seat's own hand, so only that seat's message carries it.
                whole = self.pending_decision(state)
                if whole is not None and whole.seat == seat:
                    message["whole"] = whole.to_json()
                else:
                    whole = None
            refusal = self.undo_refusal(seat)
            message["undo"] = refusal is None
            # A decision the player could expect to take back, but something was shown
            # since: the page says why there is no undo (until the player's next move).
            if refusal is not None and refusal["id"] in REVEALED:
                message["undo_blocked"] = refusal
        if seat is not None:
            # its hand, moves, decision and own log entries padded to the widest they
            # could be given what everyone sees: the message's length, which TLS does not
            # hide, tells nothing of its cards (keizai.web.padding)
            message["pad"] = " " * seat_padding(state, seat, view, message["legal"], whole,
                                                since, len(events), lines is not None)
        if state.is_over:
            message["scores"] = state.scores()
            message["ranking"] = state.ranking()
            message["places"] = state.places()  # tied seats share a place (shared victory)
            message["winners"] = state.winners()
        return message

    def log_kept(self, since: int, step: Any, mark: Any) -> int:
        """How many of its log lines a reconnecting page keeps (its hello's `since`): none
        when the game's first `step` actions are no longer those of the state it had
        (`mark`, `history_mark`); all of them from a page that sends no mark (older)."""
        if mark is None:
            return since
        step = check_step(step)
        history = self.state.history
        if step is None or step > len(history) or not isinstance(mark, str) \
                or history_mark(history[:step], self.mark_key) != mark:
            return 0
        return since

    def just_now(self, seat: int | None) -> int:
        """Where a page's "Just now" begins in the log: a seat's own latest run of moves
        (from its first step) and everything after it; a spectator's, the latest decision
        (every step of a compound one: a payment of three cards, not its last card). 0:
        from the start (the seat has not moved yet). Every state message says it: until
        session 29 only one with the whole log did, and a seated page open all along
        followed the runs itself, losing the first decisions of its reader's turn after an
        Undo of a later one (the bot had played after it) and that decision played
        again. A solo seat's is a spectator's: its run of moves is the whole game (the
        board marked every workplace worked since the first round)."""
        movers, counts = self.movers, self.events_before
        if seat is None or len(self.seats) == 1:
            if not counts:
                return 0
            return counts[undo.whole_decision_start(movers, self.kinds, len(movers) - 1)]
        step = len(movers) - 1
        while step >= 0 and movers[step] != seat:
            step -= 1
        if step < 0:
            return 0
        while step > 0 and movers[step - 1] == seat:
            step -= 1
        return counts[step]

    def pending_decision(self, state: State) -> PendingDecision | None:
        """`state.pending_decision()`, remembered for the state at its current step."""
        known = self._pending
        if known is not None and known[0] is state and known[1] == len(state.history):
            return known[2]
        pending = state.pending_decision()
        self._pending = (state, len(state.history), pending)
        return pending

    def broadcast(self, only: Collection[Connection] | None = None) -> None:
        """Every connection (or those of `only`) its new view. Connections that would get
        the same message (the same seat, log lines sent so far and wish for English
        lines: spectators in step, or one player's tabs) share one encoding: found by the
        session-16 attack pass, 200 WebSockets opened on one's own seat made each step
        build and encode 200 views on the event loop (about 27 ms a step, every other
        game waiting).

        The log's entries go only to a connection that holds all the last broadcast
        told (the new entries complete its log) or that starts again from 0 (an undo).
        One still short of the parts it was told of gets the state without entries and
        asks for them (`next_part`, charged as a connect); such connections of one seat
        share one encoding whatever their `log_from`. Until session 31 each was sent
        its next `LOG_PART` entries, rendered here for each different `log_sent`: 25
        spectators' sockets whose hellos said since 0, 1, ..., 24 and that never asked
        made the loop render 12,800 entries at each of the next three moves of a live
        1,949-entry 企業帝國 game (4-7 ms of CPU a move, every game waiting)."""
        texts: dict[tuple[int | None, int, bool], tuple[str, int]] = {}
        short: dict[tuple[int | None, bool], str] = {}
        common = Shared()
        told = self.log_told
        for conn in self.connections if only is None else only:
            if 0 < conn.log_sent < told:
                text = short.get((conn.seat, conn.lines))
                if text is None:
                    message = self.payload(conn, common, most=0)
                    del message["log_from"]
                    text = short[conn.seat, conn.lines] = encode(message)
                conn.send(Behind(text, conn.log_sent))
                continue
            key = (conn.seat, conn.log_sent, conn.lines)
            sent = texts.get(key)
            if sent is None:   # `payload` moves the connection's log on
                sent = texts[key] = (encode(self.payload(conn, common)), conn.log_sent)
            conn.log_sent = sent[1]
            conn.send(sent[0])
        self.log_told = self.state.event_count()

    def presence(self, but: Container[Connection] = ()) -> None:
        """A seat's player came or went: one small message to the others, not views."""
        text = encode({"type": "presence", "seats": self.seat_lines()})
        for conn in self.connections:
            if conn not in but:
                conn.send(text)

    def seat_fields(self) -> dict[Connection, Any]:
        """What each connection's state message holds, beyond the seat lines, that a
        change of the seats alone (a hand-over, a take-back) may alter: whether its seat
        is a person's (its legal moves) and may undo, and the hooks' fields (the turn
        clock's deadline). Taken before the change, for `seats_changed`."""
        own: dict[int, Any] = {}
        fields = {}
        for conn in self.connections:
            seat = conn.seat
            if seat is not None and seat not in own:
                own[seat] = (self.seats[seat].kind, self.undo_refusal(seat))
            fields[conn] = (None if seat is None else own[seat], self.hooks.extra(self, conn))
        return fields

    def seats_changed(self, before: dict[Connection, Any]) -> None:
        """The seats changed and the game did not (`before`: `seat_fields` as they were):
        a connection whose message holds more that changed (the seat's own pages, whose
        legal moves come or go; every page when the clock's deadline moved) gets its
        view, the others the seat lines (a presence), from which the page draws a seat's
        bot and away. Until session 32 every page got its view: a player handing their
        own seat to a bot and taking it back, each an action's budget, sent a spectator
        of a 4-player 企業帝國 game 21 views a second (71 KB/s) on one process and 40
        (137 KB/s) on each of two."""
        after = self.seat_fields()
        views = {conn for conn, fields in after.items() if before.get(conn) != fields}
        self.broadcast(views)
        self.presence(but=views)

    def join(self, conn: Connection, logged: Logged | None = None) -> None:
        """A new connection: its first view (`logged`: its log rendered already, see
        `payload`); the others learn of a seat's player."""
        seat_was_connected = conn.seat is not None and self.connected(conn.seat)
        # undone while its log was rendered: the log it had may be longer than the game's
        conn.log_sent = min(conn.log_sent, self.state.event_count())
        self.connections.add(conn)
        self.used = time.monotonic()
        conn.send(encode(self.payload(conn, logged=logged)))
        if conn.seat is not None and not seat_was_connected:
            self.presence(but=(conn,))

    async def next_part(self, conn: Connection, by: str) -> None:
        """The next part of a log longer than a message carries (`LOG_PART`), which
        `conn`'s page asks for: a state message from where its log is, rendered in the
        replay thread in client `by`'s turn as a hello's. Nothing when it has it all."""
        if conn.log_sent >= self.state.event_count():
            return
        logged = await self.logged(conn, by)
        if conn in self.connections and not conn.closed:
            conn.send(encode(self.payload(conn, logged=logged)))

    def leave(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.used = time.monotonic()
        if conn.seat is not None and not self.connected(conn.seat):
            self.away_since[conn.seat] = time.monotonic()
            self.hold_here(conn.seat)   # the others are told once it is over

    # ----- changes -------------------------------------------------------------------
    async def act(self, seat: Any, token: Any, name: Any, step: Any = None, *,
                  by: str | None = None) -> None:
        """A human's action: checked, stored, then applied and announced. `by`: the
        client that sent it (the bots it wakes use that client's share, see `owner`)."""
        if not isinstance(name, str) or not name or len(name) > MAX_ACTION_NAME:
            raise ApiError("invalid_request", "action must be a non-empty action name")
        step = check_step(step)
        async with self.lock:
            row = await self._seat_now(seat, token, step)
            if row.kind != "human":
                raise ApiError.refused("not_your_turn", "web.err.bot_seat", 409, seat=seat)
            if step is not None and step != len(self.state.history):
                raise ApiError.refused("stale", "web.err.stale_step", 409,
                                       step=len(self.state.history), sent=step)
            await self._apply(row.seat, name)
            self.charge(by)
        self.kick_bots()

    async def act_whole(self, seat: Any, token: Any, chosen: Any, step: Any = None, *,
                        by: str | None = None) -> None:
        """A whole compound decision (keizai.engine.decision): refused with the reason
        before anything is applied, else stored and applied as its atomic steps."""
        if not isinstance(chosen, dict) or len(chosen) > MAX_WHOLE_CANDIDATES:
            raise ApiError("invalid_request", "chosen must be an object of candidate counts")
        step = check_step(step)
        async with self.lock:
            row = await self._seat_now(seat, token, step)
            seat = row.seat
            if row.kind != "human":
                raise ApiError.refused("not_your_turn", "web.err.bot_seat", 409, seat=row.seat)
            if step is not None and step != len(self.state.history):
                raise ApiError.refused("stale", "web.err.stale_step", 409,
                                       step=len(self.state.history), sent=step)
            if self.state.current_player != row.seat:
                raise ApiError.refused("not_your_turn", "web.err.not_your_turn", 409,
                                       current=self.state.current_player, seat=row.seat)
            try:
                names = whole_steps(self.state, chosen)
            except IllegalAction as error:
                raise ApiError("illegal_action", str(error), 422,
                               reason=error.to_json()) from None
            await self._apply(row.seat, *names)
            self.charge(by)
        self.kick_bots()

    async def _seat_now(self, seat: Any, token: Any, step: int | None,
                        turn: bool = True) -> SeatRow:
        """`seat_of_token`, with this copy brought up to the stored game first when the
        request was made for another state than the copy's (another `step`; with
        `turn`, not the seat's turn here): on PostgreSQL another process may have
        stored a newer one, whose notice is on its way (under the lock). Until session
        28 it was refused as stale or not the seat's turn: a script reading the view on
        one process and acting on another (a proxy's round robin) had 77 of 200 moves
        refused so."""
        row = self.seat_of_token(seat, token)
        behind = (step is not None and step != len(self.state.history)) or (
            turn and self.state.current_player != row.seat)
        if behind and await self._caught_up():
            row = self.seat_of_token(seat, token)
        return row

    async def catch_up(self) -> None:
        """`_caught_up` for a request asked for no position that this copy refuses (a
        rematch of a game not over here): another process's change, its notice on the
        way, may make it valid."""
        async with self.lock:
            await self._caught_up()

    async def _caught_up(self) -> bool:
        """Load the stored game if another process stored a newer version than this
        copy's (PostgreSQL); whether it did. A database that does not answer leaves the
        copy as it is (the request is then refused as this copy says)."""
        if not self.store.postgres:
            return False
        try:
            stored_version = await asyncio.to_thread(self.store.version, self.id)
            if stored_version is None or stored_version <= self.version:
                return False
            row, stored = await asyncio.to_thread(load, self.store, self.hooks, self.id)
        except Exception:
            log.warning("game %s: reading its stored version failed", self.id)
            return False
        if row is None:
            return False
        await self.refresh(row, stored)
        return True

    async def _apply(self, seat: int, *names: str) -> None:
        """Apply `seat`'s steps (one action, or the steps of a whole decision) to a copy,
        store them in one transaction (all or none), then make the copy the game."""
        state = self.state
        if state.is_over:
            raise ApiError.refused("game_over", "refuse.game_over", 409)
        if state.current_player != seat:
            raise ApiError.refused("not_your_turn", "web.err.not_your_turn", 409,
                                   current=state.current_player, seat=seat)
        candidate = state.clone()
        movers: list[int | None] = []
        marks: list[undo.Counters] = []
        kinds: list[str | None] = []
        counts: list[int] = []
        try:
            for number, name in enumerate(names):
                movers.append(candidate.current_player)
                marks.append(undo.counters(candidate))
                counts.append(candidate.event_count())
                if number == 0:   # the candidate is still a copy of the state
                    pending = self.pending_decision(state)
                    kinds.append(None if pending is None else pending.kind)
                else:
                    kinds.append(undo.decision_kind(candidate))
                candidate.apply(name)
        except IllegalAction as error:
            raise ApiError("illegal_action", str(error), 422,
                           reason=error.to_json()) from None
        step = len(state.history)
        self.version = await self._stored(self.store.append(
            self.id, step, list(names), version=self.version,
            summary=self.stored_summary(candidate)))
        self.movers += movers
        self.reveals_before += marks
        self.kinds += kinds
        self.events_before += counts
        self.state = candidate
        self.used = self.touched = time.monotonic()   # the append stored `touched`
        self.turn_began, self.turn_more = time.time(), None   # and `turn_began`
        await self.hooks.changed(self)
        self.broadcast()

    async def _write(self, method: Any, *args: Any, **kwargs: Any) -> Any:
        """A store write in the store's writer thread (see `_stored`)."""
        return await self._stored(self.store.in_writer(method, *args, **kwargs))

    def deleted(self) -> ApiError:
        """Note that the store no longer holds the game (`gone`); the refusal of an
        unknown game (404), which its requests answer from now on (`Tables.open`). Until
        session 33 a change was refused as stale there, a chat line, a name or a mute as
        the database not answering (503) and a claim as `seat_taken`, until the process
        dropped the table."""
        self.gone = True
        return not_found(f"game {self.id!r}")

    async def _stored(self, write: Awaitable[Any]) -> Any:
        """The answer of a store write; a conflict reloads the game (another process
        changed it) and is refused as stale; a failing database as storage_error."""
        try:
            return await write
        except Conflict:
            row, stored = await asyncio.to_thread(load, self.store, self.hooks, self.id)
            if row is None:
                raise self.deleted() from None
            await self.refresh(row, stored)
            raise Changed("stale", "the game changed meanwhile; reload the view",
                          409) from None
        except GameGone:
            raise self.deleted() from None
        except SeatsHeld:   # a refusal: the caller says why
            raise
        except Exception:
            log.exception("writing game %s failed", self.id)
            raise ApiError("storage_error", "the change could not be stored; try again",
                           503) from None

    async def take_back(self, seat: Any, token: Any, step: Any = None, *,
                        by: str | None = None) -> None:
        """Undo the seat's latest decision (see keizai.engine.undo for when it is allowed).
        `step`: the step the client saw; a different one is refused as stale, so an undo
        sent twice (a double click, a retry) takes back one decision, not two. Without
        it, the latest decision as stored: on PostgreSQL another process may have stored
        it, or a move since, whose notice is on its way (until session 29 refused as
        nothing to undo, or as stale)."""
        step = check_step(step)
        async with self.lock:
            row = await self._seat_now(seat, token, step, turn=False)
            if step is None:
                await self._caught_up()
            try:
                await self._undo(row.seat, step, by)
            except Changed:   # stored elsewhere after that read: loaded
                if step is not None:   # not the step the client saw
                    raise
                await self._undo(row.seat, step, by)   # checked again, once

    async def _undo(self, seat: int, step: int | None, by: str | None) -> None:
        """`take_back`'s checks and write, under the lock."""
        if step is not None and step != len(self.state.history):
            raise ApiError.refused("stale", "web.err.stale_step", 409,
                                   step=len(self.state.history), sent=step)
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise ApiError.refused("undo_unavailable", refusal["id"], 409,
                                   **refusal["params"])
        target = undo.previous_decision(self.movers, seat, self.kinds)
        assert target is not None
        record = self.state.record()
        # replayed in the replay thread (the whole game, up to the decision)
        earlier = await off_loop(
            replayed, {**record, "actions": record["actions"][:target]}, by=by)
        self.version = await self._write(self.store.truncate, self.id, target,
                                         version=self.version,
                                         summary=self.stored_summary(earlier.state))
        self._adopt(earlier)
        self.turn_began, self.turn_more = time.time(), None   # stored by `truncate`
        self.charge(by)
        await self.hooks.undone(self)
        self._logs_restart()
        self.broadcast()

    async def hand_to_bot(self, seat: Any, token: Any, agent: Any, *,
                          by: str | None = None) -> None:
        """A seat is played by a bot from now on: by its own player at any time, by the
        host or another player only once it has been away `handover_after` seconds."""
        agent = check_spec(agent)
        # the last person leaving holds a place among the games of bots alone until
        # the bots run (`Tables._place_for_bots_alone`)
        with contextlib.ExitStack() as place:
            async with self.lock:
                seat = check_seat(seat, len(self.seats))
                if not self.holds_any_token(token):
                    raise forbidden("only the host or a player of this game may do that")
                # asked for no position: on PostgreSQL another process may have stored a
                # newer one, whose notice is on its way (until session 28 refused as stale)
                await self._caught_up()
                try:
                    deciding = await self._hand_over(seat, token, agent, place, by)
                except Changed:   # another process stored a change (a bot's move) after
                    # that read: checked again against it, once (until session 29 refused
                    # as stale, the player asked to try again)
                    place.close()
                    deciding = await self._hand_over(seat, token, agent, place, by)
            if deciding and not self.bots_alone:   # a bot decides the move already,
                self.settings.bot_still_to_move(self)   # maybe in another process
            else:   # bots alone: counted here, run here (another process stops: `refresh`)
                self.kick_bots()

    async def _hand_over(self, seat: int, token: Any, agent: str,
                         place: contextlib.ExitStack, by: str | None) -> bool:
        """`hand_to_bot`'s checks and write, under the lock; whether a bot was to move."""
        if self.state.is_over:   # no bot plays for anyone now; a seat handed over after
            # the end, by another player or the host, was a bot in the rematch
            raise ApiError.refused("game_over", "refuse.game_over", 409)
        row = self.seats[seat]
        if row.kind == "bot":
            raise ApiError("invalid_request", f"seat {seat} is already a bot", 409)
        own = secrets.compare_digest(str(token).encode(), row.token.encode())
        if not own:
            if self.connected(seat) or self.connected_elsewhere(seat):
                raise ApiError.refused("seat_in_use", "web.err.seat_in_use", 409, seat=seat)
            away = await asyncio.to_thread(self._away_for, seat)
            wait = max(self.settings.handover_after, self.settings.seen_within) - away
            if wait > 0:
                raise ApiError.refused("seat_away_briefly", "web.err.away_briefly", 409,
                                       seat=seat, away=round(away), wait=round(wait))
        if all(s.kind == "bot" for s in self.seats if s.seat != seat):
            # the last person leaves
            place.enter_context(self.settings.room_for_bots_alone(by))
        current = self.state.current_player
        deciding = current is not None and self.seats[current].kind == "bot"
        before = self.seat_fields()
        self.version = await self._write(self.store.set_seat, self.id, seat, kind="bot",
                                         agent=agent, handed=True, version=self.version)
        self.seats[seat] = SeatRow(seat, "bot", agent, row.token, row.claimed, row.open,
                                   True, row.seen)
        await self.hooks.handed_over(self, seat)
        self.charge(by)
        self.seats_changed(before)
        return deciding

    def _away_for(self, seat: int) -> float:
        """Seconds the seat's player has been away from every server process."""
        local = time.monotonic() - self.away_since[seat]
        seen = self.store.seen_for(self.id, seat)
        return local if seen is None else min(local, seen)

    async def opened(self, seat: int) -> bool:
        """A seat's link was opened: the seat is claimed, and taken back from the bot it
        was handed to; whether it was. A seat this copy does not show handed catches up
        first: on PostgreSQL another process may have stored the hand-over, its notice
        on the way (until session 29 the seat stayed with the bot, and "I'm back" was
        refused `not_away`)."""
        async with self.lock:
            await self.mark_claimed(seat)
            if not self.seats[seat].handed and not await self._caught_up():
                return False
            return await self._taken_back(seat)

    async def _taken_back(self, seat: int) -> bool:
        """`opened`'s check and write, under the lock: the store takes the seat back
        whatever moves its bots stored meanwhile (`Store.take_seat_back`), and a copy
        behind them is brought up to date. Until session 33 the write was refused as
        stale when a move was stored between this copy's catch-up and its write, and
        tried once more: with bots moving at once through another process, "I'm back"
        failed 20 times in a row (h219)."""
        row = self.seats[seat]
        if row.kind != "bot" or not row.handed:
            return False
        before = self.seat_fields()
        taken = await self._write(self.store.take_seat_back, self.id, seat,
                                  self.hooks.turn_period(self))
        if taken is None:   # given back already (another process): as the store has it
            await self._caught_up()
            return False
        if taken.before != self.version:   # moves stored meanwhile: loaded with the seat
            row_now, stored = await asyncio.to_thread(load, self.store, self.hooks, self.id)
            if row_now is None:
                raise self.deleted()
            await self.refresh(row_now, stored)
        else:
            self.version = taken.version
            self.seats[seat] = SeatRow(seat, "human", None, row.token, True, row.open,
                                       False, row.seen)
            if taken.more:
                self.turn_more = time.time()
        self.hooks.taken_back(self, seat)
        self.hold_here(seat)   # its connection comes next: not "away" meanwhile
        self.seats_changed(before)
        return True

    async def claim(self, seat: Any, claimer: KeyedClient | None = None,
                    most: int | None = None) -> str:
        """An open human seat taken from the lobby: its token, once. Invited seats are
        given only by their link. `claimer` may hold `most` such seats in games not over
        (None: any number), its /48 `claimer.share` times that."""
        async with self.lock:
            row = self.seats[check_seat(seat, len(self.seats))]
            if row.kind == "human" and not row.open:
                raise forbidden(f"seat {row.seat} is by invitation only")
            if row.kind != "human" or row.claimed:
                raise ApiError("seat_taken", f"seat {row.seat} is not open", 409)
            # the store gives it once: another process may hold this game too
            try:
                first = await self._write(self.store.claim_seat, self.id, row.seat,
                                          claimer, most)
            except SeatsHeld as held:
                raise ApiError.refused("too_many_seats", "web.err.network_seats_held"
                                       if held.network else "web.err.seats_held", 429,
                                       most=held.most) from None
            self.seats[row.seat] = SeatRow(row.seat, row.kind, row.agent, row.token, True,
                                           row.open, row.handed, row.seen)
            if not first:
                raise ApiError("seat_taken", f"seat {row.seat} is not open", 409)
            return row.token

    async def mark_claimed(self, seat: int) -> None:
        row = self.seats[seat]
        if not row.claimed:
            await self._write(self.store.set_seat, self.id, seat, claimed=True, bump=False)
            self.seats[seat] = SeatRow(seat, row.kind, row.agent, row.token, True, row.open,
                                       row.handed, row.seen)

    # ----- bots ------------------------------------------------------------------------
    def charge(self, client: str | None) -> None:
        """The bots this client's accepted request wakes use its share of the pool (only
        after the token was checked and the change made: a stranger cannot move a game
        into the queue of an address that floods it)."""
        if client is not None:
            self.owner = client

    @property
    def bots_alone(self) -> bool:
        """Whether bots play every seat, from the start or for players who left (handed
        over, out of time): nobody plays here, so this game's bots wait for every game a
        person plays in, and it is one of the games of bots alone `Tables` bounds. (A
        player who opens their seat's link takes it back.)"""
        return all(s.kind == "bot" for s in self.seats)

    def kick_bots(self) -> None:
        """Start the bot loop if a bot is to move and none is running."""
        if self.bot_task is None or self.bot_task.done():
            seat = self.state.current_player
            if seat is not None and self.seats[seat].kind == "bot":
                self.bots_moved_on = False
                self.bot_task = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        """Bots think in the bot pool on a copy of the state; their move is applied only to
        the very position (the state object: a move, an undo or another process's move
        replaces it) it was computed for, by the bot that computed it. A change that
        leaves both (a hand-over of another seat and back, "I'm back") raises the
        game's version but lets the decision stand: until session 29 any version change
        made the bot think again, and a player handing their own seat to a bot and
        taking it back, a request every 0.8 s (the "act" limit allows 15 a second),
        kept an `expert` bot from ever moving (every 0.3 s an `easy` one, with
        `--bot-delay 0.4`), with no clock running for anyone. They stop once another
        process made the game one of bots alone (`bots_moved_on`): that one runs them,
        as its bound on such games counted them (until session 28 they ran on here,
        outside this process's bound: a client handing its games over through other
        processes had any number of them run in this one). A move the store refused as
        stale (another process changed the game, its notice still on its way) is tried
        again, not decided again, when the game loaded then has the same position and
        bot. They stop once the store no longer holds the game (`gone`: until session
        33 that move was tried again at once, for good, a write and a read each time)."""
        stale: tuple[State, str | None, str] | None = None   # (position, bot, move)
        while True:
            state = self.state
            seat = state.current_player
            if seat is None or self.seats[seat].kind != "bot" or self.bots_moved_on \
                    or self.gone:
                return
            holder = self.seats[seat].agent
            if stale is not None and stale[0] is state and stale[1] == holder:
                name = stale[2]
            else:
                name = await self._bot_decision(state, seat, holder)
            stale = None
            async with self.lock:
                if self.state is not state or self.seats[seat].kind != "bot" \
                        or self.seats[seat].agent != holder or self.bots_moved_on:
                    continue   # moved, undone, taken back or another bot: think again
                try:
                    await self._apply(seat, name)
                    continue
                except ApiError as error:   # neither the move nor a refusal's text
                    # quoting it: the move may be a card of the bot's hidden hand
                    if error.code == "stale":   # expected with several processes
                        log.info("a bot's move in game %s was refused as stale (another"
                                 " process changed the game); the bot goes on from the"
                                 " game as stored", self.id)
                        stale = (state, holder, name)
                        continue
                    log.error("a bot's move was refused in game %s: %s", self.id,
                              error.code)
            await asyncio.sleep(1.0)   # e.g. the database is down: try again shortly

    async def _bot_decision(self, state: State, seat: int, holder: str | None) -> str:
        """The move of `seat`'s bot (`holder`, its spec) in `state`, from the bot pool,
        then `bot_delay` later."""
        spec = holder or "random"
        try:
            check_spec(spec)
        except ApiError:   # stored before the bounds existed, or a bot since removed
            log.error("bot %r of game %s is not allowed here; random moves for it",
                      spec, self.id)
            spec = "random"
        step = len(state.history)
        seed = (state.seed * 31 + seat) * 1_000_003 + step
        name = await self.settings.pool.choose(spec, seed % 2**63, state.clone(),
                                               background=self.bots_alone,
                                               owner=self.owner, game=self.id)
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
        return name
