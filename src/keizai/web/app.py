"""The FastAPI application: JSON API, WebSocket live views and the static page."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import orjson
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from keizai import i18n
from keizai.engine import Outline, State, replay_outline
from keizai.i18n import howto
from keizai.store import Store, budgets
from keizai.store.budgets import Budgets, budget_key
from keizai.web.bots import BotPool, default_workers
from keizai.web.checkpoints import Checkpoints
from keizai.web.creators import Creators
from keizai.web.delivery import Page, PageDelivery
from keizai.web.errors import ApiError, forbidden, rate_limited
from keizai.web.hosts import OwnNamesOnly, ServerNames
from keizai.web.logs import guard_server_logs
from keizai.web.options import check_choices
from keizai.web.sites import SameOriginOnly
from keizai.web.social import Social, SocialConfig
from keizai.web.table import (
    Connection,
    Settings,
    Table,
    check_seat,
    check_step,
    encode,
    off_loop,
)
from keizai.web.tables import (
    WIDE_SHARE,
    Tables,
    available_bots,
    catalog,
    client_of,
    default_bot,
    network_of,
)

log = logging.getLogger("keizai.web")

STATIC = Path(__file__).parent / "static"
# The message catalogue the page shares with the terminal (keizai/i18n/<lang>.json).
CATALOGUES = Path(i18n.__file__).parent
MAX_BODY = 64 * 1024        # bytes of one HTTP request body
BODY_SECONDS = 15.0         # a request body must arrive within this (a stalled one: 408)
MAX_MESSAGE = 8 * 1024      # characters of one WebSocket message
MAX_DEPTH = 16              # nesting of arrays and objects in a request
HELLO_WITHIN = 10.0         # seconds for a WebSocket's first message
TOKEN_HEADER = "x-keizai-token"
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
     b"object-src 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    # another site's page that opened this one (window.open) holds no handle on it
    (b"cross-origin-opener-policy", b"same-origin"),
]
# Every answer of the API: a seat's view holds its hand, and others carry tokens, a
# session's CSRF token or an account's invite links. Without it a cache between the
# players and the server (a proxy or CDN set up to cache, a shared computer's browser)
# may keep them, and one keyed by the address alone hand `/view?seat=0` to anyone.
NOT_STORED = (b"cache-control", b"no-store")
# The answer to a request or a WebSocket message that failed for a reason the server did
# not foresee (a bug): it is logged, and nothing was changed.
INTERNAL_ERROR = ApiError("internal_error", "the server failed; nothing was changed", 500)


@dataclass(frozen=True)
class Collector:
    """How the server process's cyclic garbage collector runs (`keizai serve` only: it
    changes the whole process).

    The server holds about 150,000 objects from start-up (modules, catalogues, the web
    framework) that live as long as it does; every full collection walked all of them,
    and under load those pauses (tens of ms, 300 ms on a busy machine) made the slowest
    answers. At start they are frozen out of collection (`gc.freeze`), and collections
    run less often: game states hold no reference cycles, so nearly all garbage is
    freed at once by reference counting, and the collector finds little."""

    young: int = 20_000    # allocations between collections of the youngest generation
    middle: int = 20       # young collections per middle one
    old: int = 20          # middle collections per full one (and Python's own 25 % rule)

    def start(self) -> None:
        gc.collect()
        gc.freeze()
        gc.set_threshold(self.young, self.middle, self.old)


@dataclass(frozen=True)
class Limits:
    """Per client (`keizai.web.tables.client_key`: an IPv4 address, an IPv6 /64; each
    IPv6 /48 has `WIDE_SHARE` times these, `WIDE_SHARES` of some): (burst, refill per
    second) of each kind of request; None is no limit. Actions count every WebSocket
    message too."""

    create: tuple[float, float] | None = (10, 0.2)
    claim: tuple[float, float] | None = (10, 0.5)
    act: tuple[float, float] | None = (60, 15.0)
    # A replay frame replays the game up to its step: a long 企業帝國 game's last frame
    # costs milliseconds of CPU. A person stepping through one asks a few per second.
    replay: tuple[float, float] | None = (30, 10.0)
    # Reads that ask the database or load a game (a listing, a summary, a record, the
    # chat, ratings): about 1-3 ms of server CPU each; the lobby asks every 5 s.
    read: tuple[float, float] | None = (60, 10.0)
    # `/view` renders a seat's whole log: 9 ms of CPU for a 600-step 企業帝國 game. The
    # page never asks (it has the WebSocket); a client polling it needs no more.
    view: tuple[float, float] | None = (20, 2.0)
    # Opening a WebSocket: its hello sends the view and up to `LOG_PART` (512) entries of
    # the log (a whole log was the same 9 ms with the English lines); each further part
    # the page asks for counts as one too (a 3,176-entry log: 7). The page reconnects
    # with a back-off of up to 5 s.
    connect: tuple[float, float] | None = (30, 2.0)
    # WebSockets open at once (every broadcast writes to each).
    sockets: int | None = 64
    # Chat messages (each also an action): each is a row kept for good. Each seat may
    # say 5 per 10 s (keizai.web.chat); a client with many seats could store the
    # actions' 15 a second, 1.3 million a day.
    chat: tuple[float, float] | None = (20, 1.0)
    # Password hashings (registering, and logging in without the account's device
    # cookie): 0.4 s of the hashing thread each, so one client's share of it is small:
    # ten at once, then one every 30 s (130 an hour; hashing does 9,000).
    password: tuple[float, float] | None = (10, 1 / 30)
    # Frames one WebSocket may send (pings, binary and refused ones too), counted below
    # the application: past it the connection is cut (`keizai.web.frames`; `keizai
    # serve` gives it to uvicorn). The page sends a message per decision.
    frames: tuple[float, float] | None = (60, 15.0)
    # HTTP connections one client holds open, WebSockets apart (`keizai.web.heads`;
    # `keizai serve` gives it to uvicorn): a browser opens about six.
    connections: int | None = 256
    # Loading a game the process does not hold (any request or WebSocket naming one it
    # dropped, idle for 5 minutes or past the 200 held, or never opened): its whole
    # record is replayed (in a worker thread), about 14 ms of CPU for a whole 4-player
    # 企業帝國 game, and anyone may name any stored game (the lobby lists 200, a player's
    # page 500 more). Without it one client's reads, replays, views and WebSockets
    # loaded 140 games at once and 24 a second. A game held costs nothing. A replay
    # frame replaying a whole game (its checkpoints not kept) counts as one too. (Last,
    # so that limits given by position keep their places.)
    load: tuple[float, float] | None = (10, 1.0)
    # Open seats from the lobby one client holds in games not over (docs/web.md: a
    # household behind one address); else one client took every open seat the lobby
    # offered, one per 2 s. Each IPv6 /48 `WIDE_SHARE` times that. Counted in the store
    # under the deployment's client secret (`keizai.web.creators`; without one, per
    # process and start).
    open_seats: int | None = 24
    # The lobby's listing (`GET /api/games`, counted as a read too): up to 200 games with
    # their seats and names, about 11 ms of server CPU (105 KB of JSON) against a read's
    # 1-3 ms; the page asks every 5 s. With reads alone one client listed 10 a second,
    # and 16 clients of a /48 kept a two-core server busy (docs/web.md, Rate limits).
    lobby: tuple[float, float] | None = (10, 1.0)
    # Accounts registered (each also a creation and a password hashing): a name taken is
    # kept from everyone else until its account is deleted, only if never used
    # (`SocialStore.delete_unused_accounts`), and with those budgets alone one client
    # registered 130 an hour, a /48 2,080, squatting the names others would choose. A
    # household registers a few: five at once, then five a day.
    register: tuple[float, float] | None = (5, 5 / 86_400)

    @classmethod
    def off(cls) -> Limits:
        return cls(None, None, None, None, None, None, None, None, None, None, None, None,
                   None, None, None, None)


# A /48's share of replay frames and of whole logs (`/view`, and frames with the log),
# narrower than `WIDE_SHARE`: a frame of a long game costs the replay thread
# milliseconds and answers with its events (270 KB at the end of a 1,000-step 企業帝國
# game), a log 10 ms more; 16 /64s of one /48 asking 160 frames a second (served about
# 100) held an honest player's WebSocket hello at 0.34 s even with checkpoints, 40 a
# second at 0.016 s (docs/web.md, Rate limits). A site's people stepping through
# replays at once ask a few a second each; the page never asks for `/view`. And of
# loads, each a whole replay in that thread (a game not held, or a frame of a game whose
# checkpoints are not kept): 16 /64s asking for the last frames of 48 long games in turn
# were served 38 a second, each a whole replay, at the 16 clients' share, 21 at 4. And
# of WebSockets opened (and their logs' parts): 16 /64s opening spectators' sockets to a
# long finished game were served 38 hellos a second, each the whole log, holding an
# honest player's hello at a quarter of a second.
WIDE_SHARES = {"replay": 4, "view": 4, "load": 4, "connect": 4}


def keys_of(client: str, wide_share: int = WIDE_SHARE) -> list[tuple[str, int]]:
    """The keys a client's request counts under, each with its share of a limit: the
    client's own, and an IPv6 client's /48, which `wide_share` clients' limits bound."""
    wide = network_of(client)
    return [(client, 1)] if wide is None else [(client, 1), (wide, wide_share)]


class RateLimiter:
    """Token buckets per (kind, client), and per (kind, /48) of IPv6 clients (`keys_of`);
    a refused request says when to come back. At most `MAX_CLIENTS` buckets are kept,
    in the order they were last asked: past it, the one asked longest ago (the nearest
    to full again) is forgotten, not a client's that keeps asking with its budget spent.

    With `shared` (a PostgreSQL store), the `SHARED` kinds — what a client stores for
    good or costs every process together — are also taken from buckets in the store
    (`spend`), so behind N processes a client has each of them once, not N times;
    this process's own bucket is asked first, so a flood of refused requests costs the
    store nothing. The other kinds bound the CPU of the process that answers, and stay
    in its memory (docs/web.md).

    A kind of `COUNTED_AS` takes another kind's budget in the process, and in the store
    a bucket of its own with that budget's numbers: naming a seat, muting one, an
    undo, handing a seat to a bot and taking it back ("I'm back") are actions, but each
    is a write and a NOTIFY that every process holding the game reads (a name or a
    hand-over: its rows, a presence to each page; an undo: the whole game replayed up to
    the decision), so they are bounded for all processes together (on SQLite, as one
    process, exactly as the actions they are). A seat's link opened takes it back too,
    on a connection's budget: each such take-back follows a hand-over."""

    MAX_CLIENTS = 50_000
    SHARED = frozenset({"create", "claim", "chat", "password", "name", "undo", "handover",
                        "register"})
    COUNTED_AS: ClassVar[dict[str, str]] = {"name": "act", "undo": "act", "handover": "act"}

    def __init__(self, limits: Limits, shared: Budgets | None = None,
                 secret: bytes | None = None) -> None:
        """`secret`: the key of the store's bucket names (`budget_key`)."""
        self.limits = limits
        self.shared = shared
        self.secret = secret
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}

    async def spend(self, kind: str, client: str) -> None:
        """`take`, and for a `SHARED` kind the store's buckets too (raises when spent)."""
        self.take(self.COUNTED_AS.get(kind, kind), client)
        await self.spend_shared(kind, client)

    async def spend_shared(self, kind: str, client: str) -> None:
        """For a `SHARED` kind, the store's buckets alone (`spend` without `take`: a
        WebSocket's message has taken an action already); nothing without a shared
        store."""
        counted = self.COUNTED_AS.get(kind, kind)
        limit = getattr(self.limits, counted)
        if self.shared is None or kind not in self.SHARED or limit is None:
            return
        wait = await asyncio.to_thread(self.shared.take, [
            (budget_key(kind, key, self.secret), limit[0] * share, limit[1] * share)
            for key, share in keys_of(client, WIDE_SHARES.get(counted, WIDE_SHARE))])
        if wait is not None:
            raise rate_limited(wait)

    def take(self, kind: str, client: str) -> None:
        limit = getattr(self.limits, kind)
        if limit is None:
            return
        now = time.monotonic()
        levels = []
        for key, share in keys_of(client, WIDE_SHARES.get(kind, WIDE_SHARE)):
            burst, rate = limit[0] * share, limit[1] * share
            level, then = self.buckets.get((kind, key), (burst, now))
            level = min(burst, level + (now - then) * rate)
            if level < 1:
                asked = self.buckets.pop((kind, key), None)
                if asked is not None:   # kept as asked just now, unchanged
                    self.buckets[(kind, key)] = asked
                raise rate_limited((1 - level) / rate)
            levels.append(((kind, key), level))
        for bucket, level in levels:
            self.buckets.pop(bucket, None)
            self.buckets[bucket] = (level - 1, now)
        while len(self.buckets) > self.MAX_CLIENTS:
            del self.buckets[next(iter(self.buckets))]


class Sockets:
    """The WebSockets each client has open, at most `most` (None: no limit), and each
    /48 of IPv6 clients `WIDE_SHARE` times that (`keys_of`)."""

    def __init__(self, most: int | None) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def enter(self, client: str) -> None:
        keys = keys_of(client)
        for key, share in keys:
            if self.most is not None and self.open.get(key, 0) >= self.most * share:
                raise ApiError.refused("too_many_connections", "web.err.sockets", 429,
                                       most=self.most * share)
        for key, _share in keys:
            self.open[key] = self.open.get(key, 0) + 1

    def leave(self, client: str) -> None:
        for key, _share in keys_of(client):
            count = self.open.pop(key, 0) - 1
            if count > 0:
                self.open[key] = count


class Outlines:
    """The replay outlines (`keizai.engine.Outline`: rounds, who moved) of the `size`
    finished games replayed last, by game id and record length: a finished game's record
    never changes, so its outline is replayed once, not at every frame, and once for the
    frames that ask for it at once. Replayed in the replay thread in the turn of the
    client who asked first (`off_loop`): until session 29 each frame asking before the
    first outline was kept replayed the whole game again in the default worker threads,
    which the reads share (a client's burst of 30 frames of a long game, 30 replays)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.cached: OrderedDict[tuple[str, int], Outline] = OrderedDict()
        self.pending: dict[tuple[str, int], asyncio.Future[Outline]] = {}

    async def of(self, game_id: str, record: dict[str, Any], by: str | None = None
                 ) -> Outline:
        key = (game_id, len(record["actions"]))
        outline = self.cached.get(key)
        if outline is not None:
            self.cached.move_to_end(key)
            return outline
        pending = self.pending.get(key)
        if pending is None:
            pending = self.pending[key] = asyncio.ensure_future(
                off_loop(replay_outline, record, by=by))
            pending.add_done_callback(lambda done: self._settled(key, done))
        outline = await asyncio.shield(pending)
        self.cached[key] = outline
        self.cached.move_to_end(key)
        if len(self.cached) > self.size:
            self.cached.popitem(last=False)
        return outline

    def _settled(self, key: tuple[str, int], done: asyncio.Future[Outline]) -> None:
        """A replay of an outline ended: the next frame asks anew unless it is kept. Its
        error, if any, is the frames' that waited for it (noted here for none waiting)."""
        del self.pending[key]
        if not done.cancelled():
            done.exception()


async def read_json(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, or a clear error."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError("unsupported_media_type", "bodies are application/json", 415)
    length = request.headers.get("content-length")
    if length is not None and (not _ascii_digits(length) or int(length) > MAX_BODY):
        raise ApiError("too_large", f"a request body is at most {MAX_BODY} bytes", 413)
    body = b""
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise ApiError("too_large",
                                   f"a request body is at most {MAX_BODY} bytes", 413)
    except TimeoutError:
        raise ApiError("request_timeout", f"the request body did not arrive within "
                       f"{BODY_SECONDS:g} s", 408) from None
    except ClientDisconnect:   # answered to nobody; uncaught, it was an error logged
        # with its traceback, each time (a client doing it on purpose filled the log)
        raise ApiError("request_timeout", "the client went away before its request "
                       "body arrived", 408) from None
    return parse_object(body)


def parse_object(raw: bytes | str) -> dict[str, Any]:
    """A request body or WebSocket message as a JSON object. Text that is no JSON and JSON
    nested too deeply are told in words of their own (the page shows them in its reader's
    language); the English message keeps the parser's detail for a program."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as error:   # also past orjson's own depth limit
        raise ApiError("bad_json", f"the body is not valid JSON: {error}",
                       reason={"id": "web.err.json_unreadable", "params": {}}) from None
    if not isinstance(value, dict):
        raise ApiError("bad_json", "the body must be a JSON object")
    if depth(value) > MAX_DEPTH:
        raise ApiError.refused("bad_json", "web.err.json_too_deep", most=MAX_DEPTH)
    return value


def depth(value: Any) -> int:
    """How deeply arrays and objects nest in `value` (without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        todo.extend((child, level + 1) for child in children)
    return deepest


def _ascii_digits(text: str) -> bool:
    """Whether `text` is a number in ASCII digits: `str.isdigit` is true of "²" and "٠"
    too, which `int` refuses or reads as another digit."""
    return text.isascii() and text.isdigit()


def parse_seat(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    if not _ascii_digits(raw) or len(raw) > 2:
        raise ApiError("invalid_request", "seat must be a seat number")
    return int(raw)


def token_of(request: Request, body: dict[str, Any] | None = None) -> Any:
    """A seat's or the host's token: the X-Keizai-Token header, or "token" in a JSON
    body. Never in the query string (it would land in logs and Referer headers)."""
    if "token" in request.query_params:
        raise ApiError("invalid_request", f"send tokens in the {TOKEN_HEADER} header, "
                       "not in the address")
    header = request.headers.get(TOKEN_HEADER)
    if header is not None:
        return header
    return body.get("token") if body is not None else None


class SecurityHeaders:
    """ASGI middleware: every HTTP response carries the security headers, and every
    answer of the API says that no cache may store it (`NOT_STORED`)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        api = scope["path"].startswith("/api/")

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *SECURITY_HEADERS]
                if api:
                    headers.append(NOT_STORED)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(database_url: str, bot_delay: float = 0.0, *, handover_after: float = 60.0,
               bot_workers: int | None = None, idle_after: float = 300.0,
               limits: Limits | None = None, pool: BotPool | None = None,
               chosen_seeds: bool = False, bot_games: int = 8, bot_games_each: int = 2,
               social_config: SocialConfig | None = None,
               collector: Collector | None = None,
               client_secret: str | None = None,
               origins: frozenset[str] = frozenset(),
               names: ServerNames | None = None) -> FastAPI:
    """The app on one database; `bot_delay` seconds between bot moves (for humans' eyes);
    `handover_after` seconds a seat must be away before another player may hand it to a
    bot; bots think in `bot_workers` processes (`pool` replaces them, for tests);
    `chosen_seeds` accepts a seed for games with several humans (tests only); at most
    `bot_games` games of bots alone run at once in this process, `bot_games_each` of
    them one client's;
    `collector` tunes the process's garbage collector once started (`keizai serve`);
    `client_secret` keys the clients the store counts, the same in every process of the
    deployment (`keizai.web.creators`; None: a random key of this process's own);
    `origins`: origins besides the request's own whose pages may POST and open WebSockets
    (`keizai.web.sites.normal_origin`'s form; `keizai serve --origin`);
    `names`: the hosts a request may name (`keizai.web.hosts`; None: any, as the test
    client's `testserver`)."""
    store = Store(database_url)
    pool = pool or BotPool(bot_workers or default_workers())
    tables = Tables(store, Settings(pool, bot_delay, handover_after, chosen_seeds=chosen_seeds,
                                    bot_games=bot_games, bot_games_each=bot_games_each),
                    idle_after, creators=Creators(client_secret))
    limiter = RateLimiter(limits or Limits(), Budgets(store.engine) if store.postgres else None,
                          tables.creators.store_key("budgets"))
    sockets = Sockets(limiter.limits.sockets)
    outlines = Outlines()
    checkpoints = Checkpoints()   # finished games' states every 64 steps
    catalogue: dict[str, Any] = {}   # the games and bots, computed once
    social = Social(store, tables, social_config,   # names, ratings, clock, chat
                    read_json=read_json)
    social.accounts.counter_key = tables.creators.store_key("logins")
    tables.settings.hooks = social
    # A registration's bucket takes a day to refill: kept apart from the other kinds'
    # (each limiter forgets the bucket asked longest ago past MAX_CLIENTS), so that a
    # flood of other requests from new addresses does not push it out and give it back.
    registrations = RateLimiter(limiter.limits, limiter.shared, limiter.secret)
    social.guard = lambda kind, request: (registrations if kind == "register" else limiter
                                          ).spend(kind, client_of(request))
    tables.charge_load = lambda client: limiter.take("load", client)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        guard_server_logs()
        await tables.start()
        social.start()
        if collector is not None:
            collector.start()
        cleaning = None if limiter.shared is None else asyncio.get_running_loop(
            ).create_task(prune_budgets(limiter.shared))
        yield
        if cleaning is not None:
            cleaning.cancel()
        await tables.stop()
        social.close()
        pool.close()
        store.close()

    app = FastAPI(title="keizai", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.tables = tables
    app.state.limiter = limiter
    app.state.checkpoints = checkpoints
    # inside SecurityHeaders, so its refusals carry them too
    app.add_middleware(SameOriginOnly, origins=origins)
    if names is not None:   # before anything reads the request
        app.add_middleware(OwnNamesOnly, names=names)
    app.add_middleware(SecurityHeaders)
    page = Page(STATIC, CATALOGUES)
    # gzip and caching for the public files only, never the API
    app.add_middleware(PageDelivery, version=page.version, files=page.files)
    app.state.social = social
    app.include_router(social.router())

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.payload(), status_code=error.status, headers=error.headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return JSONResponse({"error": {"code": code, "message": str(error.detail)}},
                            status_code=error.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        where = ", ".join(".".join(str(p) for p in e["loc"]) for e in error.errors())
        return JSONResponse({"error": {"code": "invalid_request",
                                       "message": f"invalid value for {where}"}},
                            status_code=400)

    @app.exception_handler(SQLAlchemyError)
    async def storage(_request: Request, _error: SQLAlchemyError) -> JSONResponse:
        return JSONResponse({"error": {"code": "storage_error",
                                       "message": "the database is not answering; nothing "
                                                  "was changed, try again"}},
                            status_code=503)

    @app.exception_handler(Exception)
    async def crashed(_request: Request, _error: Exception) -> JSONResponse:
        return JSONResponse(INTERNAL_ERROR.payload(), status_code=INTERNAL_ERROR.status)

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def front(request: Request) -> Response:
        """The page, its static files named under their version (keizai.web.delivery)."""
        if request.headers.get("if-none-match") == page.etag:
            return Response(status_code=304, headers={"etag": page.etag})
        return Response(page.body, media_type="text/html", headers={"etag": page.etag})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/i18n/{lang}.json", include_in_schema=False)
    async def messages(lang: str) -> FileResponse:
        """One language's message catalogue for the page (en, ja or zh-TW)."""
        if lang not in i18n.LANGUAGES:
            raise ApiError("not_found", f"no catalogue for language {lang!r}", 404)
        return FileResponse(CATALOGUES / f"{lang}.json", media_type="application/json")

    @app.get("/api/howto/{lang}/{game_id:path}")
    async def how_to_play(lang: str, game_id: str) -> dict[str, Any]:
        """How to play a game in one screen, in en, ja or zh-TW (keizai.i18n.howto):
        fetched when a player opens it, never with the page."""
        if lang not in i18n.LANGUAGES or game_id not in howto.SECTIONS:
            raise ApiError("not_found", "no how-to-play for this game and language", 404)
        return howto.how_to_play(game_id, lang)

    @app.get("/api/catalog")
    async def get_catalog() -> dict[str, Any]:
        if not catalogue:   # 1.4 ms of CPU a request before
            # the clocks' seconds as `keizai serve --clock-*` set them, for their names
            catalogue.update(games=catalog(), bots=available_bots(),
                             clocks=dict(social.clocks.seconds))
        return catalogue

    @app.get("/api/games")
    async def list_games(request: Request) -> dict[str, Any]:
        limiter.take("read", client_of(request))
        limiter.take("lobby", client_of(request))
        return {"games": await tables.listing()}

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request) -> dict[str, Any]:
        client = client_of(request)
        await limiter.spend("create", client)
        body = await read_json(request)
        check_choices(body)
        return await tables.create(body, client)

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, request: Request) -> dict[str, Any]:
        limiter.take("read", client_of(request))
        return (await tables.open(game_id, client_of(request))).summary()

    @app.get("/api/games/{game_id}/view")
    async def get_view(game_id: str, request: Request, seat: str | None = None
                       ) -> Response:
        limiter.take("view", client_of(request))
        table = await tables.open(game_id, client_of(request))
        token = token_of(request)
        number = parse_seat(seat)
        if number is not None:
            row = table.seat_of_token(number, token)
            await social.check_owner(table, row, request)
            await table.used_by_player()
        # the whole log rendered in a worker thread, encoded here by orjson (FastAPI's
        # encoding of a long game's took 50 ms on the event loop)
        conn = Connection(number, 0)
        logged = await table.logged(conn, client_of(request), most=None)
        return Response(encode(table.payload(conn, logged=logged, most=None)),
                        media_type="application/json")

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, request: Request) -> dict[str, Any]:
        limiter.take("act", client_of(request))
        body = await read_json(request)
        table = await tables.open(game_id, client_of(request))
        token = token_of(request, body)
        # without the seat's own token the table's checks refuse it whoever owns the seat
        await social.check_owner_if_seat_token(table, body.get("seat"), request, token)
        await table.act(body.get("seat"), token, body.get("action"),
                        body.get("step"), by=client_of(request))
        return {"ok": True, "step": len(table.state.history)}

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, request: Request) -> dict[str, Any]:
        await limiter.spend("undo", client_of(request))
        body = await read_json(request)
        table = await tables.open(game_id, client_of(request))
        token = token_of(request, body)
        # without the seat's own token the table's checks refuse it whoever owns the seat
        await social.check_owner_if_seat_token(table, body.get("seat"), request, token)
        await table.take_back(body.get("seat"), token, body.get("step"),
                              by=client_of(request))
        return {"ok": True, "step": len(table.state.history)}

    @app.post("/api/games/{game_id}/seats/{seat}/claim")
    async def claim_seat(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        client = client_of(request)
        await limiter.spend("claim", client)
        table = await tables.open(game_id, client)
        token = await table.claim(seat, tables.keyed(client), limiter.limits.open_seats)
        return {"seat": seat, "token": token}

    @app.post("/api/games/{game_id}/seats/{seat}/bot")
    async def seat_to_bot(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        await limiter.spend("handover", client_of(request))
        body = await read_json(request)
        table = await tables.open(game_id, client_of(request))
        token = token_of(request, body)
        # the host's token hands it over too: the owner is asked only with the seat's own
        await social.check_owner_if_seat_token(table, seat, request, token)
        await table.hand_to_bot(seat, token, body.get("agent") or default_bot(),
                                by=client_of(request))
        return {"ok": True}

    @app.get("/api/games/{game_id}/record")
    async def get_record(game_id: str, request: Request) -> dict[str, Any]:
        limiter.take("read", client_of(request))
        table = await tables.open(game_id, client_of(request))
        finished(table)
        return table.record()   # naming the keizai that stored it

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(game_id: str, request: Request, step: int = 0,
                         seat: str | None = None, log: bool = True,
                         since: int = 0) -> Response:
        """The position after `step` actions of a finished game, seen by `seat` (or all);
        `log=false` leaves out the English log lines (the page renders `events`); `since`:
        the seat's events the asker holds (`replay_frame`). Replayed from the game's
        nearest checkpoint (`keizai.web.checkpoints`); the rest comes from its cached
        outline. The log's lines cost what a `/view` does, and count as one; a frame
        replaying more than the checkpoints' `every` moves (of a game not asked lately, or
        not up to there) costs what loading a game does, and counts as a load."""
        limiter.take("replay", client_of(request))
        if log:
            limiter.take("view", client_of(request))
        if since < 0:
            raise ApiError("invalid_request", "since must be a whole number")
        table = await tables.open(game_id, client_of(request))
        finished(table)
        record = table.state.record()
        total = len(record["actions"])
        if not 0 <= step <= total:
            raise ApiError("invalid_request", f"step must be 0 to {total}")
        number = parse_seat(seat)
        if number is not None:
            check_seat(number, record["players"])
        if checkpoints.moves_to(game_id, total, step) > checkpoints.every:
            limiter.take("load", client_of(request))
        outline = await outlines.of(game_id, record, client_of(request))
        final = table.state   # finished: never changed again
        # built and encoded in a worker thread (FastAPI's own encoding of a long game's
        # last frame took 50 ms on the event loop)
        return Response(await off_loop(lambda: encode(replay_frame(
            checkpoints.state_at(game_id, record, step), record, step, number, log,
            outline, final, since)), by=client_of(request)),
            media_type="application/json")

    @app.websocket("/ws/games/{game_id}")
    async def live(websocket: WebSocket, game_id: str) -> None:
        """The first message is {"type": "hello", "seat"?, "token"?, "since"?, "step"?,
        "mark"?, "log"?, "csrf"?} (`Table.log_kept`; `csrf`: the session's, which an
        account's seat needs, `Social.socket_account`)
        ("log": false leaves the English log lines out of the state messages: `events`
        has the log); then the state messages, and the seat's acts, undos and pings.
        Opening one is rate-limited per client and so is how many a client has open, both
        checked before the game is looked up."""
        await websocket.accept()
        client = client_of(websocket)
        try:
            limiter.take("connect", client)
            sockets.enter(client)
        except ApiError as error:
            await refuse(websocket, error)
            return
        try:
            await session(websocket, game_id, client)
        except Exception:   # a bug: logged without its words (they may quote a hand),
            log.exception("game %s: a WebSocket failed", game_id)   # and the client told
            await refuse(websocket, INTERNAL_ERROR)
        finally:
            sockets.leave(client)

    async def session(websocket: WebSocket, game_id: str, client: str) -> None:
        """One WebSocket, once let in: its hello, then its messages."""
        try:
            if websocket.query_params:
                raise ApiError("invalid_request", "send seat, token and since in the first "
                               "message {\"type\": \"hello\"}, not in the address")
            table = await tables.open(game_id, client)
            try:
                hello = await asyncio.wait_for(receive_object(websocket), HELLO_WITHIN)
            except TimeoutError:
                raise ApiError("invalid_request", "no hello message") from None
            if hello is None:
                return
            if hello.get("type") != "hello":
                raise ApiError("invalid_request", "the first message must be "
                               "{\"type\": \"hello\", \"seat\", \"token\", \"since\"}")
            seat, token = hello.get("seat"), hello.get("token")
            account = None
            if seat is not None:
                table.seat_of_token(seat, token)
                account = await social.socket_account(websocket, hello.get("csrf"))
                await social.check_account(table, seat, account)
                await table.opened(seat)
            since = table.log_kept(check_step(hello.get("since")) or 0, hello.get("step"),
                                   hello.get("mark"))
        except ApiError as error:
            await refuse(websocket, error)
            return
        except SQLAlchemyError:   # loading the game: the database is down
            log.warning("opening game %s failed: the database is not answering", game_id)
            await refuse(websocket, ApiError("storage_error", "the database is not "
                                             "answering; nothing was changed, try again",
                                             503))
            return
        except WebSocketDisconnect:
            return
        conn = Connection(seat, min(since, table.state.event_count()),
                          lines=hello.get("log", True) is not False, account=account,
                          session=None if account is None else social.session_of(websocket))
        try:   # its log rendered in the replay thread, in this client's turn
            logged = await table.logged(conn, client)
            social.check_joining(table, conn)   # nothing awaited from here to the join
        except ApiError as error:
            await refuse(websocket, error)
            return
        sender: asyncio.Task[None] | None = None
        # The clean-up covers the join too: a first message that fails to build (after
        # `join` has added the connection) must not leave it among the table's.
        try:
            table.join(conn, logged)
            if seat is not None:
                await tables.mark_seen(table, seat)
            sender = asyncio.create_task(send_loop(websocket, conn))
            await receive_loop(websocket, table, conn, token, limiter, client, sender)
        finally:
            table.leave(conn)
            if sender is not None:
                sender.cancel()
                with suppress(asyncio.CancelledError):
                    await sender
            if seat is not None:
                await tables.mark_seen(table, seat)

    return app


# The most events a replay frame carries (`replay_frame`): a 1,177-step 企業帝國 game's
# last frame has 3,176, whose encoding was most of the frame's CPU and its 276 KB.
FRAME_EVENTS = 512


def replay_frame(state: State, record: dict[str, Any], step: int, seat: int | None,
                 log: bool, outline: Outline, final: State, since: int = 0
                 ) -> dict[str, Any]:
    """A finished game's replay frame at `step` (`state`: the game after `step` actions,
    `Checkpoints.state_at`), seen by `seat` (None: all), its English log lines when `log`.
    Its `events` are the seat's from `since` on (the asker holds those before; a seat's
    events at a step begin with those at every step before), at most `FRAME_EVENTS`:
    `events_from` says where they begin and `event_count` how many there are, and the
    page asks again from where they end. In the replay thread (`off_loop`): the log's
    lines, when asked, are work in proportion to the game's length (milliseconds for a
    long 企業帝國 game), which on the event loop held every request of the process."""
    last = record["actions"][step - 1] if step else None
    count = state.event_count()
    start = min(since, count)
    frame = {"step": step, "steps": len(record["actions"]), "seat": seat,
             "view": state.view(seat), "last": last,
             "events": [i18n.to_json(e)
                        for e in state.events_since(seat, start)[:FRAME_EVENTS]],
             "events_from": start, "event_count": count,
             # who took the last action and its readable label (no raw ids)
             "last_seat": outline.movers[step - 1] if step else None,
             "last_label": str(state.game.to_action(last)) if last else None,
             # the finished game's scores and places, shown beside every step (not
             # every game's view has them: 企業帝國's has none)
             "scores": final.scores(), "ranking": final.ranking(),
             "places": final.places(),
             # the round of this step (None: a game without rounds) and the steps at
             # which a round begins, which the replay steps to
             "round": outline.rounds[step], "round_starts": list(outline.round_starts)}
    if log:
        frame["log"] = state.log(seat)
    return frame


async def prune_budgets(shared: Budgets) -> None:
    """Delete the store's full budgets every PRUNE_EVERY seconds, apart from the requests
    (a clean-up in a request made that request wait for it)."""
    while True:
        await asyncio.sleep(budgets.PRUNE_EVERY)
        try:
            await asyncio.to_thread(shared.prune)
        except SQLAlchemyError:   # the database is down: the next clean-up catches up
            log.warning("deleting the full request budgets failed")


# The close code of a refusal. The page stops reconnecting at 4400, 4403 and 4404 (a bad
# request, a wrong token, no such game: trying again changes nothing), not at the others:
# the database not answering (503) is 1013, "try again later", so the page reconnects
# until it is back (with 4400, a seat opened during an outage was refused for good).
CLOSE_CODES = {403: 4403, 404: 4404, 429: 4429, 503: 1013}


async def refuse(websocket: WebSocket, error: ApiError) -> None:
    """The refusal as a message, then the socket closed with a code that says why."""
    with suppress(WebSocketDisconnect, RuntimeError):
        await websocket.send_json(error.payload())
        await websocket.close(code=CLOSE_CODES.get(error.status, 4400))


def finished(table: Table) -> None:
    if not table.state.is_over:
        raise forbidden("records and replays are shown once the game is over")


async def receive_object(websocket: WebSocket) -> dict[str, Any] | None:
    """The next message as a JSON object; None when the client went away."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        return None
    raw = frame.get("text")
    if raw is None:
        raise ApiError("bad_json", "messages are JSON text frames")
    if len(raw) > MAX_MESSAGE:
        raise ApiError("too_large", f"a message is at most {MAX_MESSAGE} characters", 413)
    return parse_object(raw)


async def send_loop(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's messages in order until the client goes away (or falls so
    far behind that it is closed)."""
    with suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await conn.next()
            if message is None:
                await websocket.close(code=4429)
                return
            await websocket.send_text(message)


async def receive_loop(websocket: WebSocket, table: Table, conn: Connection,
                       token: Any, limiter: RateLimiter, client: str,
                       sender: asyncio.Task[None]) -> None:
    """Messages: {"type": "act", "action", "step"?}, {"type": "act_whole", "chosen",
    "step"?} (a compound decision whole), {"type": "undo", "step"?}, {"type": "ping"},
    {"type": "log"} (the log's next part, `Table.next_part`)."""
    while not sender.done():
        try:
            message = await receive_object(websocket)
        except ApiError as error:   # not a JSON object, too long: said, the socket stays
            conn.send(json.dumps({"type": "error", **error.payload()}))
            continue
        except (WebSocketDisconnect, RuntimeError):   # Starlette's RuntimeError: a
            return                                    # receive after the client left
        if message is None or conn.closed:   # closed: its seat is an account's now
            return
        try:
            await handle_message(message, table, conn, token, limiter, client)
        except ApiError as error:
            conn.send(json.dumps({"type": "error", **error.payload()}))
        except Exception:   # a bug (a RuntimeError too): the client is told, it stays
            # logged without the error's words (keizai.web.logs): they may quote a hand
            log.exception("game %s: a WebSocket message failed", table.id)
            conn.send(json.dumps({"type": "error", **INTERNAL_ERROR.payload()}))


async def handle_message(message: dict[str, Any], table: Table, conn: Connection,
                         token: Any, limiter: RateLimiter, client: str) -> None:
    """One message of a WebSocket's seat (see `receive_loop`)."""
    limiter.take("act", client)
    kind = message.get("type")
    if kind == "ping":
        conn.send('{"type":"pong"}')
        return
    if kind == "log":   # a part of the log costs what a hello's does
        limiter.take("connect", client)
        await table.next_part(conn, client)
        return
    if conn.seat is None:
        raise forbidden("spectators cannot act")
    if kind == "act":
        await table.act(conn.seat, token, message.get("action"), message.get("step"),
                        by=client)
    elif kind == "act_whole":
        await table.act_whole(conn.seat, token, message.get("chosen"),
                              message.get("step"), by=client)
    elif kind == "undo":
        await limiter.spend_shared("undo", client)
        await table.take_back(conn.seat, token, message.get("step"), by=client)
    else:
        raise ApiError("invalid_request", "type must be act, act_whole, undo, log or ping")
