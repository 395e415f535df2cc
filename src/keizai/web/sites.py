"""POSTs another site's page makes a browser send: refused before the app reads them.

A page on any site can make its visitor's browser send this server a form's POST, which
no CORS preflight stops, from the visitor's address: a form of a page elsewhere claimed
the lobby's open seats (`POST .../claim` takes no body) for each visitor, past every
limit one address has. The API's other POSTs take JSON only, which a form cannot send,
and a cross-origin `fetch` of JSON is asked about first and refused (the server allows
no CORS); the WebSocket, which no preflight guards, is checked in its hello (an
account's seat opens only with the session's CSRF token: `Social.socket_account`).

Browsers say where a request comes from in `Sec-Fetch-Site` (Fetch Metadata: Chromium,
Firefox, Safari 16.4+): `same-origin` from this server's own page, `none` from the
address bar or a bookmark, `same-site` or `cross-site` from a page elsewhere. It is the
browser's, untouched by a proxy, so unlike comparing `Origin` with `Host` it needs
nothing of the reverse proxy (the one docs/web.md shows sends `Host: keizai`). A program
that sends no such header (an API client, a bot) is let through: only a browser lends a
visitor's address and cookies to another page.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import orjson

# Methods that change something: a page elsewhere may still link to or embed a GET.
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
FOREIGN = frozenset({b"same-site", b"cross-site"})
REFUSAL = orjson.dumps({"error": {
    "code": "cross_site",
    "message": "requests from another site's page are refused (Sec-Fetch-Site)"}})


def from_another_site(scope: dict[str, Any]) -> bool:
    """Whether the browser that sent the request says another origin's page made it."""
    for name, value in scope.get("headers", ()):
        if name == b"sec-fetch-site":
            return value.strip().lower() in FOREIGN
    return False


class SameOriginOnly:
    """ASGI middleware: an HTTP request that changes something, made by a page of another
    origin, is refused (403 `cross_site`)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in CHANGING \
                or not from_another_site(scope):
            await self.app(scope, receive, send)
            return
        await send({"type": "http.response.start", "status": 403, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(REFUSAL)).encode())]})
        await send({"type": "http.response.body", "body": REFUSAL})
