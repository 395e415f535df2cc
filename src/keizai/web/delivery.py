"""How the page travels: the page, its static files and the message catalogues are
gzip-compressed for a browser that takes it (a third of the bytes on a first load), and
the static files are named by the version of the whole set, so that a browser keeps
them for good yet never runs an old module against a new server.

Only these public files, which hold no secret: an API answer or a WebSocket message
carries tokens, hands and CSRF values next to text a stranger chooses (a name, a chat
line), and compressing the two together lets an attacker who sees the sizes guess the
secret a byte at a time (BREACH). Those are never compressed here.

Caching. Without a `Cache-Control` header a browser guesses how long a file stays fresh
(a tenth of its age at the last fetch) and uses it meanwhile without asking: after the
server is upgraded, a returning player's browser ran the previous version's page and
modules against the new server's API. The page now names every static file under a
version segment, `/static/v-<hash of the static files and catalogues>/...`, the
catalogues too (`/static/v-.../i18n/<lang>.json`, beside i18n.js, which fetches them):
such a file never changes, so it is kept for a year without asking (`immutable`), and an
upgrade changes every name. The page itself, and files asked for under no version or an
older one, are asked for again at each use (`no-cache`).

Compressing costs: the Japanese catalogue (143 KB) took about 9 ms of the event loop's CPU
at each request (a lobby's listing costs 11 and is held to one a second), and nothing
bounds these requests: until session 31 one client asking for it in a loop had a core
(106 a second), the others' requests twice as slow. The files never change while the
server runs, so each is compressed once and its answer kept (`PageDelivery.compressed`);
an address that names a file otherwise (`/static/x/../table.js`), and a conditional or
partial request, is answered uncompressed, never compressed anew.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from starlette.middleware.gzip import GZipMiddleware

PUBLIC = ("/static/", "/i18n/")   # and the page itself, "/"
KEPT = (b"cache-control", b"public, max-age=31536000, immutable")
REVALIDATED = (b"cache-control", b"no-cache")
VERSIONED = re.compile(r"/static/(v-[0-9a-f]{12})(/.*)")
CATALOGUE = re.compile(r"/i18n/[A-Za-z-]+\.json")   # under /static/, with or without a version


def public(path: str) -> bool:
    """Whether `path` is the page, one of its static files or a catalogue."""
    return path == "/" or path.startswith(PUBLIC)


def version_of(static: Path, catalogues: Path) -> str:
    """The version segment of the static files and the catalogues (`*.json`): a hash of
    every file's path and bytes, so any change to any of them changes it."""
    digest = hashlib.sha256()
    files = [*((p.relative_to(static).as_posix(), p) for p in static.rglob("*") if p.is_file()),
             *((f"i18n/{p.name}", p) for p in catalogues.glob("*.json"))]
    for name, file in sorted(files):
        digest.update(name.encode() + b"\0" + file.read_bytes() + b"\0")
    return "v-" + digest.hexdigest()[:12]


class Page:
    """The page (index.html) as served: each `/static/` and `/i18n/` address in it under
    the version of the files (`/static/<version>/...`, `/static/<version>/i18n/...`);
    `files`: the addresses of the page and its files as the app serves them."""

    def __init__(self, static: Path, catalogues: Path) -> None:
        self.version = version_of(static, catalogues)
        self.files = frozenset({
            "/", *(f"/static/{p.relative_to(static).as_posix()}"
                   for p in static.rglob("*") if p.is_file()),
            *(f"/i18n/{p.name}" for p in catalogues.glob("*.json"))})
        template = (static / "index.html").read_text(encoding="utf-8")
        self.body = template.replace('="/static/', f'="/static/{self.version}/').replace(
            '="/i18n/', f'="/static/{self.version}/i18n/').encode()
        self.etag = f'"{self.version}"'


class PageDelivery:
    """ASGI middleware: public files above 500 bytes gzip-compressed when the browser
    takes it (with `Vary: Accept-Encoding`), each with its caching rule (above); a
    versioned static address is served from the unversioned file. Everything else
    passes untouched."""

    def __init__(self, app: Callable[..., Awaitable[None]], version: str,
                 files: frozenset[str] = frozenset()) -> None:
        """`files`: the addresses whose answers are compressed (`Page.files`)."""
        self.app = app
        self.version = version
        self.files = files
        self.gzip = GZipMiddleware(app, minimum_size=500, compresslevel=6)
        # (address, its caching rule): the answer's headers and compressed body
        self.compressed: dict[tuple[str, bytes], tuple[list[Any], bytes]] = {}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not public(scope["path"]):
            await self.app(scope, receive, send)
            return
        rule = REVALIDATED
        path = scope["path"]
        versioned = VERSIONED.fullmatch(path)
        if versioned is not None:
            version, rest = versioned.groups()
            # an older version's address (a page loaded before an upgrade) gets today's
            # file, asked for again: never kept under a name that meant other bytes
            rule = KEPT if version == self.version else REVALIDATED
            path = "/static" + rest
        if path.startswith("/static/") and CATALOGUE.fullmatch(path[len("/static"):]):
            path = path[len("/static"):]   # the catalogues' own route
        if path != scope["path"]:
            scope = {**scope, "path": path, "raw_path": path.encode()}

        async def send_with_rule(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 304):
                message["headers"] = [*message.get("headers", []), rule]
            await send(message)

        if not self.compressible(scope, path):
            await self.app(scope, receive, send_with_rule)
            return
        key = (path, rule[1])
        kept = self.compressed.get(key)
        if kept is not None:
            headers, body = kept
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        start: MutableMapping[str, Any] = {}
        parts: list[bytes] = []

        async def keep(message: MutableMapping[str, Any]) -> None:
            await send_with_rule(message)
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))
                if not message.get("more_body", False) and start.get("status") == 200:
                    body = b"".join(parts)
                    headers = [(name, value) for name, value in start["headers"]
                               if name.lower() != b"content-length"]
                    self.compressed[key] = (
                        [*headers, (b"content-length", str(len(body)).encode())], body)

        await self.gzip(scope, receive, keep)

    def compressible(self, scope: dict[str, Any], path: str) -> bool:
        """Whether the answer to this request is compressed (once, then kept): a GET of
        one of `files` by its own address, neither conditional nor partial, from a
        browser that takes gzip."""
        if scope["method"] != "GET" or path not in self.files:
            return False
        headers = {name.lower(): value for name, value in scope.get("headers", [])}
        return b"gzip" in headers.get(b"accept-encoding", b"") and not any(
            name in headers for name in (b"range", b"if-range", b"if-none-match",
                                         b"if-modified-since"))
