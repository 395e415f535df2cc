"""The games one server process holds: created, loaded on demand, evicted when idle.

Only games someone is connected to (or whose bot is thinking) stay in memory; any other
game is loaded from its record when asked for and dropped after `idle_after` seconds,
or sooner when more than `held` games are in memory (the least recently used idle one
first), so memory and start-up do not grow with the number of games ever played, nor
with the number of old games strangers open at once. On
PostgreSQL a listener hears every other process's changes (`NOTIFY`) and brings the
games held here up to date.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import keizai
from keizai.agents import make_agent
from keizai.engine import InvalidSetup, UnknownGame
from keizai.store import KeyedClient, SeatRow, Store, Summary
from keizai.store.db import NOTIFY_CHANNEL
from keizai.web.bots import check_spec
from keizai.web.creators import Creators
from keizai.web.errors import ApiError, not_found
from keizai.web.networks import WIDE_SHARE as WIDE_SHARE  # re-exported
from keizai.web.networks import network_of as network_of
from keizai.web.table import (
    SEAT_KINDS,
    Settings,
    Table,
    encode,
    load,
    off_loop,
    stored_game,
    unreadable,
)

log = logging.getLogger("keizai.web")

# Bot names the lobby offers, when `make_agent` knows them (the bots land one by one).
BOT_CANDIDATES = ("easy", "normal", "hard", "expert", "solo", "heuristic", "mcts", "random")
MAX_GAMES_LISTED = 200
# Games held in memory at most, unless more are in use: past it the least recently
# opened idle one is dropped. A whole 4-player 企業帝國 game (973 steps) holds about
# 0.85 MB, a new game a few KB; loading one again costs 1-20 ms.
HELD = 200
REFRESH_RETRY = 1.0   # seconds before a failed load of a game's newer version is retried
GAME_ID = re.compile(r"[0-9a-f]{12}")
HEARTBEAT = 15.0   # seconds between the marks of connected seats in the store
# ... at most: on PostgreSQL a process marks them every quarter of `handover_after` (at
# most every BEAT_FLOOR s), so that a seat connected to another process, even one whose
# mark failed once, is never taken for one away that long.
BEAT_FLOOR = 1.0
BEATS_SEEN = 3   # a seat marked within this many beats may be connected to another process
# A game's bot is moved by the process that made the change before it; another process
# holding the game moves it once no process has marked its bot deciding it (in the store,
# every THINKING_MARK seconds while it decides) for BOT_TAKEOVER seconds.
BOT_TAKEOVER = 10.0
THINKING_MARK = 3.0
HUMAN_SEATS = ("human", "open")


def client_of(connection: Any) -> str:
    """The client of a request or a WebSocket (`client_key` of its address): the key of
    the per-client limits and of the bot pool's shares."""
    return client_key(connection.client.host) if connection.client else "?"


def client_key(host: str) -> str:
    """Whom an address belongs to, as far as the per-client limits go. An IPv4 address is
    one client. An IPv6 address is its /64 network: a home, a phone or a server is given
    a whole /64 (often a /56 or /48) and may use any address in it, so keyed by address
    one client would have 2^64 of every limit. An IPv6 address that carries an IPv4 one
    is that IPv4 client: IPv4-mapped (`::ffff:a.b.c.d`, a dual-stack socket), 6to4
    (`2002:a.b.c.d::/48`) and Teredo (its client's public address). Anything else (not
    an address: a Unix socket, a test's name) is kept as it is."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv4Address):
        return str(address)
    inner = address.ipv4_mapped or address.sixtofour or (
        address.teredo[1] if address.teredo else None)
    if inner is not None:
        return str(inner)
    return str(ipaddress.IPv6Network((int(address) >> 64 << 64, 64)))


def presence_beat(handover_after: float) -> float:
    """Seconds between a process's marks of its connected seats in the store (several
    processes on one database): a quarter of `handover_after`, from BEAT_FLOOR to
    HEARTBEAT."""
    return min(HEARTBEAT, max(BEAT_FLOOR, handover_after / (BEATS_SEEN + 1)))


def available_bots() -> list[str]:
    found = []
    for name in BOT_CANDIDATES:
        try:
            make_agent(name)
        except ValueError:
            continue
        found.append(name)
    return found


# Levels that fit only some tables. `solo` plans a one-player National Economy game (with
# more players it just plays as the heuristic); `expert` is the 2-4 player top level (its
# budget and tests are for opponents; alone, `solo` is the top level).
SOLO_ONLY = ("solo",)
MULTI_ONLY = ("expert",)


# The levels a player picks from in the lobby. The others the server knows (`heuristic`,
# `mcts`, `random`, and specs such as `mcts:time=1`) are for developers: the API takes
# them (docs/web.md, "Bot levels").
PLAYER_LEVELS = ("easy", "normal", "hard", "expert", "solo")


def bots_for(game_id: str, players: int) -> list[str]:
    """The bot levels the lobby offers for `players` seats of `game_id`, best fit first
    (a solo table lists `solo` first): the player levels only."""
    bots = [b for b in available_bots() if b in PLAYER_LEVELS]
    if players == 1:
        solo = [b for b in bots if b in SOLO_ONLY]
        return solo + [b for b in bots if b not in SOLO_ONLY and b not in MULTI_ONLY]
    return [b for b in bots if b not in SOLO_ONLY]


def default_bot() -> str:
    """The bot that takes over a seat when none is named: "normal" once it exists."""
    bots = available_bots()
    return "normal" if "normal" in bots else bots[0]


def catalog() -> list[dict[str, Any]]:
    """Every registered game with its player counts, default options, the values of those
    that take one of a few (`choices`), the least and most of those that take a whole
    number (`bounds`) and the bot levels offered per player count."""
    entries = []
    for game_id in keizai.games():
        game = keizai.get_game(game_id)
        counts = range(game.min_players, game.max_players + 1)
        entries.append({"id": game_id, "title": game.title, "min_players": game.min_players,
                        "max_players": game.max_players, "options": game.default_options(),
                        "choices": game.option_choices(),
                        "bounds": game.option_bounds(),
                        "bots": {str(n): bots_for(game_id, n) for n in counts}})
    return entries


def _not_resumed(game_id: str, error: Exception) -> None:
    """Log a stored game that start-up could not replay, by its id and the error's kind
    only: the error's words may name the record's actions, and a log holds no move."""
    log.error("game %s does not replay from its stored record (%s): left as it is",
              game_id, type(error).__name__)


class Tables:
    def __init__(self, store: Store, settings: Settings, idle_after: float = 300.0,
                 held: int = HELD, creators: Creators | None = None) -> None:
        self.store = store
        self.settings = settings
        settings.room_for_bots_alone = self._place_for_bots_alone
        settings.bot_still_to_move = self._bot_still_to_move
        self.idle_after = idle_after
        self.held = held
        # who created a game or claimed a seat, for the bounds the store counts
        self.creators = creators or Creators()
        # This process among those on one PostgreSQL, in the presence notices it sends
        # (`mark_seen`): its own are not news to it.
        self.process = secrets.token_hex(8)
        # the games in memory, the least recently opened first
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._listener: threading.Thread | None = None
        self._checks: set[asyncio.Task[None]] = set()   # take-overs and catch-ups under way
        # The clients of the requests holding a place among the games of bots alone
        # (`_place_for_bots_alone`) while they store the game and start its bots.
        self._places_taken: list[str | None] = []
        self._marking: asyncio.Future[Any] | None = None   # the thinking marks being written
        self._stop = threading.Event()
        # Stored games found not to replay, with the refusal saying why (`unreadable`):
        # the lobby leaves them out, an account's list of its games tells them.
        self.unreadable: dict[str, ApiError] = {}
        # Counts a client's load of a game not held (the app's rate limit, `Limits.load`:
        # raises when the client's budget is spent); None: not counted.
        self.charge_load: Callable[[str], None] | None = None
        # Presence across processes: each marks its connected seats in the store every
        # `beat` seconds, so a seat marked within BEATS_SEEN beats may be connected to
        # another process, and no hand-over takes it for away before then
        # (`Settings.seen_within`).
        self.beat = presence_beat(settings.handover_after) if store.postgres else HEARTBEAT
        settings.seen_within = BEATS_SEEN * self.beat if store.postgres else 0.0

    # ----- life cycle ------------------------------------------------------------------
    async def start(self) -> None:
        """Resume the games whose bot is to move, and those the hooks name (a human's
        turn clock; no more than the games held in memory); nothing else is loaded. A
        stored game that does not replay is logged and skipped: one bad row must not keep
        the server from starting."""
        for game_id in await asyncio.to_thread(self.store.unsummarized):
            row = await asyncio.to_thread(self.store.load, game_id)   # stored before
            if row is not None:                                       # summaries existed
                try:
                    state = keizai.replay(row.record())
                except Exception as error:   # its lobby line would say step 0
                    self.unreadable[game_id] = unreadable(row, error)   # logged
                    continue
                await asyncio.to_thread(self.store.set_summary, game_id, Summary(
                    len(state.history), state.is_over, state.current_player))
        for game_id in await asyncio.to_thread(self.store.unfinished_bot_turns):
            try:
                table = await self.open(game_id)
            except Exception as error:
                if game_id not in self.unreadable:   # else logged already
                    _not_resumed(game_id, error)
                continue
            await self._take_over(table, table.version)   # unless another process thinks
        for game_id in await asyncio.to_thread(self.settings.hooks.resumed, self.held):
            try:
                await self.open(game_id)   # e.g. a human's turn clock starts again
            except Exception as error:
                if game_id not in self.unreadable:   # else logged already
                    _not_resumed(game_id, error)
        self._tasks.append(asyncio.get_running_loop().create_task(self._housekeeping()))
        if self.store.postgres:
            self._tasks.append(asyncio.get_running_loop().create_task(self._mark_thinking()))
            self._listen(asyncio.get_running_loop())

    async def stop(self) -> None:
        """Stop cleanly: the bots deciding here stop, and on PostgreSQL their games'
        thinking marks are released, so that another process takes their moves over at
        once rather than BOT_TAKEOVER seconds after the last mark (as after a crash)."""
        self._stop.set()
        for task in self._tasks:
            task.cancel()
        thinking = [table.id for table in self.tables.values()
                    if table.bot_task is not None and not table.bot_task.done()]
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        if self.store.postgres and thinking:
            if self._marking is not None:   # a mark written after the release would hold
                await asyncio.wait([self._marking])
            try:
                await self.store.in_writer(self.store.release_thinking, thinking)
            except Exception:   # the database is down: the others wait BOT_TAKEOVER s
                log.warning("releasing the thinking marks of %d games failed", len(thinking))
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5)

    async def _housekeeping(self) -> None:
        """Mark connected seats in the store; drop idle games from memory."""
        while True:
            await asyncio.sleep(self.beat)
            now = time.monotonic()
            seated = {game_id: sorted({c.seat for c in table.connections
                                       if c.seat is not None})
                      for game_id, table in self.tables.items()}
            with contextlib.suppress(Exception):
                await self.store.in_writer(self._mark_present, seated,
                                           {game: seats for game, seats in seated.items()
                                            if seats})
            for table in list(self.tables.values()):
                table.forget_elsewhere()
                self.evict_if_idle(table, now)

    def _mark_present(self, seen: dict[str, list[int]], here: dict[str, list[int]]) -> None:
        """In the store's writer thread: the `seen` seats' players marked connected (the
        hand-over's presence, `Store.mark_seen_many`), and the other processes told which
        seats of the games in `here` have a connection to this one (`Table.here`)."""
        self.store.mark_seen_many(seen)
        self.store.tell_presence(self.process, here)

    async def mark_seen(self, table: Table, seat: int) -> None:
        """A connection of `seat` came or went: the seat marked seen, and the other
        processes told which of the game's seats are connected here now (none, once the
        last has gone). A failing database is let be: the next beat tries again."""
        here = sorted({c.seat for c in table.connections if c.seat is not None})
        with contextlib.suppress(Exception):
            await self.store.in_writer(self._mark_present, {table.id: [seat]},
                                       {table.id: here})

    async def _mark_thinking(self) -> None:
        """Mark in the store the games whose bot decides here, so that no other process
        takes their move over while it does (`_take_over`)."""
        while True:
            await asyncio.sleep(THINKING_MARK)
            thinking = [game_id for game_id, table in self.tables.items()
                        if table.bot_task is not None and not table.bot_task.done()]
            # `stop` waits for the write under way (cancelling this loop does not stop it)
            self._marking = asyncio.ensure_future(
                self.store.in_writer(self.store.mark_thinking, thinking))
            with contextlib.suppress(Exception):
                await asyncio.shield(self._marking)

    def evict_if_idle(self, table: Table, now: float) -> bool:
        if not self._idle(table) or now - table.used < self.idle_after:
            return False
        self._drop(table)
        return True

    @staticmethod
    def _idle(table: Table) -> bool:
        """No connections, no thinking bot, no request inside it: it may be dropped."""
        return not table.busy() and not table.lock.locked()

    def _drop(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.settings.hooks.dropped(table)

    def _let_go(self, table: Table) -> None:
        """A held game whose stored record no longer replays (`Table.broken`): dropped,
        its bot stopped, its connections sent the refusal and closed (the page does not
        reconnect to a game it cannot show), and the lobby leaves it out."""
        assert table.broken is not None
        self.unreadable[table.id] = table.broken
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        self.settings.hooks.dropped(table)
        if table.bot_task is not None:
            table.bot_task.cancel()
        refusal = encode({"type": "error", **table.broken.payload()})
        for conn in list(table.connections):
            conn.close(refusal)

    def _make_room(self, keep: Table) -> None:
        """At most `held` games in memory: drop the least recently opened idle ones (not
        `keep`, just opened). Games in use are never dropped: past the bound by them,
        the server holds more."""
        excess = len(self.tables) - self.held
        if excess <= 0:
            return
        victims = []
        for table in self.tables.values():
            if table is not keep and self._idle(table):
                victims.append(table)
                if len(victims) == excess:
                    break
        for table in victims:
            self._drop(table)

    # ----- finding games ---------------------------------------------------------------
    def get(self, game_id: str) -> Table:
        """A game held in memory now (no loading)."""
        table = self.tables.get(game_id)
        if table is None:
            raise not_found(f"game {game_id!r}")
        return table

    async def open(self, game_id: str, client: str | None = None) -> Table:
        """The game, from memory or loaded from its record; a load (the record read in a
        worker thread and replayed in the replay thread, `off_loop`) is counted against
        `client` first (`charge_load`), one already under way for another is not."""
        held = self.tables.get(game_id)
        if held is not None and held.gone:   # deleted: refused, dropped once idle
            raise not_found(f"game {game_id!r}")
        table = self.tables.pop(game_id, None)
        if table is not None and table.broken is not None:
            self._let_go(table)
            raise table.broken
        if table is not None:
            self.tables[game_id] = table   # the most recently opened now
            table.used = time.monotonic()
            return table
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise not_found(f"game {game_id!r}")
        loading = self._loading.get(game_id)
        if loading is None:
            if client is not None and self.charge_load is not None:
                self.charge_load(client)
            loading = self._loading[game_id] = asyncio.get_running_loop().create_future()
            try:
                # read in a worker thread, replayed in the replay thread: a whole game's
                # replay on the event loop held every request of the process
                row, stored = await asyncio.to_thread(load, self.store, self.settings.hooks,
                                                      game_id)
                found = None
                if row is not None:
                    try:
                        record = await off_loop(stored_game, row, by=client)
                        self.settings.hooks.check(stored)   # its settings too
                    except ApiError:   # the client's place at the replay thread
                        raise
                    except Exception as error:
                        refusal = self.unreadable[game_id] = unreadable(row, error)
                        raise refusal from None
                    self.unreadable.pop(game_id, None)   # mended since
                    found = self.tables.get(game_id) or Table(row, self.store, self.settings,
                                                              stored=stored, record=record)
                    self.tables[game_id] = found
                    self._make_room(found)
                    self._bot_left(found, row.released)
                    if self.store.postgres:   # the processes holding it say who is there
                        self._start_telling(game_id, [])
                loading.set_result(found)
            except BaseException as error:
                loading.set_exception(error)
                loading.exception()   # retrieved: no "never retrieved" warning
                raise
            finally:
                del self._loading[game_id]
        table = await asyncio.shield(loading)
        if table is None:
            raise not_found(f"game {game_id!r}")
        return table

    def telling_unreadable(self, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """`lines` (an account's games, each with its "id"), each game this process found
        not to replay given the refusal saying why ("unreadable", with the keizai that
        stored it and this one), which the page shows in its reader's language: such a
        game is no longer shown or played, and its line says so instead of leading to it
        silently. A game not yet opened since it stopped replaying is not known here."""
        for line in lines:
            refusal = self.unreadable.get(line["id"])
            if refusal is not None:
                line["unreadable"] = refusal.payload()["error"]
        return lines

    async def listing(self) -> list[dict[str, Any]]:
        lines = await asyncio.to_thread(self.store.listing, MAX_GAMES_LISTED)
        out = []
        for line in lines:
            if line["id"] in self.unreadable or any(   # nobody can open or join it
                    seat.kind not in SEAT_KINDS for seat in line["seats"]):
                continue
            table = self.tables.get(line["id"])
            if table is not None:
                out.append(table.summary())
                continue
            # a seat handed to a bot is its away player's, as a loaded table says
            # (Social.seat_info): the lobby called it the bot's for good
            seats = line.pop("seats")
            title = keizai.get_game(line["game"]).title if line["game"] in keizai.games() \
                else line["game"]
            out.append({**line, "title": title, "created": line["created"].isoformat(),
                        "seats": [{"seat": s.seat, "kind": s.kind, "agent": s.agent,
                                   "claimed": s.claimed, "open": s.open, "connected": False,
                                   "away": s.away}
                                  for s in seats]})
        return await asyncio.to_thread(self.settings.hooks.lobby, out)

    # ----- other processes -------------------------------------------------------------
    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """A thread on its own PostgreSQL connection: LISTEN, and hand each notice to
        the event loop."""
        import psycopg
        from sqlalchemy.engine import make_url

        dsn = make_url(self.store.url).set(drivername="postgresql").render_as_string(
            hide_password=False)
        ready = threading.Event()

        def run() -> None:
            while not self._stop.is_set():
                try:
                    with psycopg.connect(dsn, autocommit=True) as conn:
                        conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                        # what changed while nobody listened (games loaded before the
                        # first LISTEN; after a lost connection, every held game)
                        loop.call_soon_threadsafe(self._catch_up)
                        ready.set()
                        while not self._stop.is_set():
                            for notice in conn.notifies(timeout=1.0):
                                loop.call_soon_threadsafe(self.noticed, notice.payload)
                except Exception:   # the database went away: listen again shortly
                    if self._stop.is_set():
                        return
                    log.warning("LISTEN connection lost; reconnecting")
                    ready.set()
                    time.sleep(1.0)

        self._listener = threading.Thread(target=run, name="keizai-listen", daemon=True)
        self._listener.start()
        ready.wait(10)

    def _catch_up(self) -> None:
        task = asyncio.get_running_loop().create_task(self._missed(list(self.tables)))
        self._checks.add(task)
        task.add_done_callback(self._checks.discard)

    async def _missed(self, game_ids: list[str]) -> None:
        """The notices these held games may have missed: a newer stored version, and
        their social rows (names, settings) read again; and the hooks' (sessions
        ended)."""
        try:
            versions = await asyncio.to_thread(self.store.versions, game_ids)
        except Exception:   # the database went away again: the next LISTEN retries
            log.warning("catching up after LISTEN failed")
            return
        for game_id in game_ids:
            if game_id in self.tables:
                self.settings.hooks.noticed(f"social:{game_id}:missed")
                if game_id in versions:
                    self.noticed(f"{game_id}:{versions[game_id]}")
        await self.settings.hooks.notices_missed()

    def noticed(self, payload: str) -> None:
        """Another process (or this one) changed a game: bring the held copy up to date.
        `released:<game>`: the process deciding its bot stopped; move it here now.
        `claimed:<game>:<seat>`: an open seat was taken from the lobby."""
        if payload.startswith("released:"):
            released = self.tables.get(payload.removeprefix("released:"))
            if released is not None:
                self._kick_if_stuck(released, released.version)
            return
        if payload.startswith("presence:"):
            self._presence_noticed(payload)
            return
        if payload.startswith("claimed:"):   # `Store.claim_seat` in another process
            _, game_id, seat = [*payload.split(":", 2), "", ""][:3]
            claimed = self.tables.get(game_id)
            if claimed is not None and seat.isdigit():
                claimed.claimed_elsewhere(int(seat))
            return
        self.settings.hooks.noticed(payload)   # names, settings, chat (keizai.web.social)
        game_id, _, version = payload.partition(":")
        table = self.tables.get(game_id)
        if table is None or not version.isdigit() or int(version) <= table.version:
            return
        self._start_refresh(table, int(version))

    def _presence_noticed(self, payload: str) -> None:
        """`presence:<process>:<game>:<seats>`: another process's connections of a game
        held here (`mark_seen`, every beat while they stay). A process this game had not
        heard from (one that just loaded it, or whose connections went) is told this
        one's at once, rather than at the next beat (up to 15 s)."""
        _, process, game_id, numbers = [*payload.split(":", 3), "", "", ""][:4]
        table = self.tables.get(game_id)
        if table is None or process == self.process:
            return
        known = process in table.elsewhere
        seats = frozenset(int(n) for n in numbers.split(",")
                          if n.isdigit() and int(n) < len(table.seats))
        table.seen_elsewhere(process, seats, time.monotonic() + self.settings.seen_within)
        here = sorted({c.seat for c in table.connections if c.seat is not None})
        if not known and here:
            self._start_telling(table.id, here)

    def _start_telling(self, game_id: str, seats: list[int]) -> None:
        """Tell the other processes that `seats` of the game are connected here, in a
        task kept until it ends (a failing database is let be: the next beat tells)."""
        async def tell() -> None:
            with contextlib.suppress(Exception):
                await self.store.in_writer(self.store.tell_presence, self.process,
                                           {game_id: seats})

        told = asyncio.get_running_loop().create_task(tell())
        self._checks.add(told)
        told.add_done_callback(self._checks.discard)

    def _start_refresh(self, table: Table, version: int) -> None:
        """`_refresh` as a task kept until it ends, while the table is held here."""
        if self._stop.is_set() or self.tables.get(table.id) is not table:
            return
        task = asyncio.get_running_loop().create_task(self._refresh(table, version))
        self._checks.add(task)
        task.add_done_callback(self._checks.discard)

    async def _refresh(self, table: Table, version: int) -> None:
        """Load the game once more, unless a load since the notice of `version` (a burst
        of moves on another process: each notice waits here for the one before) brought
        it up to date already: one load for the burst, not one per move. A load that
        fails (the database is down) is logged with the game's id and tried again in
        REFRESH_RETRY s, so the held copy does not wait for the game's next notice."""
        async with table.lock:
            if table.version >= version:
                return
            try:
                row, stored = await asyncio.to_thread(load, self.store,
                                                      self.settings.hooks, table.id)
            except Exception:
                log.exception("game %s: loading its version %d failed; trying again in "
                              "%g s", table.id, version, REFRESH_RETRY)
                asyncio.get_running_loop().call_later(REFRESH_RETRY, self._start_refresh,
                                                      table, version)
                return
            if row is not None:
                try:
                    await table.refresh(row, stored)
                except ApiError:   # it no longer replays (`Table.broken`)
                    self._let_go(table)
                    return
        # The process that made the change moves the next bot; should it die first, this
        # one takes over (`_take_over`).
        version = table.version
        asyncio.get_running_loop().call_later(BOT_TAKEOVER, self._kick_if_stuck, table,
                                              version)

    def _bot_left(self, table: Table, released: bool) -> None:
        """A game just loaded whose bot is to move: its process may have died with no
        other holding the game; this one moves the bot unless one is deciding it
        (`_take_over`, once a process deciding it would have marked it). `released`:
        that process stopped cleanly (`Store.release_thinking`): at once."""
        seat = table.state.current_player
        if seat is not None and table.seats[seat].kind == "bot":
            asyncio.get_running_loop().call_later(0.0 if released else BOT_TAKEOVER,
                                                  self._kick_if_stuck, table, table.version)

    def _bot_still_to_move(self, table: Table) -> None:
        """A seat was handed to a bot here while another seat's bot was to move: on
        PostgreSQL the process deciding that bot may be another, which goes on (its
        version changed: it decides again), so this one moves it only as it takes over
        from a process that died (`_bot_left`). Until session 28 this one started its
        bots at once, and both processes decided every bot move from then on."""
        if not self.store.postgres or (table.bot_task is not None
                                       and not table.bot_task.done()):
            table.kick_bots()
            return
        self._bot_left(table, released=False)

    def _kick_if_stuck(self, table: Table, version: int) -> None:
        if self._stop.is_set():   # stopping: its own release must not bring it back
            return
        if table.version == version and self.tables.get(table.id) is table:
            check = asyncio.get_running_loop().create_task(self._take_over(table, version))
            self._checks.add(check)
            check.add_done_callback(self._checks.discard)

    async def _take_over(self, table: Table, version: int) -> None:
        """Move the game's bot here, unless a process marked its bot deciding it within
        BOT_TAKEOVER seconds (it is slow, not gone: its pool may be busy); then look
        again once that mark is that old. Of several processes taking over at once (one
        died, the others hold its game; or they start together) the store lets one.
        Two deciding at once would be harmless (the version lets one move through), but
        one of them would think for nothing."""
        seat = table.state.current_player
        if seat is None or table.seats[seat].kind != "bot" or self._stop.is_set():
            return
        if self.store.postgres:
            try:
                mine = await self.store.in_writer(self.store.claim_thinking, table.id,
                                                  BOT_TAKEOVER)
                age = None if mine else await asyncio.to_thread(self.store.thinking_for,
                                                                table.id)
            except Exception:   # the database is down: its next notice brings us back
                log.warning("reading game %s's thinking mark failed", table.id)
                return
            if not mine:
                asyncio.get_running_loop().call_later(
                    max(0.1, BOT_TAKEOVER - (age or 0.0)), self._kick_if_stuck, table,
                    version)
                return
        if table.version == version and self.tables.get(table.id) is table:
            table.kick_bots()

    # ----- creating --------------------------------------------------------------------
    @contextlib.contextmanager
    def _place_for_bots_alone(self, client: str | None) -> Iterator[None]:
        """A place among the games of bots alone this process runs, held while the
        request that asked for it stores the game and starts its bots: at most
        `bot_games` of them here, `bot_games_each` one client's (else one address could
        take every place). Checked and taken in one step, before the request's first
        await: until session 28 the check counted only the games whose bots already
        ran, so requests under way at once (creations, hand-overs of the last person's
        seat) each passed it and ran past both bounds. The place is given back when the
        request ends, its bots counted as running by then (or it failed).

        Those whose bots run here count: the games of bots alone held here whose bots
        another process runs are that one's (`Table.bots_moved_on`); counted here too,
        anyone opening them (the lobby lists them) would fill this process's places."""
        running = [t.owner for t in self.tables.values() if t.bots_alone
                   and not t.state.is_over and t.bot_task is not None
                   and not t.bot_task.done()]
        taken = running + self._places_taken
        if len(taken) >= self.settings.bot_games:
            raise ApiError.refused("busy", "web.err.bot_games_full", 503,
                                   most=self.settings.bot_games)
        each = self.settings.bot_games_each
        if client is not None and taken.count(client) >= each:
            raise ApiError.refused("too_many_games", "web.err.bot_games_yours", 429,
                                   most=each)
        self._places_taken.append(client)
        try:
            yield
        finally:
            self._places_taken.remove(client)

    def keyed(self, client: str) -> KeyedClient:
        """`client` as the bounds kept in the store count it: keyed hashes of it and of
        its /48 (an IPv6 client's), which `WIDE_SHARE` clients' bounds bound."""
        return self.creators.keyed(client, network_of(client), WIDE_SHARE)

    async def create(self, body: dict[str, Any], client: str | None = None,
                     listed: bool = True, given: frozenset[int] = frozenset()
                     ) -> dict[str, Any]:
        """A new game from a lobby request: {"game", "seats", "players"?, "options"?,
        "seed"?}; each seat "human" (invited: only its link gives it), "open" (the lobby
        gives it to the first comer) or a bot. A chosen seed only with one human seat.
        `client`: who asks (its bots use that client's share of the pool); `listed`:
        the lobby lists it (False: a private table, never listed, from its first row);
        `given`: person's seats that are neither invited nor open, given already (a
        rematch's seat of a player who came from the lobby: `rematch/seat` gives it).
        The answer holds the tokens of the invited seats only: an open or given seat's
        player is a stranger to the creator, who must not read their hand."""
        game_id = body.get("game")
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise ApiError("invalid_request", "\"game\" must be a game id")
        try:
            game = keizai.get_game(game_id)
        except UnknownGame as error:
            raise ApiError("unknown_game", str(error)) from None
        seats = body.get("seats")
        if not isinstance(seats, list) or not seats or len(seats) > game.max_players:
            raise ApiError("invalid_request",
                           "\"seats\" must list each seat: \"human\", \"open\" or a bot name")
        players = body.get("players", len(seats))
        if isinstance(players, bool) or players != len(seats):
            raise ApiError("invalid_request", "\"players\" must equal the number of seats")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise ApiError("invalid_request", "\"options\" must be an object")
        seed = body.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2**63):
            raise ApiError("invalid_request", "\"seed\" must be an integer from 0 to 2^63-1")
        humans = sum(1 for spec in seats if spec in HUMAN_SEATS)
        if seed is not None and humans > 1 and not self.settings.chosen_seeds:
            raise ApiError("seed_not_allowed", "a chosen seed is only for a game with one "
                           "human seat: with more, the server draws it and keeps it secret")
        if seed is None:
            seed = secrets.randbelow(2**63)
        # a game of bots alone holds its place from here until its bots run
        with (self._place_for_bots_alone(client) if humans == 0
              else contextlib.nullcontext()):
            rows = []
            for seat, spec in enumerate(seats):
                token = secrets.token_urlsafe(24)
                if spec in HUMAN_SEATS:
                    rows.append(SeatRow(seat, "human", None, token, seat in given,
                                        spec == "open" or seat in given))
                else:
                    rows.append(SeatRow(seat, "bot", check_spec(spec), token, True))
            try:
                state = keizai.new_game(game.id, players, seed, options)
            except (ValueError, TypeError) as error:
                reason = error.to_json() if isinstance(error, InvalidSetup) else None
                raise ApiError("invalid_request", str(error), reason=reason) from None
            new_id = secrets.token_hex(6)
            host_token = secrets.token_urlsafe(24)
            summary = Summary(len(state.history), state.is_over, state.current_player)
            try:
                await self.store.in_writer(self.store.create_game, new_id, state.record(),
                                            host_token, rows, summary, listed,
                                            None if client is None else self.keyed(client))
                row = await asyncio.to_thread(self.store.load, new_id)
            except Exception:
                log.exception("storing a new game failed: game %s", new_id)
                raise ApiError("storage_error", "the game could not be stored; try again",
                               503) from None
            assert row is not None
            table = self.tables[new_id] = Table(row, self.store, self.settings, new=True)
            self._make_room(table)
            table.charge(client)
            table.kick_bots()
        return {"id": new_id, "host_token": host_token,
                "seats": [{"seat": r.seat, "kind": r.kind, "agent": r.agent, "open": r.open,
                           **({"token": r.token} if r.kind == "human" and not r.open
                              else {})}
                          for r in rows]}
