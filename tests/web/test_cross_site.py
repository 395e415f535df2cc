"""A page of another origin cannot use a visitor's browser against this server.

Found by the session-29 attack pass with Chromium: the session cookie is `SameSite=Lax`,
which a browser sends with the requests of any page of the same site (a sibling
subdomain, here another port of localhost), and a WebSocket's messages go to the page
that opened it whatever CORS says. So a page on another origin of the site that knew an
account's seat's link (the host who sent the invitation keeps it) opened the seat in the
account's browser, with the account's cookie, and read its hand; and a form on any page
claimed the lobby's open seats for its visitors. Both now get 403 (`keizai.web.sites`:
the browser's `Sec-Fetch-Site`; the WebSocket's `Origin`, tests/web/
test_cross_origin_sockets.py; the hello's CSRF token is checked below)."""

from __future__ import annotations

import contextlib
import dataclasses
import threading
import warnings
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.accounts import COOKIE
from keizai.web.app import Limits
from tests.postgres import free_port
from tests.web.browser import unavailable_reason
from tests.web.conftest import create, hello, next_state
from tests.web.live_server import LiveServer, http
from tests.web.social_helpers import PASSWORD, new_table, register, token_of

WAIT = 15_000
# Another origin's page: it opens the WebSocket its address's fragment names and, once
# closed, writes what it read into its title (each message's type or refusal's code), or
# submits a form to the address the fragment names.
HOSTILE_PAGE = b"""<!doctype html><title>waiting</title><body><script>
const asked = new URLSearchParams(location.hash.slice(1));
if (asked.get("ws")) {
  const read = [];
  const ws = new WebSocket(asked.get("ws"));
  ws.onopen = () => ws.send(JSON.stringify(
    {type: "hello", seat: Number(asked.get("seat")), token: asked.get("token")}));
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    read.push(m.type ?? m.error.code);
    ws.close();
  };
  ws.onclose = () => { document.title = read.join(" ") || "nothing"; };
} else {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = asked.get("post");
  document.body.append(form);
  form.submit();
}
</script>"""


@contextlib.contextmanager
def served_elsewhere(page: bytes) -> Iterator[str]:
    """`page` served from another origin of the tests' site (localhost, another port):
    its address."""
    class Hostile(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *_args: object) -> None:
            pass

    served = ThreadingHTTPServer(("127.0.0.1", free_port()), Hostile)
    threading.Thread(target=served.serve_forever, daemon=True).start()
    try:
        yield f"http://localhost:{served.server_address[1]}/"
    finally:
        served.shutdown()
        served.server_close()


@pytest.fixture(scope="module")
def hostile_origin() -> Iterator[str]:
    """The hostile page on another origin of the tests' site."""
    with served_elsewhere(HOSTILE_PAGE) as address:
        yield address


def on_localhost(server: LiveServer) -> str:
    """The server's address by the name the hostile page's site shares."""
    return server.url.replace("127.0.0.1", "localhost")


def hostile_socket(browser_context, origin: str, fragment: str) -> str:
    """What the hostile page read on the WebSocket it opened, once closed."""
    page = browser_context.new_page()
    page.goto(f"{origin}#{fragment}")
    page.wait_for_function("document.title !== 'waiting'", timeout=WAIT)
    return page.title()


browser_needed = pytest.mark.skipif(unavailable_reason() is not None,
                                    reason=unavailable_reason() or "")


@browser_needed
def test_a_page_of_another_origin_cannot_open_an_accounts_seat_with_its_cookie(
        browser, server, hostile_origin) -> None:
    own = on_localhost(server)
    context = browser.new_context()
    home = context.new_page()
    home.goto(own + "/")
    registered = home.request.post(f"{own}/api/account/register", data={
        "username": f"sat{free_port()}", "password": PASSWORD})
    assert registered.status == 201, registered.text()
    # a guest host invites the account, which sits down: its link alone opens it no more
    table = http().post(f"{server.url}/api/tables", json={
        "game": "national-economy/mecenat", "seats": ["human", "human"]}).json()
    link = token_of(table, 0)
    joined = home.request.post(f"{own}/api/games/{table['id']}/seats/0/join", data={
        "token": link}, headers={"x-csrf-token": registered.json()["csrf"]})
    assert joined.status == 200, joined.text()
    socket = f"ws://{own.removeprefix('http://')}/ws/games/{table['id']}"
    read = hostile_socket(context, hostile_origin, f"ws={socket}&seat=0&token={link}")
    # refused at the handshake, nothing read ("state" before 35584e9: the seat's view,
    # its hand; "seat_owned" until its Origin was checked, keizai.web.sites)
    assert read == "nothing", read
    # the account's own page opens its seat, by the same link
    home = context.new_page()
    home.goto(f"{own}/#/play/{table['id']}/0/{link}")
    home.wait_for_selector(".table [data-action]", timeout=WAIT)
    assert home.locator(".table").get_attribute("data-step") == "0"


@browser_needed
def test_a_form_on_another_origin_cannot_claim_an_open_seat(browser, server,
                                                             hostile_origin) -> None:
    game = http().post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "open"]}).json()
    page = browser.new_context().new_page()
    claim = f"{on_localhost(server)}/api/games/{game['id']}/seats/1/claim"
    with page.expect_response(claim, timeout=WAIT):
        page.goto(f"{hostile_origin}#post={claim}")
    summary = http().get(f"{server.url}/api/games/{game['id']}").json()
    assert summary["seats"][1]["claimed"] is False


@pytest.fixture
def secure_client(db_url: str) -> Iterator[TestClient]:
    """Over https: the session cookie is `Secure`."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off()),
                    base_url="https://testserver") as test_client:
        yield test_client


def first_message(client: TestClient, game_id: str, said: dict[str, Any]) -> str:
    """What a WebSocket whose hello is `said`, opened with the client's session cookie,
    gets first: its type or refusal's code. (The test client opens WebSockets as ws://,
    where a browser on https sends the `Secure` cookie.)"""
    cookie = {"cookie": f"{COOKIE}={client.cookies[COOKIE]}"}
    with client.websocket_connect(f"/ws/games/{game_id}", headers=cookie) as ws:
        ws.send_json({"type": "hello", **said})
        message = ws.receive_json()
    return message.get("type") or message["error"]["code"]


def test_an_accounts_seat_opens_with_the_sessions_csrf_token_in_the_hello(
        secure_client: TestClient) -> None:
    csrf = register(secure_client, "hello_csrf")
    table = new_table(secure_client, ["human", "human"], csrf)
    link = token_of(table, 0)
    assert secure_client.post(f"/api/games/{table['id']}/seats/0/join", json={
        "token": link}, headers={"x-csrf-token": csrf}).status_code == 200
    seat = {"seat": 0, "token": link}
    assert first_message(secure_client, table["id"], {**seat, "csrf": csrf}) == "state"
    for wrong in ({}, {"csrf": "not the session's"}, {"csrf": 5}):
        assert first_message(secure_client, table["id"], {**seat, **wrong}) == "seat_owned"


def test_a_seat_opened_with_the_cookie_alone_is_closed_when_its_account_sits_down(
        secure_client: TestClient) -> None:
    """Opened before the account sat down, with its cookie but not its CSRF token (a page
    of another origin of the site, by the link the host sent): closed when it sits down,
    as the host's own connection is, not kept as the account's."""
    csrf = register(secure_client, "early_csrf")
    table = new_table(secure_client, ["human", "human"], csrf)
    link = token_of(table, 1)
    cookie = {"cookie": f"{COOKIE}={secure_client.cookies[COOKIE]}"}
    with secure_client.websocket_connect(f"/ws/games/{table['id']}", headers=cookie
                                         ) as early:
        early.send_json(hello(1, link))
        assert early.receive_json()["type"] == "state"
        assert secure_client.post(f"/api/games/{table['id']}/seats/1/join", json={
            "token": link}, headers={"x-csrf-token": csrf}).status_code == 200
        assert next_state(early)["error"]["code"] == "seat_owned"


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_post_another_sites_page_sent_is_refused(client: TestClient, site: str) -> None:
    game = create(client, seats=["human", "open"])
    claim = f"/api/games/{game['id']}/seats/1/claim"
    refused = client.post(claim, headers={"sec-fetch-site": site})
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "cross_site"
    assert refused.headers["cache-control"] == "no-store"
    assert client.get(f"/api/games/{game['id']}").json()["seats"][1]["claimed"] is False
    # a read is not refused; its own page's POSTs, a typed address's and a program's
    # (no header) are not
    assert client.get(f"/api/games/{game['id']}", headers={
        "sec-fetch-site": site}).status_code == 200
    assert client.post(claim, headers={"sec-fetch-site": "same-origin"}).status_code == 200
    game = create(client, seats=["human", "open", "open"])
    for seat, own in ((1, {"sec-fetch-site": "none"}), (2, {})):
        assert client.post(f"/api/games/{game['id']}/seats/{seat}/claim",
                           headers=own).status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "http://testserver:8080",
                                    "https://testserver", "null"])
def test_a_post_another_origins_page_sent_without_sec_fetch_site_is_refused(
        client: TestClient, origin: str) -> None:
    """Plain http to an address other than localhost (`keizai serve --host 0.0.0.0
    --no-secure-cookies` on a LAN): the browser sends no `Sec-Fetch-Site`, only `Origin`
    (tests/web/test_cross_site_plain_http.py); `null` is a sandboxed frame's."""
    game = create(client, seats=["human", "open"])
    claim = f"/api/games/{game['id']}/seats/1/claim"
    refused = client.post(claim, headers={"origin": origin})
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "cross_site"
    assert client.get(f"/api/games/{game['id']}").json()["seats"][1]["claimed"] is False
    # its own page's (the test client's Host is testserver)
    assert client.post(claim, headers={"origin": "http://testserver"}).status_code == 200


def test_the_browsers_sec_fetch_site_is_believed_before_origin_and_host(
        client: TestClient) -> None:
    """Over https the browser says where a POST comes from itself: a proxy that sends its
    own `Host` (`keizai`, no `--origin`) does not make its own page's POSTs foreign."""
    game = create(client, seats=["human", "open", "open"])
    claim = f"/api/games/{game['id']}/seats/{{}}/claim"
    assert client.post(claim.format(1), headers={
        "sec-fetch-site": "same-origin", "origin": "https://club.example"}
                       ).status_code == 200
    assert client.post(claim.format(2), headers={
        "sec-fetch-site": "cross-site", "origin": "http://testserver"}).status_code == 403


def test_the_origins_keizai_serve_names_may_post(db_url: str) -> None:
    app = create_app(db_url, bot_workers=1, limits=Limits.off(),
                     origins=frozenset({"https://play.example"}))
    with TestClient(app) as named:
        game = create(named, seats=["human", "open", "open"])
        claim = f"/api/games/{game['id']}/seats/{{}}/claim"
        assert named.post(claim.format(1), headers={"origin": "https://Play.Example:443"}
                          ).status_code == 200
        assert named.post(claim.format(2), headers={"origin": "https://other.example"}
                          ).status_code == 403


def test_the_origins_keizai_serve_names_may_post_over_https_too(db_url: str) -> None:
    """Found by h182 (session 30): over https the browser's `Sec-Fetch-Site` decided
    alone, so the page of an origin `--origin` names (another site: `cross-site`) had its
    POSTs refused there while over plain http, judged by `Origin`, they passed."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off(),
                     origins=frozenset({"https://play.example"}))
    with TestClient(app, base_url="https://club.example") as named:
        game = create(named, seats=["human", "open", "open", "open"])
        claim = f"/api/games/{game['id']}/seats/{{}}/claim"
        for seat, site in ((1, "cross-site"), (2, "same-site")):
            assert named.post(claim.format(seat), headers={
                "sec-fetch-site": site, "origin": "https://Play.Example:443"}
                              ).status_code == 200, site
        for origin in ("https://other.example", "http://play.example", None):
            sent = {"sec-fetch-site": "cross-site"} | ({} if origin is None
                                                       else {"origin": origin})
            assert named.post(claim.format(3), headers=sent).status_code == 403, origin


def test_another_origins_forms_spend_none_of_the_visitors_budgets(db_url: str) -> None:
    """A form cannot send JSON, but `/api/tables` (and every POST that reads its body
    after counting it) spent the visitor's budget before refusing the form's body: a page
    elsewhere posting forms left the visitor unable to create a game."""
    limits = dataclasses.replace(Limits.off(), create=(2, 0.001))
    with TestClient(create_app(db_url, bot_workers=1, limits=limits)) as limited:
        forms = [limited.post("/api/tables", data={"game": "national-economy/mecenat"},
                              headers={"origin": "http://evil.example"}) for _ in range(3)]
        create(limited, seats=["human", "open"])   # 429 before: the forms spent it
        assert [form.status_code for form in forms] == [403] * 3
