"""Players, ratings and tables: display names, accounts, ratings, clock, chat, rematch.

`Social` is the app's `TableHooks` (it hears of every table's changes) and serves its
own routes (`router()`), so the game core in `app.py`, `table.py` and `tables.py` only
calls it. Everything it keeps is in the social tables (`keizai.store.social`); in memory
are only caches of those rows, the clocks' timers and the chat rate limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import threading
import unicodedata
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from fastapi import APIRouter, Request, Response
from starlette.requests import HTTPConnection

from keizai import i18n
from keizai.store import GameGone, SeatRow, Store
from keizai.store.invisible import invisible, spaced
from keizai.store.lookalikes import alike, begins_as, holds_word
from keizai.store.social import (
    ChatClosed,
    ChatFull,
    Naming,
    SeatMuted,
    SeatOwned,
    SeatPlayer,
    Session,
    Settings,
    SocialStore,
)
from keizai.web import chat, clusters, ratings, stacks
from keizai.web.accounts import (
    AccountConfig,
    Accounts,
    findable,
    require_json,
    session_id,
)
from keizai.web.bots import check_spec
from keizai.web.clock import CLOCKS, DEFAULT_SECONDS, Clocks
from keizai.web.errors import ApiError, forbidden, not_found
from keizai.web.hooks import TableHooks
from keizai.web.joiners import joining
from keizai.web.options import check_choices
from keizai.web.table import Connection, Table, check_seat, encode
from keizai.web.tables import Tables, client_of, default_bot

log = logging.getLogger("keizai.web.social")

TOKEN_HEADER = "x-keizai-token"
MAX_NAME = 24
MAX_NAME_SENT = 4 * MAX_NAME   # as chat.MAX_SENT: longer is refused before it is cleaned
VISIBILITY = ("public", "private")
# How the chat names the host, in every language: no seat may take these names.
# A game's stored names and settings, and the number of the read (`Social.stored`).
Rows = tuple[int, dict[int, SeatPlayer], Settings | None]
HOST_NAMES = tuple(i18n.tr("chat.host", lang) for lang in i18n.LANGUAGES)
# How a bot's seat is labelled, in every language ("P2 (bot: hard)", 「P2（ボット：強い）」,
# 「P2（電腦玩家：困難）」) and named ("Bot"): no person's name may hold the word.
BOT_WORDS = tuple(sorted({word.casefold() for lang in i18n.LANGUAGES for word in (
    i18n.tr("bot", lang), i18n.tr("seat_bot", lang, level="").strip(" :："))}))


@dataclass
class SocialConfig:
    accounts: AccountConfig = field(default_factory=AccountConfig)
    clock_seconds: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_SECONDS))
    clock_bot: str | None = None          # who plays an out-of-time seat (default bot)
    chat_rate: tuple[int, float] = (chat.RATE_COUNT, chat.RATE_WINDOW)
    chat_lines: int = chat.MAX_LINES                  # lines of one game's chat at most
    chat_after_end: float = chat.OPEN_AFTER_END       # seconds it stays open after the end
    # Seconds between two looks at the sessions that opened the seats' connections: a
    # connection to an account's seat is closed once its session ended (expired, or
    # ended on another process while this one did not hear of it; a logout or a login
    # here closes them at once, and one elsewhere too on PostgreSQL, `Social.noticed`).
    session_check: float = 15.0


def clean_name(raw: Any) -> str:
    """A display name: 1 to 24 printable characters, spaces collapsed, without the
    characters a browser draws as nothing (`keizai.store.invisible`: "P\u034f2" is drawn as
    "P2", and the name checks of `Social.join` read it as another name) but a joiner
    between two characters (`keizai.web.joiners`: 👨‍👩‍👧, Persian; the name checks read
    names without them)."""
    if not isinstance(raw, str):
        raise ApiError("invalid_request", "name must be a string")
    if len(raw) > MAX_NAME_SENT:
        raise ApiError.refused("invalid_name", "web.err.name", most=MAX_NAME)
    text = spaced(unicodedata.normalize("NFKC", raw))   # a braille blank is a space
    joined = joining(text)
    text = " ".join("".join(
        c for at, c in enumerate(text)
        if at in joined or (not invisible(c) and unicodedata.category(c)[0] != "C")
    ).split())
    text = stacks.bounded(text)   # no tower of marks over the other seats' lines
    text = clusters.bounded(text)   # nor a character wider than the page
    if not 1 <= len(text) <= MAX_NAME:
        raise ApiError.refused("invalid_name", "web.err.name", most=MAX_NAME)
    return text


def token_of(request: Request, body: dict[str, Any]) -> Any:
    """A seat's or the host's token: the X-Keizai-Token header, or "token" in the body."""
    return request.headers.get(TOKEN_HEADER) or body.get("token")


def seat_number(raw: Any, table: Table) -> int:
    return check_seat(raw, len(table.seats))


class UnknownClock(ValueError):
    """A stored table's clock is not one of `CLOCKS` (its name is what the log says)."""


@dataclass(frozen=True)
class OwnSeat:
    """The seat a logged-in creator plays, named as their account at creation."""

    seat: int
    name: str
    account: int


def own_seat(raw: Any, seats: Any, session: Session | None) -> OwnSeat | None:
    """The creator's own seat (`own_seat` of a new table: an invited seat's number; the
    lobby's "Your seat"). With a session it is sat down at as the account, as a join
    with the session would: before, the account owned the seat only once its player
    pressed "save my name", and until then its link alone opened it. A guest's is not
    named (the page asks for a name); nor one whose name would pass for another seat's
    default name ("P2") or a bot's, which the join refuses: its player chooses another there."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or not isinstance(seats, list) \
            or not 0 <= raw < len(seats) or seats[raw] != "human":
        raise ApiError("invalid_request", "\"own_seat\" must be the number of an invited "
                       "(\"human\") seat")
    if session is None:
        return None
    name = clean_name(session.account.username)
    if reads_as_bot(name) or name_reserved(name, raw, len(seats)):
        return None
    return OwnSeat(raw, name, session.account.id)


def name_reserved(name: str, seat: int, players: int) -> bool:
    """Whether `name` would pass for the host (as the chat names it in any language) or
    another seat's default name ("P2") at a table of `players` seats (a bot's word:
    `reads_as_bot`)."""
    reserved = [*HOST_NAMES, *(f"P{other + 1}" for other in range(players) if other != seat)]
    # "Р1" in Cyrillic too, and "P1 (you)", which the Seats panel and the chat read as P1
    return any(begins_as(name, other) for other in reserved)


def reads_as_bot(name: str) -> bool:
    """Whether `name` holds the word a bot is labelled with in any language: seat P2
    named "P2 (bot: hard)" (its own default name is no other seat's) passed for a bot in
    the Seats panel and the lobby, whose players wait for a bot, or hand it a seat,
    as they would not for a person (session 32)."""
    return any(holds_word(name, word) for word in BOT_WORDS)


async def no_limit(_kind: str, _request: Request) -> None:
    """No rate limit (the app installs its own: `RateLimiter.spend`)."""


class Social(TableHooks):
    def __init__(self, store: Store, tables: Tables, config: SocialConfig | None = None,
                 *, read_json: Callable[[Request], Awaitable[dict[str, Any]]]) -> None:
        """`read_json`: the app's reader of a request's JSON body (`app.read_json`: its
        bound, its time limit, a client gone before its body), the only one."""
        self.config = config or SocialConfig()
        self.store = store
        self.db = SocialStore(store.engine, sender=tables.process)
        self.tables = tables
        self.accounts = Accounts(self.db, self.config.accounts,
                                 sessions_ended=self.sessions_ended)
        self.clocks = Clocks(dict(self.config.clock_seconds))
        self.chat_limit = chat.RateLimit(*self.config.chat_rate)
        self.players: dict[str, dict[int, SeatPlayer]] = {}
        self.settings: dict[str, Settings | None] = {}
        self._reads = itertools.count()
        self._kept: dict[str, int] = {}   # per game, the number of the read cached
        self._keeping = threading.Lock()
        self.rematch_lock = asyncio.Lock()
        self._rating: set[asyncio.Task[None]] = set()   # `_rate_soon`'s, under way
        self.pushed: deque[int] = deque(maxlen=1000)   # chat ids already sent out here
        self.ended: deque[str] = deque(maxlen=1000)   # sessions lately ended (`check_joining`)
        # The app's per-client rate limits (keizai.web.app sets them).
        self.guard: Callable[[str, Request], Awaitable[None]] = no_limit
        self.read_json = read_json
        self._checking: asyncio.Task[None] | None = None   # `_check_sessions`

    def start(self) -> None:
        """Once the event loop runs: the sessions of seats' connections looked at."""
        self._checking = asyncio.get_running_loop().create_task(self._check_sessions())

    def close(self) -> None:
        if self._checking is not None:
            self._checking.cancel()
        self.clocks.close()
        self.accounts.close()

    def refresh(self, game_id: str) -> None:
        self._keep(game_id, self.stored(game_id))

    async def reread(self, game_id: str) -> None:
        """`refresh`, read in a worker thread: on the event loop, a slow read held every
        game of the process."""
        self._keep(game_id, await asyncio.to_thread(self.stored, game_id))

    def stored(self, game_id: str) -> Rows:
        """A game's names and settings as stored, numbered as the read began (`_keep`)."""
        return next(self._reads), self.db.seat_players(game_id), self.db.settings(game_id)

    def _keep(self, game_id: str, rows: Rows, loading: bool = False) -> None:
        """Cache a game's rows, unless a read begun later was cached already: reads run
        in worker threads and may end in any order, and an earlier one lacks what was
        written meanwhile (a name, the account that sat down: `check_owner`). Nor once
        the game is no longer held here (`loading`: it is being loaded, not yet held):
        until session 32 a read that ended after the game was dropped (`dropped`)
        cached its rows again, kept for as long as the process ran."""
        read, players, settings = rows
        with self._keeping:
            if not loading and game_id not in self.tables.tables:
                return
            if read > self._kept.get(game_id, -1):
                self._kept[game_id] = read
                self.players[game_id], self.settings[game_id] = players, settings

    def player(self, game_id: str, seat: int) -> SeatPlayer | None:
        return self.players.get(game_id, {}).get(seat)

    # ----- hooks -------------------------------------------------------------------------
    def check(self, stored: Any) -> None:
        """A table whose clock this keizai does not have (a newer keizai's, or a row
        edited by hand) is refused as unreadable: before, arming it failed (KeyError)
        at every request, each answered internal_error, and the lobby listed it."""
        settings = stored[2] if stored is not None else None
        if settings is not None and settings.clock not in CLOCKS:
            raise UnknownClock("the table's clock is not one this keizai has")

    def loaded(self, table: Table, stored: Any = None) -> None:
        """`stored`: the rows `stored` read with the game's row."""
        if table.new:   # no social rows yet: they are written once the table exists
            self.players[table.id], self.settings[table.id] = {}, None
        else:
            self._keep(table.id, stored, loading=True)
        if table.state.is_over:
            self._rate_soon(table)
        else:
            self._arm(table)

    async def changed(self, table: Table) -> None:
        try:
            if table.state.is_over:
                self.clocks.disarm(table.id)
                await asyncio.to_thread(self._rate, table)
            else:
                self._arm(table)
        except Exception:   # the action is stored; ratings or clocks must not undo it
            log.exception("after step %s of game %s", len(table.state.history), table.id)

    def dropped(self, table: Table) -> None:
        """Its names and settings are read again should it be loaded again."""
        with self._keeping:
            self.players.pop(table.id, None)
            self.settings.pop(table.id, None)
            self._kept.pop(table.id, None)

    async def undone(self, table: Table) -> None:
        """A game's first undo notes it unrated, in the store's writer thread (on the
        event loop, a slow write held every game of the process)."""
        settings = self.settings.get(table.id)
        if settings is not None and settings.unrated is None:
            await self.store.in_writer(self.db.update_settings, table.id, unrated="undo")
            await self.reread(table.id)
        self._arm(table)

    def turn_period(self, table: Table) -> float | None:
        """The seat to move taken back once its turn's time is out begins one more
        period, once a turn (a player back just after the bot took their seat, before it
        moved); taken back before, its clock goes on to the turn's end, and after that
        period too, it runs out at once (the bot plays the decision). Until session 29
        each take-back began a whole period: a player who took their seat back ("I'm
        back") just after each time-out, or handed it to a bot just before the deadline
        and took it back just after, held their turn for good. The store decides it as
        it takes the seat back (`Store.take_seat_back`: the turn as stored, whatever
        this process's copy has seen) from the period this returns."""
        settings = self.settings.get(table.id)
        if settings is None or settings.clock == "none":
            return None
        return self.clocks.seconds[settings.clock]

    def taken_back(self, table: Table, seat: int) -> None:
        """Its player's clock runs again, however the seat came back (its link opened, or
        "I'm back")."""
        self._arm(table)

    async def handed_over(self, table: Table, seat: int) -> None:
        """The seat to move handed to a bot: its clock stops, here too (until session 32
        only on the processes that loaded the change, so this one's pages showed the
        deadline of a seat the bot played until it moved)."""
        await self._unrate_bots_alone(table)
        self._arm(table)

    async def _unrate_bots_alone(self, table: Table) -> None:
        """A game whose seats bots alone play now is unrated (`bots_alone`), noted before
        they move, as an undo notes it: else an account sat down against a weak bot, handed
        its seat to a strong one (or left it to the clock's bot) and was rated by the
        bot's result, game after game (found in session 32's attack pass). A player alone
        with bots could unrate the game by an undo already; where another person plays,
        a hand-over still counts (leaving loses)."""
        settings = self.settings.get(table.id)
        if table.bots_alone and settings is not None and not settings.rated \
                and settings.unrated is None:
            await self.store.in_writer(self.db.update_settings, table.id,
                                       unrated="bots_alone")
            await self.reread(table.id)

    async def check_owner(self, table: Table, row: SeatRow, asker: HTTPConnection
                          ) -> None:
        """A seat an account sat down at opens only with that account's session, not
        with its link alone: the host who sent the invitation holds the link too (its
        account page lists it), and at a rated table read its opponent's hand and moved
        for them. `row`: the seat as `Table.seat_of_token` gave it, the request's token
        checked as the seat's own: whose seat it is (a read of the store) is asked of
        no request without it. A seat no account sat at is left as the token opened it.
        A request another than the seat's player may make too, or whose token the table
        checks later: `check_owner_if_seat_token`."""
        await self._check_owner(table, row.seat, asker)

    async def check_owner_if_seat_token(self, table: Table, seat: Any,
                                        asker: HTTPConnection, token: Any) -> None:
        """`check_owner` for a request whose token the table checks after this (a move,
        an undo: its own refusals in their order), or which another than the seat's
        player may make too (a hand-over to a bot: the host's token): held to it only
        when `token` is the seat's own. Any other (none, a wrong one, another seat's,
        the host's) reads nothing of the store and is left to the table's check of the
        token, which must follow; so is not a seat."""
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < len(table.seats):
            return
        if isinstance(token, str) and secrets.compare_digest(
                token.encode(), table.seats[seat].token.encode()):
            await self._check_owner(table, seat, asker)

    async def _check_owner(self, table: Table, seat: int, asker: HTTPConnection) -> None:
        player = await self.owner(table, seat)
        if player is None or player.account_id is None:
            return
        session = await asyncio.to_thread(self.accounts.session, asker)
        if session is None or session.account.id != player.account_id:
            raise ApiError.refused("seat_owned", "error.seat_owned", 409)

    async def check_account(self, table: Table, seat: int, account: int | None) -> None:
        """A seat an account sat down at is opened by that `account` alone (the seat's
        account as the store has it: `owner`)."""
        player = await self.owner(table, seat)
        if player is not None and player.account_id is not None \
                and account != player.account_id:
            raise ApiError.refused("seat_owned", "error.seat_owned", 409)

    async def owner(self, table: Table, seat: int) -> SeatPlayer | None:
        """The seat's player, its account as the store has it. A cached row naming an
        account is taken as it is (an account never leaves its seat); one naming none
        is asked of the store (one read): an account may have sat down through another
        process, its notice on the way, or through this one, its row not read back yet.
        Until session 30 the cache was taken, and on such a process the seat's link
        alone (the host sent it) read the account's hand and moved for it; the cache is
        then caught up, and connections opened without the account closed."""
        player = self.player(table.id, seat)
        if player is not None and player.account_id is not None:
            return player
        stored = (await asyncio.to_thread(self.db.seat_players, table.id)).get(seat)
        if stored is None or stored.account_id is None:
            return player
        await self._seats_changed(table)
        return stored

    async def socket_account(self, asker: HTTPConnection, csrf: Any) -> int | None:
        """The account of a WebSocket's session, when its hello carries that session's
        CSRF token (`csrf`), as a POST the cookie authenticates carries it in
        X-CSRF-Token; else None, as a guest's. A WebSocket is opened by any page the
        browser shows, and the browser adds the `SameSite=Lax` cookie when that page is
        of the same site (a sibling subdomain, another port of the host): until session
        29 such a page that knew an account's seat's link (the host who sent it keeps
        it) opened the seat with the account's cookie and read its hand."""
        if not asker.cookies.get(self.accounts.cookie) or not isinstance(csrf, str):
            return None
        session = await asyncio.to_thread(self.accounts.session, asker)
        if session is None or not secrets.compare_digest(csrf.encode(),
                                                         session.csrf.encode()):
            return None
        return session.account.id

    def session_of(self, asker: HTTPConnection) -> str | None:
        """The id of the session the asker's cookie names (looked up or not)."""
        secret = asker.cookies.get(self.accounts.cookie)
        return session_id(secret) if secret else None

    def ended_here(self, asker: HTTPConnection) -> None:
        """The session the asker's cookie held ended through this process (a logout; a
        login or a new account in its browser, `Accounts._open_session`): its seats'
        connections here are closed at once (on PostgreSQL the others' too, as they
        hear of it: `noticed`)."""
        ended = self.session_of(asker)
        if ended is not None:
            self.sessions_ended({ended})

    def sessions_ended(self, ended: set[str]) -> None:
        """The connections to an account's seat opened with one of the `ended` sessions
        (logged out, expired) are sent the refusal their hello would get now and closed:
        else they went on receiving the seat's view, its hand, and took its moves, for
        as long as they stayed open."""
        self.ended.extend(ended)
        refusal = None
        for table in list(self.tables.tables.values()):
            for conn in list(table.connections):
                player = None if conn.seat is None else self.player(table.id, conn.seat)
                if conn.closed or conn.session not in ended or player is None \
                        or player.account_id is None:
                    continue
                refusal = refusal or encode({"type": "error", **ApiError.refused(
                    "seat_owned", "error.seat_owned", 409).payload()})
                conn.close(refusal)

    async def _check_sessions(self) -> None:
        """Every `session_check` seconds, close the seats' connections whose session
        ended without this process taking its logout (another process did, or it
        expired): each session is looked up in a worker thread."""
        while True:
            await asyncio.sleep(self.config.session_check)
            await self.look_at_sessions()

    async def look_at_sessions(self) -> None:
        """Close the seats' connections whose session ended (one look)."""
        opened = {conn.session for table in self.tables.tables.values()
                  for conn in table.connections
                  if conn.session is not None and not conn.closed}
        if not opened:
            return
        try:
            ended = await asyncio.to_thread(self._ended, opened)
        except Exception:   # the database is down: the next look catches up
            log.warning("looking at the sessions of seats' connections failed")
            return
        self.sessions_ended(ended)

    async def notices_missed(self) -> None:
        """A session ended while this process did not listen (`ended:` notices lost):
        its seats' connections are closed now, not at the next look."""
        await self.look_at_sessions()

    def _ended(self, sessions: set[str]) -> set[str]:
        """Those of `sessions` that ended (a worker thread's: one read each)."""
        return {key for key in sessions if self.db.session(key) is None}

    def close_strangers(self, table: Table) -> None:
        """A seat an account sat down at opens for that account alone (`check_owner`):
        the connections opened on it before without that account's session (the host's,
        by the link it sent) are sent the refusal their hello would get now and closed,
        else they would receive the seat's view, its hand, all game."""
        players = self.players.get(table.id, {})
        refusal = None
        for conn in list(table.connections):
            player = None if conn.seat is None else players.get(conn.seat)
            if player is None or player.account_id is None or conn.closed \
                    or conn.account == player.account_id:
                continue
            refusal = refusal or encode({"type": "error", **ApiError.refused(
                "seat_owned", "error.seat_owned", 409).payload()})
            conn.close(refusal)

    def check_joining(self, table: Table, conn: Connection) -> None:
        """Refuse a seat's connection about to join the table (nothing awaited between
        this and its joining) when, while its hello was answered (its session looked up,
        its log rendered in a worker thread), an account sat down at the seat without it
        or the session that opened it ended: `close_strangers` and `sessions_ended`
        closed the table's connections then, and it was not yet among them. Until
        session 30 it joined, and received the seat's hand all game, or until the next
        look at sessions."""
        player = None if conn.seat is None else self.player(table.id, conn.seat)
        if player is not None and player.account_id is not None and (
                conn.account != player.account_id or conn.session in self.ended):
            raise ApiError.refused("seat_owned", "error.seat_owned", 409)

    def seat_info(self, table: Table, seat: int) -> dict[str, Any]:
        player = self.player(table.id, seat)
        away = table.seats[seat].away
        if player is None:
            return {"name": None, "account": None, "away": away, "muted": False}
        return {"name": player.name, "account": player.username, "away": away,
                "muted": player.muted}

    def extra(self, table: Table, conn: Connection) -> dict[str, Any]:
        settings = self.settings.get(table.id)
        deadline = self.clocks.deadline(table.id)
        return {"table": {
            "visibility": settings.visibility if settings else "public",
            "clock": settings.clock if settings else "none",
            "clock_seconds": self.clocks.seconds.get(settings.clock) if settings else None,
            "deadline": None if deadline is None else {"seat": deadline[0],
                                                       "at": deadline[1]},
            "rated": bool(settings and settings.rated),
            "unrated": (settings.unrated if settings else "no_settings"),
            "rematch": settings.rematch if settings else None,
        }}

    def resumed(self, most: int) -> list[str]:
        """Games whose clock runs for a human: loading them arms the clock again (with a
        deadline from the stored moment its turn began). The `most` last changed
        or used: a client's clocked tables, left unfinished until `delete_abandoned`,
        would each be loaded at every start (1,000 cost 1-1.7 s of CPU, and no more than
        the held games stay in memory); the clock of any other arms when it is opened."""
        return self.db.clocked_human_turns(most)

    def lobby(self, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Seats named."""
        names = self.db.seat_names([line["id"] for line in lines])
        for line in lines:
            for seat in line["seats"]:
                seat.setdefault("name", names.get((line["id"], seat["seat"])))
        return lines

    # ----- ratings -----------------------------------------------------------------------
    def _rate_soon(self, table: Table) -> None:
        """Rate a game loaded finished but not rated (it ended just before a crash, or
        in another process, whose last move this one loads: that one rates it too, and
        the store lets one), in a worker thread: on the event loop the rating's write,
        waiting for the other process's (a row lock), held every request here. The task
        is kept until it ends (the loop keeps only a weak reference to it)."""
        settings = self.settings.get(table.id)
        if settings is None or settings.rated or settings.unrated is not None:
            return
        task = asyncio.get_running_loop().create_task(self._rate_in_thread(table))
        self._rating.add(task)
        task.add_done_callback(self._rating.discard)

    async def _rate_in_thread(self, table: Table) -> None:
        try:
            await asyncio.to_thread(self._rate, table)
        except Exception:   # the game stays as stored; its next load tries again
            log.exception("rating game %s", table.id)

    def _rate(self, table: Table) -> None:
        """Rate a finished game once, or note why it is unrated, by its seats as stored:
        this process's copy may not have heard of an account's sitting down through
        another (a lost notice), and until session 30 such a game was noted unrated,
        its account taken for a guest."""
        settings = self.settings.get(table.id)
        if settings is None or settings.rated or settings.unrated is not None:
            return
        rows = self.stored(table.id)
        self._keep(table.id, rows)
        _, players, settings = rows
        if settings is None or settings.rated or settings.unrated is not None:
            return
        standings, reason = ratings.standings(table.state, players)
        if reason is not None:
            self.db.update_settings(table.id, unrated=reason)
        else:
            self.db.rate(table.id, table.state.game.id, standings, ratings.rate,
                         ratings.DEFAULT)
        self.refresh(table.id)

    # ----- clock -------------------------------------------------------------------------
    def _arm(self, table: Table) -> None:
        settings = self.settings.get(table.id)
        seat = table.state.current_player
        if settings is None or settings.clock == "none" or table.state.is_over \
                or seat is None or table.seats[seat].kind != "human":
            self.clocks.disarm(table.id)
            return
        step = len(table.state.history)
        # A turn's clock runs once, from when the turn began as stored: loading the game
        # again (here, in another process, after a restart) or a change of another seat
        # is no new turn. Until session 28 such a change armed it again with a whole
        # period, and until session 33 each process began the turn at its own load.
        end = self._deadline(table, settings.clock)

        async def expire() -> None:
            await self._out_of_time(table, seat, step, end)

        self.clocks.arm(table.id, seat, end, expire)

    def _deadline(self, table: Table, clock: str) -> float:
        """When the turn's time is out (`time.time()`): a period from its start, or from
        its one more period's (`turn_period`)."""
        began = table.turn_began if table.turn_more is None else table.turn_more
        return began + self.clocks.seconds[clock]

    async def _out_of_time(self, table: Table, seat: int, step: int, end: float) -> None:
        """The seat is handed to a bot, as a player who left is (`Table.hand_to_bot`):
        opening its link again, or `come_back`, gives it back. `end`: the deadline the
        timer ran to; armed again since (a take-back's one more period, a reload), the
        clock runs to its new deadline and this one hands nothing over. Until session 33
        a timer that had fired (no longer one `disarm` stops) as "I'm back" held the
        table's lock handed the seat straight back to the bot once it had the lock."""
        if self.tables.tables.get(table.id) is not table:   # evicted while idle: reload
            try:
                table = await self.tables.open(table.id)
            except ApiError:
                return
        # the last person's seat holds a place among the games of bots alone until the
        # bots run (`Tables._place_for_bots_alone`)
        with contextlib.ExitStack() as place:
            async with table.lock:
                state = table.state
                if len(state.history) != step or state.current_player != seat \
                        or table.seats[seat].kind != "human" or state.is_over \
                        or self.clocks.deadline(table.id) != (seat, end):
                    return
                if all(s.kind == "bot" for s in table.seats if s.seat != seat):
                    # the last person's seat: a game of bots alone from then on, bounded as
                    # its creation or a hand-over is (else each clocked table of one client
                    # became one); refused, the game waits for its players (a restart tries
                    # again: `resumed`). Not started again: the refusals would come back
                    # every period, each reloading a game dropped meanwhile.
                    try:
                        place.enter_context(table.settings.room_for_bots_alone(table.owner))
                    except ApiError:
                        self.clocks.disarm(table.id)
                        table.broadcast()   # no deadline now
                        return
                agent = self.config.clock_bot or default_bot()
                try:
                    table.version = await table._write(
                        self.store.set_seat, table.id, seat, kind="bot", agent=agent,
                        handed=True, version=table.version)
                except ApiError:   # changed meanwhile (another process) or storage down
                    return
                table.seats[seat] = replace(table.seats[seat], kind="bot", agent=agent,
                                            handed=True)
                self.clocks.disarm(table.id)   # shown until now (`Clocks._run`)
                await self._unrate_bots_alone(table)
                table.broadcast()
            table.kick_bots()

    async def come_back(self, table: Table, seat: int, token: Any, request: Request
                        ) -> None:
        """The player of a seat handed to a bot (out of time, or left) takes it back."""
        row = table.seat_of_token(seat, token)
        await self.check_owner(table, row, request)
        if not await table.opened(row.seat):   # as the store has it (`Table.opened`)
            raise ApiError("not_away", f"seat {seat} is not played by a bot for you", 409)

    # ----- tables ------------------------------------------------------------------------
    async def _setup(self, answer: dict[str, Any], body: dict[str, Any], visibility: str,
                     clock: str, host: int | None, rematch_of: str | None = None,
                     own: OwnSeat | None = None) -> None:
        """The social rows of a new game, under the table's lock (no bot moves before
        they exist), written in the store's writer thread: written on the event loop,
        they waited there for SQLite's write lock while the writer thread held it, and
        every game of the process waited with them (session 21: 80 tables created at
        once by 8 clients spent 266 ms of the loop's 700 ms there, up to 43 ms at a
        time)."""
        game_id = answer["id"]
        table = self.tables.tables[game_id]
        async with table.lock:
            self._keep(game_id, await self.store.in_writer(
                self._social_rows, answer, body, visibility, clock, host, rematch_of,
                own))
            self._arm(table)

    def _social_rows(self, answer: dict[str, Any], body: dict[str, Any], visibility: str,
                     clock: str, host: int | None, rematch_of: str | None,
                     own: OwnSeat | None = None) -> Rows:
        """`_setup`'s writes; the rows as stored. `own`: the creator's seat, sat down at
        under their account (`own_seat`)."""
        game_id = answer["id"]
        self.db.create_settings(
            game_id, visibility=visibility, clock=clock, rated=0, host_account_id=host,
            rematch_of=rematch_of, unrated=ratings.unrated_from_start(
                body.get("seed") is not None,
                [seat["agent"] for seat in answer["seats"] if seat["kind"] == "bot"]))
        for seat in answer["seats"]:
            if seat["kind"] == "bot":
                self.db.set_seat_player(game_id, seat["seat"], bot=seat["agent"])
        if own is not None:
            self.db.set_seat_player(game_id, own.seat, name=own.name, account_id=own.account)
        return self.stored(game_id)

    async def create(self, request: Request) -> dict[str, Any]:
        await self.guard("create", request)
        body = await self.read_json(request)
        check_choices(body)
        session = await asyncio.to_thread(self.accounts.csrf_session, request)
        visibility = body.pop("visibility", "public")
        clock = body.pop("clock", "none")
        if visibility not in VISIBILITY:
            raise ApiError("invalid_request", "visibility is public or private")
        if clock not in CLOCKS:
            raise ApiError("invalid_request", "clock is none, relaxed or fast")
        own = own_seat(body.pop("own_seat", None), body.get("seats"), session)
        answer = await self.tables.create(body, client_of(request),
                                          listed=visibility == "public")
        await self._setup(answer, body, visibility, clock,
                          session.account.id if session else None, own=own)
        return answer

    async def join(self, table: Table, seat: int, request: Request) -> dict[str, Any]:
        """Sit down in a seat (its token) under a name; with a session, as that account.
        An action's budget, kept in the store too (`RateLimiter.COUNTED_AS`): each name
        is read by every process holding the game, and until session 32 one client
        alternating between N processes had N budgets (over 10 s, 42 names stored a
        second through two, 63 through three)."""
        await self.guard("name", request)
        body = await self.read_json(request)
        session = await asyncio.to_thread(self.accounts.csrf_session, request)
        row = table.seat_of_token(seat, token_of(request, body))
        await self.check_owner(table, row, request)
        raw = body.get("name")
        if raw is not None:
            name = clean_name(raw)
        elif session is not None:
            name = clean_name(session.account.username)
        else:
            raise ApiError("invalid_name", "a guest chooses a name")
        account = session.account.id if session else None
        self._check_name_reserved(table, seat, name)
        values: dict[str, Any] = {"name": name}
        if account is not None:
            values["account_id"] = account

        passes_for: list[str] = []   # names this one is not but would pass for

        def clashes(other: str, other_account: int | None) -> bool:
            """Another seat's name that this one would pass for ("Аlice" in Cyrillic for
            "Alice" too; the same person's, a hot seat, is no clash); or that begins as
            this one, or this one as it, before a space or a mark ("Alice (you)",
            "Alice: gg" beside Alice), as the Seats panel and the chat read names."""
            if account is not None and other_account == account:
                return False
            if alike(name, other):
                return True
            if begins_as(name, other) or begins_as(other, name):
                passes_for.append(other)
                return True
            return False

        decided = False
        if account is not None:   # its moves as stored (another process's included)
            await table.catch_up()
            decided = seat in table.movers
        try:   # the store says whose seat it is: an account that sat down through
            # another process at the same moment holds it, checked or not here; one
            # sitting down after the seat's first decision leaves the game unrated
            named = await asyncio.to_thread(self.db.name_seat, table.id, seat, values,
                                            clashes, decided)
        except SeatOwned:
            raise ApiError.refused("seat_owned", "error.seat_owned", 409) from None
        except GameGone:
            raise table.deleted() from None
        if named is Naming.CLASHES and passes_for:
            raise ApiError.refused("invalid_name", "web.err.name_reserved", name=name)
        if named is Naming.CLASHES:
            raise ApiError.refused("name_taken", "web.err.name_taken", 409, name=name)
        if named is Naming.NAMED:   # the same name again changes nothing to tell
            settings = self.settings.get(table.id)
            await self.reread(table.id)
            self.close_strangers(table)
            if self.settings.get(table.id) != settings:   # noted unrated: the chip too
                table.broadcast()
            else:   # a name changes the seat lines alone (see `_seats_changed`)
                table.presence()
        return {"seat": seat, **self.seat_info(table, seat)}

    @staticmethod
    def _check_name_reserved(table: Table, seat: int, name: str) -> None:
        """A seat's name must not pass for someone else at the table: a bot, the host (as
        the chat names it in any language) or another seat's default name ("P2"). Nor the
        name of another seat (case-insensitively, unless the same account sits there
        too, a hot seat): `join` has the store check that as it writes the name."""
        if reads_as_bot(name):
            raise ApiError.refused("invalid_name", "web.err.name_bot", name=name)
        if name_reserved(name, seat, len(table.seats)):
            raise ApiError.refused("invalid_name", "web.err.name_reserved", name=name)

    async def rematch(self, table: Table, token: Any, client: str | None = None
                      ) -> dict[str, Any]:
        """A new game with the same seats (names, accounts, bots), settings and options."""
        if not table.holds_any_token(token):
            raise forbidden("only the host or a player of this game may do that")
        if not table.state.is_over:   # on PostgreSQL the last move may be another
            await table.catch_up()   # process's, its notice on the way
        if not table.state.is_over:
            raise ApiError.refused("not_over", "error.not_over", 409)
        async with self.rematch_lock:
            await self.reread(table.id)
            settings = self.settings.get(table.id)
            if settings is not None and settings.rematch is not None:
                return {"id": settings.rematch}
            players = self.players.get(table.id, {})
            seats = []
            for row in table.seats:
                player = players.get(row.seat)
                bot = player.bot if player is not None else (
                    row.agent if row.kind == "bot" else None)
                seats.append(bot or "human")
            state = table.state
            body = {"game": state.game.id, "players": state.num_players, "seats": seats,
                    "options": dict(state.options)}
            # a seat taken from the lobby stays its player's alone: `rematch/seat` gives
            # it to the holder of the old one, and the host never holds its token
            lobby = frozenset(row.seat for row in table.seats if row.open)
            answer = await self.tables.create(
                body, client, listed=settings is None or settings.visibility == "public",
                given=lobby)
            new_id = answer["id"]
            await self._setup(answer, body, settings.visibility if settings else "public",
                              settings.clock if settings else "none",
                              settings.host_account_id if settings else None,
                              rematch_of=table.id)
            new_rows, old_rows = await self.store.in_writer(
                self._rematch_rows, table.id, new_id, players, settings)
            self._keep(new_id, new_rows)
            self._keep(table.id, old_rows)
            noted = self.settings.get(table.id)
            if noted is not None and noted.rematch is not None:
                new_id = noted.rematch
        table.broadcast()
        return {"id": new_id}

    def _rematch_rows(self, game_id: str, new_id: str, players: dict[int, SeatPlayer],
                      settings: Settings | None) -> tuple[Rows, Rows]:
        """`rematch`'s writes once the new table's own rows exist (in the store's writer
        thread: on the event loop, a slow write held every game of the process); the
        rows of the new game and of the old one, as stored."""
        for seat, player in players.items():
            if player.bot is None and (player.name or player.account_id):
                self.db.set_seat_player(new_id, seat, name=player.name,
                                        account_id=player.account_id)
        if settings is None:
            self.db.create_settings(game_id, visibility="public", clock="none", rated=0,
                                    unrated="no_settings", rematch=new_id)
        elif not self.db.claim_rematch(game_id, new_id):
            # another process noted its own first (asked at the same moment): that one
            # is the rematch, which everyone else is sent to; this one's links go to
            # nobody, so the lobby does not list it (a clean-up deletes it)
            log.warning("game %s got two rematches; %s is left unused", game_id, new_id)
            self.db.update_settings(new_id, visibility="private")
        return self.stored(new_id), self.stored(game_id)

    # ----- chat --------------------------------------------------------------------------
    async def say(self, table: Table, body: dict[str, Any], token: Any,
                  request: Request) -> dict[str, Any]:
        seat = body.get("seat")
        if seat is None:
            if not isinstance(token, str) or not secrets.compare_digest(
                    token.encode(), table.host_token.encode()):
                raise forbidden("only players and the host may chat")
            name = "host"
        else:
            row = table.seat_of_token(seat_number(seat, table), token)
            await self.check_owner(table, row, request)
            name = self.seat_name(table.id, seat)
        text = chat.clean(body.get("text"))
        self.chat_limit.take((table.id, seat))   # in this process, before the store's
        try:   # the store says whether the seat is muted: a mute through another
            # process holds before this one's copy of the flag hears of it
            message = await asyncio.to_thread(self.db.add_chat, table.id, seat, name,
                                              text, self.chat_limit.count,
                                              self.chat_limit.window,
                                              self.config.chat_lines,
                                              self.config.chat_after_end)
        except SeatMuted:
            raise ApiError.refused("muted", "error.muted", 403) from None
        except ChatFull:
            raise ApiError.refused("chat_full", "web.err.chat_full", 409,
                                   most=self.config.chat_lines) from None
        except ChatClosed:
            raise ApiError.refused("chat_closed", "web.err.chat_closed", 409,
                                   minutes=round(self.config.chat_after_end / 60)) from None
        except GameGone:
            raise table.deleted() from None
        if message is None:   # said in other processes
            raise self.chat_limit.refusal(await asyncio.to_thread(
                self.db.chat_wait, table.id, seat, self.chat_limit.count,
                self.chat_limit.window))
        self.push_chat(table, message)
        return message

    def seat_name(self, game_id: str, seat: int) -> str:
        """A seat's name as the chat shows it: its player's, else its number ("P2")."""
        player = self.player(game_id, seat)
        return player.name if player and player.name else f"P{seat + 1}"

    def said_by(self, game_id: str, message: dict[str, Any]) -> dict[str, Any]:
        """A stored chat message under its seat's name now (the host's is "host"), as the
        log names each seat: until session 32 a line kept the name it was sent under, so
        a seat that said "I resign" as "Carol" and renamed itself left the line to the
        Carol who sat down next, as hers, in the chat's history and on every page."""
        if message["seat"] is None:
            return message
        return {**message, "name": self.seat_name(game_id, message["seat"])}

    def push_chat(self, table: Table, message: dict[str, Any]) -> None:
        if message["id"] in self.pushed:
            return
        self.pushed.append(message["id"])
        text = encode({"type": "chat", **message})   # just said: under its name now
        for conn in table.connections:
            conn.send(text)

    def noticed(self, payload: str) -> None:
        """Another process (or this one) changed a table's social rows: reload them.
        `ended:<session>,<session>...`: sessions ended (`SocialStore.delete_session`, or
        those a login's `create_session` deleted)."""
        kind, _, rest = payload.partition(":")
        if kind == "ended":
            self.sessions_ended(set(rest.split(",")))
            return
        game_id, _, what = rest.partition(":")
        table = self.tables.tables.get(game_id)
        if kind != "social" or table is None:
            return
        asyncio.get_running_loop().create_task(self._catch_up(table, what))

    async def _catch_up(self, table: Table, what: str) -> None:
        """`what`: `chat:<id>`, `seats:<process>` (a name, an account, a mute), or
        anything else (the settings). The seats this process changed itself are not read
        again: it read them and sent the presence as it wrote them (`join`, `mute`).
        Until session 32 its own notice came back and did both once more, so a page on
        the process that stored a name got two presences of it."""
        try:
            if what.startswith("chat:") and what[5:].isdigit():
                message = await asyncio.to_thread(self.db.chat_message, int(what[5:]))
                if message is not None:
                    self.push_chat(table, message)
                return
            kind, _, sender = what.partition(":")
            if kind == "seats" and sender == self.db.sender:
                return
            await self._seats_changed(table, whole=kind != "seats")
        except Exception:
            log.exception("catching up with game %s", table.id)

    async def _seats_changed(self, table: Table, whole: bool = False) -> None:
        """The game's names and settings read again, the connections to a seat an
        account sat down at (through another process) without its session closed, and
        everyone shown the seats: in a presence message when only the seats' players
        changed (a name, an account, a mute: `seat_info`, all in the seat lines), a state
        message with `whole` (the table's settings). Found by the session-31 attack
        pass: a name said again and again (an action's budget, 15 a second) sent every
        connection of the game a whole state message, twice on the PostgreSQL process
        that stored it (its own notice comes back) and once on every other holding the
        game: 30 views a second to each page, a slow one closed past its outbox."""
        await self.reread(table.id)
        self.close_strangers(table)
        if whole:
            table.broadcast()
        else:
            table.presence()

    async def mute(self, table: Table, request: Request) -> dict[str, Any]:
        await self.guard("name", request)   # as `join`'s: every process reads it
        body = await self.read_json(request)
        session = await asyncio.to_thread(self.accounts.csrf_session, request)
        settings = self.settings.get(table.id)
        token = token_of(request, body)
        host = (isinstance(token, str) and secrets.compare_digest(
            token.encode(), table.host_token.encode())) or (
            session is not None and settings is not None
            and settings.host_account_id == session.account.id)
        if not host:
            raise forbidden("only the host may mute")
        seat = seat_number(body.get("seat"), table)
        muted = body.get("muted", True)
        if not isinstance(muted, bool):
            raise ApiError("invalid_request", "muted is true or false")
        try:
            await asyncio.to_thread(self.db.set_seat_player, table.id, seat,
                                    muted=int(muted))
        except GameGone:
            raise table.deleted() from None
        await self.reread(table.id)
        table.presence()
        return {"seat": seat, "muted": muted}

    # ----- players -----------------------------------------------------------------------
    def player_key(self, name: str | None, bot: str | None) -> tuple[str, str]:
        """A player's ladder key and shown name: an account by its name, or a bot by its
        spec. A spec this server runs is found by any of its spellings: its canonical
        spec's player, the one its games are rated under (ratings.ladder_spec), also for a
        spelling that has a ladder row of its own (rated before `canonical_spec` made one
        player of each bot: that row is left, docs/social.md). A spec this server does not
        run (an older server's bounds) is found as rated, if it was."""
        if bot is not None:
            if not findable(bot):
                raise not_found(f"bot {bot!r}")
            try:
                spec = check_spec(bot)
            except ApiError:
                for rated in dict.fromkeys((ratings.ladder_spec(bot), bot)):
                    if self.db.player_ratings(f"bot:{rated}"):
                        return f"bot:{rated}", f"bot: {rated}"
                raise not_found(f"bot {bot!r}") from None
            return f"bot:{spec}", f"bot: {spec}"
        if name is None:
            raise ApiError("invalid_request", "name or bot is required")
        if not findable(name):
            raise not_found(f"player {name!r}")
        account_id = self.db.account_by_name(name)
        if account_id is None:
            raise not_found(f"player {name!r}")
        return f"account:{account_id}", name

    def router(self) -> APIRouter:
        return routes(self)


def routes(social: Social) -> APIRouter:
    """The HTTP routes of accounts, names, tables, chat, ratings and players."""
    router = APIRouter()
    accounts = social.accounts
    tables = social.tables

    @router.post("/api/account/register", status_code=201)
    async def register(request: Request, response: Response) -> dict[str, Any]:
        require_json(request)
        await social.guard("create", request)

        async def spend() -> None:   # a hashing, and one of the client's registrations
            await social.guard("password", request)
            await social.guard("register", request)

        answer = await accounts.register(await social.read_json(request), request,
                                         response, spend)
        social.ended_here(request)
        return answer

    @router.post("/api/account/login")
    async def login(request: Request, response: Response) -> dict[str, Any]:
        require_json(request)
        await social.guard("claim", request)
        answer = await accounts.login(await social.read_json(request), request, response,
                                      lambda: social.guard("password", request))
        social.ended_here(request)
        return answer

    @router.post("/api/account/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        await social.guard("act", request)
        await accounts.logout(request, response)
        social.ended_here(request)
        return {"ok": True}

    @router.get("/api/account")
    async def account(request: Request) -> dict[str, Any]:
        await social.guard("read", request)
        session = await asyncio.to_thread(accounts.session, request)
        if session is None:
            return {"account": None}
        me = session.account.id
        return {"account": {
            "username": session.account.username, "csrf": session.csrf,
            "expires": session.expires.isoformat(),
            "seats": social.tables.telling_unreadable(
                await asyncio.to_thread(social.db.account_seats, me)),
            "hosted": social.tables.telling_unreadable(
                await asyncio.to_thread(social.db.hosted_games, me))}}

    @router.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        return await social.create(request)

    @router.post("/api/games/{game_id}/seats/{seat}/join")
    async def join(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        return await social.join(await tables.open(game_id, client_of(request)), seat,
                                 request)

    @router.post("/api/games/{game_id}/seats/{seat}/back")
    async def back(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await social.read_json(request)
        await social.guard("handover", request)
        await social.come_back(await tables.open(game_id, client_of(request)), seat,
                               token_of(request, body),
                               request)
        return {"ok": True}

    @router.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, request: Request) -> dict[str, Any]:
        body = await social.read_json(request)
        await social.guard("create", request)
        return await social.rematch(await tables.open(game_id, client_of(request)),
                                    token_of(request, body),
                                    client_of(request))

    @router.post("/api/games/{game_id}/rematch/seat")
    async def rematch_seat(game_id: str, request: Request) -> dict[str, Any]:
        """The token of the same seat in the rematch, for the holder of the old seat."""
        await social.guard("read", request)
        body = await social.read_json(request)
        table = await tables.open(game_id, client_of(request))
        seat = seat_number(body.get("seat"), table)
        row = table.seat_of_token(seat, token_of(request, body))
        # read only for the seat's own token: before it, a stranger's request read the
        # store every time
        await social.reread(game_id)   # another process may have made it
        await social.check_owner(table, row, request)
        settings = social.settings.get(game_id)
        if settings is None or settings.rematch is None:
            raise not_found("a rematch of this game")
        new = await tables.open(settings.rematch, client_of(request))
        if new.seats[seat].kind != "human":   # a bot plays it there: nobody's seat
            raise not_found(f"seat {seat} for a person in the rematch")
        return {"id": new.id, "seat": seat, "token": new.seats[seat].token}

    @router.get("/api/games/{game_id}/chat")
    async def chat_history(game_id: str, request: Request) -> dict[str, Any]:
        await social.guard("read", request)
        await tables.open(game_id, client_of(request))
        messages = await asyncio.to_thread(social.db.chat, game_id)
        return {"messages": [social.said_by(game_id, m) for m in messages]}

    @router.post("/api/games/{game_id}/chat", status_code=201)
    async def say(game_id: str, request: Request) -> dict[str, Any]:
        await social.guard("act", request)
        await social.guard("chat", request)
        body = await social.read_json(request)
        return await social.say(await tables.open(game_id, client_of(request)), body,
                                token_of(request, body),
                                request)

    @router.post("/api/games/{game_id}/chat/mute")
    async def mute(game_id: str, request: Request) -> dict[str, Any]:
        return await social.mute(await tables.open(game_id, client_of(request)), request)

    @router.get("/api/leaderboard")
    async def leaderboard(game: str, request: Request) -> dict[str, Any]:
        await social.guard("read", request)
        return {"game": game, "players": await asyncio.to_thread(
            social.db.leaderboard, game, bots=ratings.LADDER_PLAYERS) if findable(game) else []}

    @router.get("/api/player")
    async def player(request: Request, name: str | None = None, bot: str | None = None
                     ) -> dict[str, Any]:
        await social.guard("read", request)
        key, shown = await asyncio.to_thread(social.player_key, name, bot)
        return {"player": key, "name": shown,
                "ratings": await asyncio.to_thread(social.db.player_ratings, key),
                "history": await asyncio.to_thread(social.db.history, key, listed=True)}

    @router.get("/api/player/curve.svg")
    async def curve(game: str, request: Request, name: str | None = None,
                    bot: str | None = None, lang: str = i18n.DEFAULT) -> Response:
        """A player's rating curve in one game, titled in `lang` (the page's language)."""
        await social.guard("read", request)
        key, shown = await asyncio.to_thread(social.player_key, name, bot)
        history = await asyncio.to_thread(social.db.history, key, game) \
            if findable(game) else []
        title = ratings.curve_title(shown, bot, game, lang)
        return Response(ratings.curve_svg(history, title), media_type="image/svg+xml")

    return router
