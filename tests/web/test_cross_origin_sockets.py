"""A page of another origin opens no WebSocket to this server from its visitor's browser.

Found after the session-29 attack pass (h161 closed reading an account's seat and posting
forms from another origin): Chromium sends no `Sec-Fetch-Site` with a WebSocket's
handshake, so a page anywhere (a link posted in the game's chat) opened the 64 WebSockets
its visitor's address may hold, and the visitor's own table page could not connect while
it stayed open. Now a handshake whose `Origin` is not the server's own (the request's
scheme and `Host`, or one `keizai serve --origin` names) is refused with 403 before it
counts against any limit (`keizai.web.sites`); a program sending no `Origin` is let
through."""

from __future__ import annotations

import socket
import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketDenialResponse

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.sites import normal_origin
from tests.web.browser import unavailable_reason
from tests.web.conftest import create, hello
from tests.web.live_server import LiveServer, http
from tests.web.social_helpers import token_of
from tests.web.test_cross_site import served_elsewhere

WAIT = 15_000
SOCKETS = 64   # Limits.sockets: what one address may hold open
# Another origin's page: it opens SOCKETS WebSockets to the address its fragment names,
# each a spectator's (its hello), opening again one the server refused after opening it
# (a rate limit) until it holds SOCKETS or each was refused at its handshake; then its
# title says how many it holds and how many were never opened.
HOSTILE_PAGE = b"""<!doctype html><title>waiting</title><body><script>
const target = new URLSearchParams(location.hash.slice(1)).get("ws");
let held = 0, blocked = 0;
const said = () => {
  if (held + blocked === %d) document.title = `held ${held} blocked ${blocked}`;
};
function open() {
  const ws = new WebSocket(target);
  let opened = false, holding = false;
  ws.onopen = () => { opened = true; ws.send(JSON.stringify({type: "hello"})); };
  ws.onmessage = (e) => {
    if (!holding && JSON.parse(e.data).type === "state") { holding = true; held += 1; said(); }
  };
  ws.onclose = () => {
    if (!opened) { blocked += 1; said(); } else if (!holding) setTimeout(open, 250);
  };
}
for (let i = 0; i < %d; i++) open();
</script>""" % (SOCKETS, SOCKETS)


@pytest.fixture(scope="module")
def hostile_origin() -> Iterator[str]:
    """The hostile page on another origin (localhost, another port)."""
    with served_elsewhere(HOSTILE_PAGE) as address:
        yield address


@pytest.fixture(scope="module")
def limited(tmp_path_factory) -> Iterator[LiveServer]:
    """`keizai serve` with its rate limits (the sockets one address may hold), its
    default `--forwarded-allow-ips` (127.0.0.1, the proxy), one more origin and the
    names the proxies below send in `Host` (keizai.web.hosts)."""
    path = tmp_path_factory.mktemp("origins")
    live = LiveServer(f"sqlite:///{path / 'origins.sqlite3'}", path / "server.log",
                      extra=("--chosen-seeds", "--origin", "https://Play.Example:443",
                             "--allowed-host", "club.example", "--allowed-host", "keizai")
                      ).start()
    yield live
    live.stop()


browser_needed = pytest.mark.skipif(unavailable_reason() is not None,
                                    reason=unavailable_reason() or "")


@browser_needed
def test_another_origins_page_cannot_take_the_visitors_websockets(
        browser, limited, hostile_origin) -> None:
    table = http().post(f"{limited.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    link = token_of(table, 0)
    context = browser.new_context()
    hostile = context.new_page()
    target = f"ws://127.0.0.1:{limited.port}/ws/games/{table['id']}"
    hostile.goto(f"{hostile_origin}#ws={target}")
    # before: it held every one of them (after the opening burst, two more a second)
    hostile.wait_for_function("document.title !== 'waiting'", timeout=40_000)
    assert hostile.title() == f"held 0 blocked {SOCKETS}"
    # the visitor's own page connects, at 127.0.0.1 and at localhost, while it stays open
    for own in (limited.url, limited.url.replace("127.0.0.1", "localhost")):
        home = context.new_page()
        home.goto(f"{own}/#/play/{table['id']}/0/{link}")
        home.wait_for_selector(".table [data-action]", timeout=WAIT)
        assert home.locator(".table").get_attribute("data-step") == "0"


def handshake(server: LiveServer, headers: dict[str, str], peer: str = "127.0.0.1") -> str:
    """The status line answering a WebSocket handshake with `headers` sent from `peer`
    (127.0.0.1: the proxy `--forwarded-allow-ips` names)."""
    lines = ["GET /ws/games/any HTTP/1.1", "Upgrade: websocket",
             "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
             "Sec-WebSocket-Version: 13", *(f"{k}: {v}" for k, v in headers.items())]
    with socket.create_connection(("127.0.0.1", server.port), source_address=(peer, 0),
                                  timeout=10) as connection:
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = connection.recv(4096).decode("latin-1")
    status, _, rest = answer.partition("\r\n")
    return status.split(" ", 2)[1] + (" cross_origin" if "cross_origin" in rest else "")


def test_the_servers_own_origin_is_its_scheme_and_host_behind_the_proxy_too(limited) -> None:
    own = f"127.0.0.1:{limited.port}"
    assert handshake(limited, {"Host": own, "Origin": f"http://{own}"}) == "101"
    assert handshake(limited, {"Host": own}) == "101"   # a program: no Origin
    for foreign in (f"http://localhost:{limited.port}", f"https://{own}",
                    "http://127.0.0.1:1", "null"):
        assert handshake(limited, {"Host": own, "Origin": foreign}) == "403 cross_origin"
    # docs/web.md's nginx: the browser's Host and X-Forwarded-Proto, from the proxy
    proxied = {"Host": "club.example", "X-Forwarded-Proto": "https"}
    assert handshake(limited, {**proxied, "Origin": "https://club.example"}) == "101"
    assert handshake(limited, {**proxied, "Origin": "https://evil.example"}
                     ) == "403 cross_origin"
    assert handshake(limited, {**proxied, "Origin": "http://club.example"}
                     ) == "403 cross_origin"
    # a proxy that sends its own Host (`keizai`): only the origin --origin names
    assert handshake(limited, {"Host": "keizai", "X-Forwarded-Proto": "https",
                               "Origin": "https://club.example"}) == "403 cross_origin"
    assert handshake(limited, {"Host": "keizai", "Origin": "https://play.example"}) == "101"
    # X-Forwarded-Proto from a peer that is not the proxy is not believed
    assert handshake(limited, {**proxied, "Origin": "https://club.example"},
                     peer="127.0.0.2") == "403 cross_origin"


def test_a_refused_handshake_says_why_and_is_not_counted(db_url) -> None:
    limits = Limits(connect=(2, 0.001), sockets=1)
    with TestClient(create_app(db_url, bot_workers=1, limits=limits)) as client:
        game = create(client, seats=["human", "human"])
        path = f"/ws/games/{game['id']}"
        for _ in range(5):
            with pytest.raises(WebSocketDenialResponse) as denied, \
                    client.websocket_connect(path, headers={"origin": "http://evil.example"}):
                pass
            assert denied.value.status_code == 403
            assert denied.value.json()["error"]["code"] == "cross_origin"
        # its own page (the test client's Host is testserver) opens one still
        with client.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
            ws.send_json(hello(0, token_of(game, 0)))
            assert ws.receive_json()["type"] == "state"


@pytest.mark.parametrize(("typed", "normal"), [
    ("https://Club.Example", "https://club.example"),
    ("https://club.example:443", "https://club.example"),
    ("http://club.example:8080", "http://club.example:8080"),
    ("http://[::1]:8000", "http://[::1]:8000"),
    ("http://[::1]", "http://[::1]"),
    ("https://club.example/", "https://club.example"), ("https://club.example/x", None),
    ("club.example", None), ("ftp://club.example", None), ("https://", None),
    ("null", None), ("http://club.example:port", None), ("http://user@club.example", None),
])
def test_origins_are_compared_in_one_form(typed: str, normal: str | None) -> None:
    assert normal_origin(typed) == normal
