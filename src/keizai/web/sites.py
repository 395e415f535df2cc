"""Requests another site's page makes a browser send: refused before the app counts them.

A page on any site can make its visitor's browser send this server a form's POST, which
no CORS preflight stops, from the visitor's address: a form of a page elsewhere claimed
the lobby's open seats (`POST .../claim` takes no body) for each visitor, past every
limit one address has, and spent the visitor's budgets of the POSTs that count a request
before refusing a form's body (creating a table, chat, logging out). The API's other
POSTs take JSON only, which a form cannot send, and a cross-origin `fetch` of JSON is
asked about first and refused (the server allows no CORS); the WebSocket, which no
preflight guards, is checked in its hello (an account's seat opens only with the
session's CSRF token: `Social.socket_account`).

Browsers say where a request comes from in `Sec-Fetch-Site` (Fetch Metadata: Chromium,
Firefox, Safari 16.4+): `same-origin` from this server's own page, `none` from the
address bar or a bookmark, `same-site` or `cross-site` from a page elsewhere. It is the
browser's, untouched by a proxy, so unlike comparing `Origin` with `Host` it needs
nothing of the reverse proxy (the one docs/web.md shows sends `Host: keizai`), and where
a request carries it, it decides. But browsers send it only to a potentially
trustworthy origin (https, localhost, 127.0.0.1): a server on a LAN over plain http
(`http://192.168.1.5:8000`, `keizai serve --host 0.0.0.0 --no-secure-cookies`) gets
none, and there the form's claim landed (session 30, Chromium). Every browser sends
`Origin` with a POST, its own page's too, so a changing request without
`Sec-Fetch-Site` is judged by its `Origin` as a WebSocket's handshake is (below; `null`,
a sandboxed frame's, is foreign). A program that sends neither header (an API client, a
bot) is let through: only a browser lends a visitor's address and cookies to another
page.

A WebSocket's handshake carries no `Sec-Fetch-Site` in Chromium, and no preflight guards
it: a page elsewhere opened 64 from its visitor's browser, every WebSocket that address
may hold, and the visitor's own table page could not connect while it stayed open. So a
handshake whose `Origin` (which every browser sends with it) is not this server's own
is refused before the app counts it: 403 `cross_origin`. The server's own origin is the
scheme and `Host` of the request (the scheme as uvicorn reads it, `X-Forwarded-Proto`
from a trusted proxy: the proxy must forward the browser's `Host`, docs/web.md), or one
that `keizai serve --origin` names. A handshake without `Origin` (a program) is let
through. (A `Host` that is none of the server's names is refused before, by
`keizai.web.hosts`: a page that reached the server under its own name, DNS rebinding.)

A page elsewhere can also make its visitor's browser GET the API, as an image, a script,
a frame or a `fetch` it cannot read: each such read counted against the visitor's
budgets (the lobby's, the reads', a `/view`'s, a game's load), and a page that kept
asking left the visitor's own lobby and table answered 429 for as long as it stayed
open (session 30, Chromium: 80 images of `/api/games` from another site's page). So a
GET or HEAD under `/api/` that the browser says another site's page made, other than a
top-level navigation (`Sec-Fetch-Dest: document`, a link followed), is refused before
the app counts it, unless its `Origin` is one `--origin` names; and so is any read of
the API fetched ahead of a navigation (`Sec-Purpose: prefetch`): a page's speculation
rules prefetched 160 in 6 s, each saying `Sec-Fetch-Site: none` as the address bar
does (Chromium, a visitor without cookies of this server). Over plain http to a
LAN address the browser says nothing of it (no `Sec-Fetch-*`, and an image carries no
`Origin`), and such reads are counted there as before.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import orjson

# Methods that change something: a page elsewhere may still link to or embed a GET.
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Reads of the API another site's page may make only by a link its visitor follows.
READING = frozenset({"GET", "HEAD"})
API = "/api/"
FOREIGN = frozenset({"same-site", "cross-site"})
REFUSAL = orjson.dumps({"error": {
    "code": "cross_site",
    "message": "requests from another site's page are refused "
               "(Sec-Fetch-Site, Origin)"}})
SOCKET_REFUSAL = orjson.dumps({"error": {
    "code": "cross_origin",
    "message": "WebSockets from another origin's page are refused (Origin)"}})
DEFAULT_PORTS = {"http": "80", "https": "443"}
WEB_SCHEMES = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def normal_origin(origin: str) -> str | None:
    """`scheme://host[:port]` in lower case, a scheme's default port and a final `/`
    left out; None for anything else (a path, another scheme, "null")."""
    scheme, separator, rest = origin.strip().lower().partition("://")
    rest = rest.removesuffix("/")
    if not separator or scheme not in DEFAULT_PORTS or not rest or "/" in rest \
            or "@" in rest or any(c.isspace() for c in rest):
        return None
    host, colon, port = rest.rpartition(":")
    if colon and "]" not in port:   # an IPv6 address's colons are inside its brackets
        if not port.isdigit() or not host:
            return None
        rest = host if port == DEFAULT_PORTS[scheme] else f"{host}:{int(port)}"
    return f"{scheme}://{rest}"


def header(scope: dict[str, Any], wanted: bytes) -> str | None:
    """The request's first `wanted` header (a lower-case name), as text."""
    for name, value in scope.get("headers", ()):
        if name == wanted:
            return str(value.decode("latin-1"))
    return None


def own_origin(scope: dict[str, Any]) -> str | None:
    """The origin a page of this server has, by the request's scheme and `Host`."""
    host = header(scope, b"host")
    scheme = WEB_SCHEMES.get(scope.get("scheme", ""))
    return None if host is None or scheme is None else normal_origin(f"{scheme}://{host}")


def from_another_origin(scope: dict[str, Any], origins: frozenset[str]) -> bool:
    """Whether a browser sent this request (a WebSocket's handshake, a POST) from a page
    of neither this server's own origin nor one of `origins`."""
    origin = header(scope, b"origin")
    if origin is None:
        return False
    origin = normal_origin(origin)
    return origin is None or (origin != own_origin(scope) and origin not in origins)


def from_another_site(scope: dict[str, Any], origins: frozenset[str]) -> bool:
    """Whether the browser that sent the request says another origin's page made it: by
    its `Sec-Fetch-Site`, else (plain http to an address other than localhost) by its
    `Origin`; a page of one of `origins` is this server's either way (until session 30
    its POSTs were refused over https, by `Sec-Fetch-Site`, and passed over http)."""
    site = header(scope, b"sec-fetch-site")
    if site is None:
        return from_another_origin(scope, origins)
    if site.strip().lower() not in FOREIGN:
        return False
    origin = header(scope, b"origin")
    return origin is None or normal_origin(origin) not in origins


def read_for_another_site(scope: dict[str, Any], origins: frozenset[str]) -> bool:
    """Whether this is a read of the API that the browser says another site's page made
    as part of itself (an image, a script, a frame, a `fetch`), not a link its visitor
    followed to it, nor a page of one of `origins`; or one it fetches ahead of a
    navigation (`Sec-Purpose: prefetch`), which no page of this server asks for."""
    if scope["method"] not in READING or not scope.get("path", "").startswith(API):
        return False
    if "prefetch" in (header(scope, b"sec-purpose") or "").lower():
        return True   # speculation rules: any page's say `Sec-Fetch-Site: none`
    site, dest = header(scope, b"sec-fetch-site"), header(scope, b"sec-fetch-dest")
    if site is None or site.strip().lower() not in FOREIGN \
            or dest is None or dest.strip().lower() == "document":
        return False
    origin = header(scope, b"origin")
    return origin is None or normal_origin(origin) not in origins


class SameOriginOnly:
    """ASGI middleware: an HTTP request that changes something, made by a page of another
    origin, is refused (403 `cross_site`), and so is a read of the API another site's
    page makes part of itself, and a WebSocket another origin's page opens (403
    `cross_origin`; `origins`: more origins of this server, normalised)."""

    def __init__(self, app: Callable[..., Awaitable[None]],
                 origins: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.origins = origins

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            if from_another_origin(scope, self.origins):
                await refuse(scope, send, 403, SOCKET_REFUSAL)
            else:
                await self.app(scope, receive, send)
            return
        if scope["type"] != "http" or not (
                (scope["method"] in CHANGING and from_another_site(scope, self.origins))
                or read_for_another_site(scope, self.origins)):
            await self.app(scope, receive, send)
            return
        await refuse(scope, send, 403, REFUSAL)


async def refuse(scope: dict[str, Any], send: Any, status: int, body: bytes) -> None:
    """An HTTP request, or a WebSocket's handshake, answered `status` with `body` (JSON)
    and never given to the app. A handshake gets the body where the server can send one
    (uvicorn's `websocket.http.response`), else it is closed bare, never accepted."""
    prefix = "http.response"
    if scope["type"] == "websocket":
        if "websocket.http.response" not in (scope.get("extensions") or {}):
            await send({"type": "websocket.close", "code": 1008})
            return
        prefix = "websocket.http.response"
    await send({"type": f"{prefix}.start", "status": status, "headers": [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode())]})
    await send({"type": f"{prefix}.body", "body": body})
