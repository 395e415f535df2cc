"""The names this server answers to: a request for any other `Host` is refused (DNS
rebinding).

A page's origin is the name its visitor's browser asked for, not the address it
reached. A site whose name first resolves to its own server, then to 127.0.0.1 or a LAN
address (DNS rebinding: attacker.example's records are its owner's to change), is
same-origin with whatever listens there on the same port: its script read the lobby,
claimed the open seats and read their tokens, and played them, as a guest from the
visitor's address (`keizai serve` on 127.0.0.1, session 30, found by reading
`keizai.web.sites`, which takes the server's own origin from the request's `Host`). The
browser says nothing else of it: the request is same-origin (`Sec-Fetch-Site`,
`Origin`), and the page may add any header a proxy would (`X-Forwarded-For`). What tells
it apart is the name: the browser sends `Host: attacker.example`.

So a request (a WebSocket's handshake too) whose `Host` is none of the server's names is
refused before anything reads it: 421 `unknown_host`. The names are `localhost` and
every IP literal (a rebinding page's origin is a name: an address is never resolved
again), and, where the server listens beyond the loopback (`--host 0.0.0.0`, a LAN
address), the machine's own names too (its hostname, its FQDN, `<hostname>.local`) and
the `--host` it was given; plus the hosts of `--origin` and `--allowed-host` (a reverse
proxy's public name: docs/web.md's nginx forwards `Host: club.example`). A request from
the proxy is checked as any other: the proxy `--forwarded-allow-ips` names by default,
127.0.0.1, is also where every browser on the machine connects from, the rebinding
page's among them, and it can send every header a proxy sends.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import orjson

from keizai.web.sites import header, refuse

# A name (letters, digits, hyphens, underscores as some LAN names have; dots), lower case.
NAME = re.compile(r"[a-z0-9_-]+(?:\.[a-z0-9_-]+)*")
EVERY_NAME = "*"   # `--allowed-host '*'`: any Host (behind a proxy that checks it itself)
SHOWN = 80   # characters of a refused Host said back


def host_of(value: str) -> str | None:
    """The host a `Host` header names (`name[:port]`, `[IPv6][:port]`), lower case and
    without one final dot, or None for anything else (an empty one, a path, spaces)."""
    value = value.strip().lower()
    if value.startswith("["):
        address, bracket, port = value[1:].partition("]")
        if not bracket or (port and not (port[0] == ":" and port[1:].isdigit())):
            return None
        with contextlib.suppress(ValueError):
            return str(ipaddress.IPv6Address(address))
        return None
    host, colon, port = value.partition(":")
    if colon and not port.isdigit():
        return None
    host = host.removesuffix(".")
    return host if NAME.fullmatch(host) else None


def address_literal(host: str) -> bool:
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host)
        return True
    return False


def loopback(host: str) -> bool:
    """Whether a server listening on `host` (`--host`) is reached from this machine only."""
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host).is_loopback
    return host.lower() == "localhost"


def machine_names() -> set[str]:
    """This machine's own names as another computer may reach it: its hostname, its
    FQDN and the name multicast DNS gives it (`<hostname>.local`)."""
    hostname = socket.gethostname().lower()
    names = {hostname, f"{hostname}.local"}
    with contextlib.suppress(OSError):
        names.add(socket.getfqdn().lower())
    return {name.removesuffix(".") for name in names if name}


@dataclass(frozen=True)
class ServerNames:
    """The hosts a request may name (`names`, lower case, besides IP literals and
    `localhost`); `every`: any host passes (`--allowed-host '*'`)."""

    names: frozenset[str] = frozenset()
    every: bool = False

    def allows(self, value: str | None) -> bool:
        """Whether a request whose `Host` header is `value` is for this server."""
        if self.every:
            return True
        host = None if value is None else host_of(value)
        return host is not None and (host == "localhost" or address_literal(host)
                                     or host in self.names)


def server_names(bound: str, named: Iterable[str] = ()) -> ServerNames:
    """The names of a server listening on `bound` (`--host`), with the hosts `named`
    (`--allowed-host`, and those of `--origin`): the machine's own names where it listens
    beyond the loopback."""
    names = {name.lower().removesuffix(".") for name in named}
    if not loopback(bound):
        names |= machine_names()
        if not address_literal(bound):
            names.add(bound.lower().removesuffix("."))
    return ServerNames(frozenset(names - {EVERY_NAME}), every=EVERY_NAME in names)


def refusal(host: str | None) -> bytes:
    shown = "" if host is None else host.encode("ascii", "replace").decode()[:SHOWN]
    return orjson.dumps({"error": {
        "code": "unknown_host",
        "message": f"this server does not answer to the host {shown!r} (a page that "
                   "reached it under another name); name it with keizai serve "
                   "--allowed-host NAME"}})


class OwnNamesOnly:
    """ASGI middleware: an HTTP request or a WebSocket's handshake whose `Host` is not one
    of `names` is refused, 421 `unknown_host`."""

    def __init__(self, app: Callable[..., Awaitable[None]], names: ServerNames) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        host = header(scope, b"host")
        if scope["type"] not in ("http", "websocket") or self.names.allows(host):
            await self.app(scope, receive, send)
            return
        await refuse(scope, send, 421, refusal(host))
