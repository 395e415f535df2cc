"""Optional accounts: argon2-hashed passwords, cookie sessions with expiry, CSRF checks.

A session is a random secret in an HTTP-only, `Secure`, `SameSite=Lax` cookie whose name
has the `__Host-` prefix (`COOKIE`); the database keeps only its SHA-256, so a leaked
table opens no session. Every POST that a
cookie authenticates must carry the session's CSRF token in `X-CSRF-Token` (the page gets
it from `GET /api/account`), and logging in or registering takes only a JSON body: a
cross-site form can send neither, so another site cannot act in a player's name, nor
log a visitor into its own account.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response
from starlette.requests import HTTPConnection

from keizai.store.invisible import visible
from keizai.store.lookalikes import letters, skeleton
from keizai.store.social import Account, Counter, Session, SocialStore, now
from keizai.web import clusters
from keizai.web.errors import ApiError, rate_limited
from keizai.web.tables import client_of
from keizai.web.turns import Turns

# The session cookie. With secure cookies its name has the `__Host-` prefix: a browser
# keeps it only if it came over https with `Secure`, `Path=/` and no `Domain`, so neither
# a page of the host over plain http (a man in the middle) nor a sibling subdomain can
# set or overwrite it (and plant its own session). Without secure cookies (plain http on
# a LAN) a browser would refuse a prefixed name: the plain one is used there.
COOKIE = "__Host-keizai_session"
PLAIN_COOKIE = "keizai_session"
# A browser that has logged in to an account holds this cookie (one account's, the last
# it logged in to): its failed logins to that account are not counted with strangers'.
# Its path is /api/account, so its prefix is `__Secure-` (kept only if `Secure`).
DEVICE_COOKIE = "__Secure-keizai_device"
PLAIN_DEVICE_COOKIE = "keizai_device"
DEVICE_LIFETIME = 365 * 24 * 3600
CSRF_HEADER = "x-csrf-token"
USERNAME = re.compile(r"^[\w.\-]{3,24}$")
MIN_PASSWORD, MAX_PASSWORD = 8, 256
# Failed logins to one name: from one client (or one device cookie) at most
# CLIENT_FAILURES per CLIENT_WINDOW seconds, and from all clients without that name's
# device cookie together at most NAME_FAILURES per NAME_WINDOW. Counted in the store, so
# every server process on one database shares the counts (`SocialStore.count_login`).
CLIENT_FAILURES, CLIENT_WINDOW = 10, 600.0
NAME_FAILURES, NAME_WINDOW = 50, 3600.0


def _dummy_hash(hasher: PasswordHasher) -> str:
    """A hash of a random password, verified against when a login names no account so that
    it takes as long as one that does. Made once per process and hashing parameters (an
    argon2 hash takes 0.1-1 s; every app made in a process would pay it again)."""
    return _dummy_hash_for(hasher.type, hasher.salt_len, hasher.hash_len, hasher.time_cost,
                           hasher.memory_cost, hasher.parallelism)


@functools.cache
def _dummy_hash_for(kind: Any, salt_len: int, hash_len: int, time_cost: int,
                    memory_cost: int, parallelism: int) -> str:
    return PasswordHasher(time_cost=time_cost, memory_cost=memory_cost,
                          parallelism=parallelism, hash_len=hash_len, salt_len=salt_len,
                          type=kind).hash(secrets.token_hex(16))

@dataclass
class AccountConfig:
    session_lifetime: timedelta = timedelta(days=30)
    secure_cookies: bool = True   # off only for plain-HTTP test setups on another host
    hash_workers: int = 1         # threads that hash and verify passwords
    hash_queue: int = 16          # hashings that may wait for them; more are refused (503)
    hash_each: int = 2            # of those, one client's (logins with a device cookie
                                  # wait apart, and go first)


class Hashing(Turns):
    """argon2 hashing and verifying (about 0.4 s of CPU each) in a small pool of threads
    of their own, never the threads that games' reads and writes use, taken in turns
    (`keizai.web.turns`): logins from a browser with the account's device cookie
    (someone who has logged in to it there before) wait in a queue of their own, served
    first; everything else by client, at most `each` of one client waiting and `queue`
    in all. Past those bounds a request is refused at once with 503 `busy`. So
    strangers' attempts, however many, delay a returning player's login by the few
    hashings already running, and a new client's by one hashing per client waiting (at
    most `queue`), not by everything one client queued."""

    def __init__(self, workers: int, queue: int, each: int = 2) -> None:
        super().__init__(ThreadPoolExecutor(workers, thread_name_prefix="keizai-argon2"),
                         workers, queue, each, busy, first_most=queue)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def busy() -> ApiError:
    return ApiError("busy", "too many logins at once; try again in a few seconds", 503,
                    {"retry-after": "2"})


async def free() -> None:
    """No budget to spend (`Accounts.register`, `login`)."""


def taken(username: str) -> ApiError:
    return ApiError("username_taken", f"the name {username!r} is taken", 409)


def session_id(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def clean_username(raw: Any) -> str:
    if not isinstance(raw, str):
        raise ApiError("invalid_request", "username must be a string")
    name = unicodedata.normalize("NFKC", raw.strip())
    # \w takes the Hangul fillers (letters a browser draws as a blank): "alice\u1160"
    # would read as "alice" beside that player's name on the leaderboard; and Hangul
    # jamo, 24 of which are one character 350 px wide (`keizai.web.clusters`)
    if not USERNAME.match(name) or visible(name) != name or clusters.bounded(name) != name:
        raise ApiError.refused("invalid_username", "web.err.username")
    return name


def findable(text: str) -> bool:
    """Whether stored text can equal `text`: PostgreSQL's text holds no NUL, and psycopg
    refuses to send one (a lookup of such a name was a database failure, 503
    `storage_error`). Nothing stored holds one, so a lookup of such text finds nothing
    and is not asked of the database."""
    return "\x00" not in text


def check_password(raw: Any) -> str:
    if not isinstance(raw, str) or not MIN_PASSWORD <= len(raw) <= MAX_PASSWORD:
        raise ApiError.refused("invalid_password", "web.err.password", least=MIN_PASSWORD,
                               most=MAX_PASSWORD)
    return raw


def require_json(request: Request) -> None:
    """A cross-site HTML form cannot send application/json without a CORS preflight."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError("bad_content_type", "the body must be application/json", 415)


@dataclass
class Accounts:
    store: SocialStore
    config: AccountConfig = field(default_factory=AccountConfig)
    hasher: PasswordHasher = field(default_factory=PasswordHasher)
    # hashed once so that an unknown name costs as much as a wrong password
    dummy_hash: str = ""
    hashing: Hashing = field(init=False)
    cookie: str = field(init=False)          # the session cookie's name
    device_cookie: str = field(init=False)   # the device cookie's name
    # The key of the failed-login counters' names in the store (from the deployment's
    # client secret, `keizai.web.creators`); None: unkeyed, as every process names them.
    counter_key: bytes | None = None
    # Told the sessions a login's new session ended (expired ones, the account's oldest
    # past MAX_SESSIONS), on the event loop: their seats' connections here close at once
    # (`keizai.web.social.Social.sessions_ended`; other processes hear the store's notice).
    sessions_ended: Callable[[set[str]], None] = lambda _ended: None

    def __post_init__(self) -> None:
        self.dummy_hash = _dummy_hash(self.hasher)
        self.hashing = Hashing(self.config.hash_workers, self.config.hash_queue)
        secure = self.config.secure_cookies
        self.cookie = COOKIE if secure else PLAIN_COOKIE
        self.device_cookie = DEVICE_COOKIE if secure else PLAIN_DEVICE_COOKIE

    def close(self) -> None:
        self.hashing.close()

    # ----- sessions from requests ------------------------------------------------------
    def session(self, request: HTTPConnection) -> Session | None:
        """The request's (or WebSocket's) live session (None for guests and expired
        sessions)."""
        secret = request.cookies.get(self.cookie)
        if not secret or len(secret) > 128:
            return None
        return self.store.session(session_id(secret))

    def csrf_session(self, request: Request) -> Session | None:
        """The session of a cookie-authenticated POST, its CSRF token checked.

        Guests (no cookie) get None; a cookie without the matching token is refused.
        """
        session = self.session(request)
        if session is None:
            return None
        given = request.headers.get(CSRF_HEADER, "")
        if not secrets.compare_digest(given.encode(), session.csrf.encode()):
            raise ApiError("csrf", "missing or wrong X-CSRF-Token header", 403)
        return session

    def require_session(self, request: Request) -> Session:
        session = self.csrf_session(request)
        if session is None:
            raise ApiError("not_logged_in", "log in first", 401)
        return session

    # ----- register, log in, log out ---------------------------------------------------
    async def register(self, body: dict[str, Any], request: Request, response: Response,
                       spend: Callable[[], Awaitable[None]] = free) -> dict[str, Any]:
        """A new account. `spend` takes one from the client's budget of password
        hashings (raising when it is spent), after the cheap checks: a name taken or
        drawn as another's is refused before it, so such names cost neither the budget
        nor a hashing. Two registrations of one free name at once both hash; the
        store's unique indexes let one through (`SocialStore.create_account`)."""
        username = clean_username(body.get("username"))
        password = check_password(body.get("password"))
        key, forms = username.casefold(), (letters(username), skeleton(username))
        await self._refuse_taken(username, key, forms)
        await spend()
        password_hash = await self.hashing.run(self.hasher.hash, password,
                                               client=client_of(request))
        account_id = await asyncio.to_thread(self.store.create_account, username, key,
                                             *forms, password_hash)
        if account_id is None:   # taken while the password was hashed
            await self._refuse_taken(username, key, forms)
            raise taken(username)
        return await self._open_session(Account(account_id, username, password_hash),
                                        request, response)

    async def _refuse_taken(self, username: str, key: str, forms: tuple[str, str]) -> None:
        """Refuse `username` when an account has its key or is drawn as it
        (`SocialStore.username_like`)."""
        other = await asyncio.to_thread(self.store.username_like, key, *forms)
        if other is None:
            return
        if other.casefold() != key:   # drawn alike
            raise ApiError.refused("username_taken", "web.err.username_alike", 409,
                                   name=username, other=other)
        raise taken(username)

    async def login(self, body: dict[str, Any], request: Request, response: Response,
                    spend: Callable[[], Awaitable[None]] = free) -> dict[str, Any]:
        """Log in. A browser with the account's device cookie is only held to its own
        failures; any other client to its own failures with the name and to the name's
        failures from all such clients together (`_counters`), then to `spend` (its
        budget of password hashings), all before any hashing. An unknown name costs a
        hashing as a known one does."""
        username = body.get("username")
        password = body.get("password")
        if not isinstance(username, str) or not isinstance(password, str) \
                or len(username) > 64 or len(password) > MAX_PASSWORD:
            raise ApiError("invalid_request", "username and password are strings")
        key = unicodedata.normalize("NFKC", username.strip()).casefold()
        client = client_of(request)
        account = await asyncio.to_thread(self.store.account_by_key, key) \
            if findable(key) else None
        device = self._device(request, account)
        counters = self._counters(key, client, device)
        keys = [counter for counter, _most, _window in counters]
        at = time.time()
        if not await asyncio.to_thread(self.store.count_login, counters, at):
            wait = await asyncio.to_thread(self.store.login_wait, counters, at)
            raise rate_limited(wait, "web.err.logins")
        try:   # counted as a failure unless the password is right
            if device is None:
                await spend()
            if account is None:
                await self.hashing.run(self._verify, self.dummy_hash, password,
                                       client=client)
                right = False
            else:
                right = await self.hashing.run(self._verify, account.password_hash,
                                               password, client=client,
                                               first=device is not None)
        except Exception:   # refused before the password was checked: not a failure
            await asyncio.to_thread(self.store.uncount_login, keys, at)
            raise
        if account is None or not right:
            raise ApiError("bad_credentials", "wrong username or password", 401)
        await asyncio.to_thread(self.store.clear_logins, keys)
        if self.hasher.check_needs_rehash(account.password_hash):
            new_hash = await self.hashing.run(self.hasher.hash, password, client=client,
                                              first=True)
            await asyncio.to_thread(self.store.set_password_hash, account.id, new_hash)
            account = Account(account.id, account.username, new_hash)
        return await self._open_session(account, request, response, login=True)

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def _counters(self, key: str, client: str, device: str | None) -> list[Counter]:
        """The failure counters a login to `key` counts under, with their bounds; each
        stored by its HMAC under `counter_key` (the store keeps no names nor addresses;
        without a key, its SHA-256, from which an IPv4 client's address is found by
        trying every address while the counter lasts)."""
        if device is not None:
            counted = [(f"device\0{key}\0{device}", CLIENT_FAILURES, CLIENT_WINDOW)]
        else:
            counted = [(f"client\0{key}\0{client}", CLIENT_FAILURES, CLIENT_WINDOW),
                       (f"name\0{key}", NAME_FAILURES, NAME_WINDOW)]
        return [(self._counter_name(counter), most, window)
                for counter, most, window in counted]

    def _counter_name(self, counter: str) -> str:
        if self.counter_key is None:
            return hashlib.sha256(counter.encode()).hexdigest()
        return hmac.new(self.counter_key, counter.encode(), hashlib.sha256).hexdigest()

    # ----- device cookies --------------------------------------------------------------
    @staticmethod
    def _device_mac(account: Account, nonce: str) -> str:
        """Keyed by the account's password hash: secret, the same in every process, and
        a new password ends every device cookie of the old one."""
        return hmac.new(account.password_hash.encode(), f"device:{account.id}:{nonce}"
                        .encode(), hashlib.sha256).hexdigest()[:32]

    def _device(self, request: Request, account: Account | None) -> str | None:
        """The nonce of the request's device cookie when it is `account`'s, else None."""
        raw = request.cookies.get(self.device_cookie)
        if account is None or not raw or len(raw) > 128:
            return None
        owner, _, rest = raw.partition(".")
        nonce, _, mac = rest.partition(".")
        if owner != str(account.id) or not nonce or not secrets.compare_digest(
                mac.encode(), self._device_mac(account, nonce).encode()):
            return None
        return nonce

    def _set_device(self, account: Account, response: Response) -> None:
        nonce = secrets.token_urlsafe(12)
        response.set_cookie(self.device_cookie,
                            f"{account.id}.{nonce}.{self._device_mac(account, nonce)}",
                            max_age=DEVICE_LIFETIME, httponly=True,
                            secure=self.config.secure_cookies, samesite="strict",
                            path="/api/account")

    async def _open_session(self, account: Account, request: Request,
                            response: Response, login: bool = False) -> dict[str, Any]:
        """A new session in the response's cookie; the session the request's cookie held
        (another login in this browser) ends: a copy of that cookie opens nothing.
        `login`: a login's, noted as the account's last (an account never logged into
        after its registration may go: `SocialStore.delete_unused_accounts`)."""
        replaced = request.cookies.get(self.cookie)
        if replaced and len(replaced) <= 128:
            await asyncio.to_thread(self.store.delete_session, session_id(replaced))
        secret = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24)
        lifetime = self.config.session_lifetime
        self.sessions_ended(await asyncio.to_thread(
            self.store.create_session, session_id(secret), account.id, csrf,
            now() + lifetime, login))
        response.set_cookie(self.cookie, secret, max_age=int(lifetime.total_seconds()),
                            httponly=True, secure=self.config.secure_cookies,
                            samesite="lax", path="/")
        self._set_device(account, response)
        return {"username": account.username, "csrf": csrf}

    async def logout(self, request: Request, response: Response) -> None:
        # a worker thread's: anyone may send a cookie of any value, looked up before
        # the CSRF token is checked (on the event loop every request waited for it)
        await asyncio.to_thread(self.require_session, request)
        await asyncio.to_thread(self.store.delete_session,
                                session_id(request.cookies[self.cookie]))
        response.delete_cookie(self.cookie, path="/", httponly=True,
                               secure=self.config.secure_cookies, samesite="lax")
