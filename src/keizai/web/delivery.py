"""How the page travels: the page, its static files and the message catalogues are
gzip-compressed for a browser that takes it (a third of the bytes on a first load).

Only these public files, which hold no secret: an API answer or a WebSocket message
carries tokens, hands and CSRF values next to text a stranger chooses (a name, a chat
line), and compressing the two together lets an attacker who sees the sizes guess the
secret a byte at a time (BREACH). Those are never compressed here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.middleware.gzip import GZipMiddleware

PUBLIC = ("/static/", "/i18n/")   # and the page itself, "/"


def public(path: str) -> bool:
    """Whether `path` is the page, one of its static files or a catalogue."""
    return path == "/" or path.startswith(PUBLIC)


class PageDelivery:
    """ASGI middleware: public files above 500 bytes gzip-compressed when the browser
    takes it (with `Vary: Accept-Encoding`); everything else passes untouched."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=500, compresslevel=6)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and public(scope["path"]):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
