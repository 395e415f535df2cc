"""Optional accounts: argon2-hashed passwords, cookie sessions with expiry, CSRF checks.

A session is a random secret in an HTTP-only, `Secure`, `SameSite=Lax` cookie; the
database keeps only its SHA-256, so a leaked table opens no session. Every POST that a
cookie authenticates must carry the session's CSRF token in `X-CSRF-Token` (the page gets
it from `GET /api/account`), and logging in or registering takes only a JSON body: a
cross-site form can send neither, so another site cannot act in a player's name, nor
log a visitor into its own account.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response

from keizai.store.social import Account, Session, SocialStore, now
from keizai.web.errors import ApiError

COOKIE = "keizai_session"
CSRF_HEADER = "x-csrf-token"
USERNAME = re.compile(r"^[\w.\-]{3,24}$")
MIN_PASSWORD, MAX_PASSWORD = 8, 256
LOGIN_FAILURES, LOGIN_WINDOW = 10, 600.0   # failed logins per name per 10 minutes


@dataclass
class AccountConfig:
    session_lifetime: timedelta = timedelta(days=30)
    secure_cookies: bool = True   # off only for plain-HTTP test setups on another host
    hash_workers: int = 1         # threads that hash and verify passwords
    hash_queue: int = 16          # hashings that may wait for them; more are refused (503)


class Hashing:
    """argon2 hashing and verifying (about 0.4 s of CPU each) in a small pool of threads
    of their own, with a bounded queue: a burst of logins waits there, or is refused
    with 503 `busy`, and never holds the threads that games' reads and writes use."""

    def __init__(self, workers: int, queue: int) -> None:
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="keizai-argon2")
        self.limit = workers + queue
        self.running = 0   # submitted and not finished (changed on the event loop only)

    async def run(self, work: Callable[..., Any], *args: Any) -> Any:
        if self.running >= self.limit:
            raise ApiError("busy", "too many logins at once; try again in a few seconds",
                           503, {"retry-after": "2"})
        self.running += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self.executor, functools.partial(work, *args))
        finally:
            self.running -= 1

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def session_id(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def clean_username(raw: Any) -> str:
    if not isinstance(raw, str):
        raise ApiError("invalid_request", "username must be a string")
    name = unicodedata.normalize("NFKC", raw.strip())
    if not USERNAME.match(name):
        raise ApiError.refused("invalid_username", "web.err.username")
    return name


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
    failures: dict[str, deque[float]] = field(default_factory=dict)
    # hashed once so that an unknown name costs as much as a wrong password
    dummy_hash: str = ""
    hashing: Hashing = field(init=False)

    def __post_init__(self) -> None:
        self.dummy_hash = self.hasher.hash(secrets.token_hex(16))
        self.hashing = Hashing(self.config.hash_workers, self.config.hash_queue)

    def close(self) -> None:
        self.hashing.close()

    # ----- sessions from requests ------------------------------------------------------
    def session(self, request: Request) -> Session | None:
        """The request's live session (None for guests and expired sessions)."""
        secret = request.cookies.get(COOKIE)
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
    async def register(self, body: dict[str, Any], response: Response) -> dict[str, Any]:
        username = clean_username(body.get("username"))
        password = check_password(body.get("password"))
        password_hash = await self.hashing.run(self.hasher.hash, password)
        account_id = await asyncio.to_thread(self.store.create_account, username,
                                             username.casefold(), password_hash)
        if account_id is None:
            raise ApiError("username_taken", f"the name {username!r} is taken", 409)
        return await self._open_session(Account(account_id, username, password_hash),
                                        response)

    async def login(self, body: dict[str, Any], response: Response) -> dict[str, Any]:
        username = body.get("username")
        password = body.get("password")
        if not isinstance(username, str) or not isinstance(password, str) \
                or len(username) > 64 or len(password) > MAX_PASSWORD:
            raise ApiError("invalid_request", "username and password are strings")
        key = unicodedata.normalize("NFKC", username.strip()).casefold()
        self._check_failures(key)
        account = await asyncio.to_thread(self.store.account_by_key, key)
        if account is None or not await self.hashing.run(self._verify, account.password_hash,
                                                         password):
            if account is None:
                await self.hashing.run(self._verify, self.dummy_hash, password)
            if len(self.failures) > 4096:   # forget names with no recent failure
                cutoff = time.monotonic() - LOGIN_WINDOW
                self.failures = {k: v for k, v in self.failures.items() if v[-1] > cutoff}
            self.failures.setdefault(key, deque()).append(time.monotonic())
            raise ApiError("bad_credentials", "wrong username or password", 401)
        self.failures.pop(key, None)
        if self.hasher.check_needs_rehash(account.password_hash):
            new_hash = await self.hashing.run(self.hasher.hash, password)
            await asyncio.to_thread(self.store.set_password_hash, account.id, new_hash)
        return await self._open_session(account, response)

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def _check_failures(self, key: str) -> None:
        recent = self.failures.get(key)
        if recent is None:
            return
        while recent and recent[0] < time.monotonic() - LOGIN_WINDOW:
            recent.popleft()
        if len(recent) >= LOGIN_FAILURES:
            raise ApiError.refused("rate_limited", "web.err.logins", 429)

    async def _open_session(self, account: Account, response: Response) -> dict[str, Any]:
        secret = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24)
        lifetime = self.config.session_lifetime
        await asyncio.to_thread(self.store.create_session, session_id(secret), account.id,
                                csrf, now() + lifetime)
        response.set_cookie(COOKIE, secret, max_age=int(lifetime.total_seconds()),
                            httponly=True, secure=self.config.secure_cookies,
                            samesite="lax", path="/")
        return {"username": account.username, "csrf": csrf}

    async def logout(self, request: Request, response: Response) -> None:
        self.require_session(request)
        await asyncio.to_thread(self.store.delete_session,
                                session_id(request.cookies[COOKIE]))
        response.delete_cookie(COOKIE, path="/", httponly=True,
                               secure=self.config.secure_cookies, samesite="lax")
