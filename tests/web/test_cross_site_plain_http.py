"""A server on a LAN over plain http: another site's page claims none of its seats.

Found in session 30 with Chromium: a browser sends `Sec-Fetch-Site` only to a
potentially trustworthy origin (https, localhost, 127.0.0.1), so to `keizai serve --host
0.0.0.0 --no-secure-cookies` reached at the machine's LAN address (docs/web.md) a form on
any page its visitor opened POSTed `/…/claim` with only `Origin` to say where it came
from, and took the lobby's open seat (200, the seat's token). Now a changing request
without `Sec-Fetch-Site` is judged by its `Origin` (`keizai.web.sites`), and the site's
own pages, whose POSTs carry their own `Origin`, work there as before; behind a proxy the
origin is the browser's `Host` and the scheme the trusted proxy forwards."""

from __future__ import annotations

import random
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.browser import unavailable_reason
from tests.web.live_server import LiveServer, http
from tests.web.test_cross_site import HOSTILE_PAGE, served_elsewhere
from tests.web.test_e2e import WAIT, click_a_legal_action, create_game, new_page, step_of


def lan_address() -> str | None:
    """This machine's IPv4 address on its network (no packet sent), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))   # TEST-NET-1: only the route is looked up
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") else address


ADDRESS = lan_address()
pytestmark = pytest.mark.skipif(ADDRESS is None, reason="no non-loopback IPv4 address")
browser_needed = pytest.mark.skipif(unavailable_reason() is not None,
                                    reason=unavailable_reason() or "")


@pytest.fixture(scope="module")
def lan(tmp_path_factory) -> Iterator[LiveServer]:
    """`keizai serve` as docs/web.md's LAN set-up runs it, reached at the LAN address
    (its default `--forwarded-allow-ips`, 127.0.0.1, the proxy, whose public name it
    answers to)."""
    path = tmp_path_factory.mktemp("lan")
    live = LiveServer(f"sqlite:///{path / 'lan.sqlite3'}", path / "server.log", extra=(
        "--host", "0.0.0.0", "--no-secure-cookies", "--no-rate-limits", "--chosen-seeds",
        "--allowed-host", "club.example"))
    live.url = f"http://{ADDRESS}:{live.port}"
    yield live.start()
    live.stop()


@pytest.fixture(scope="module")
def hostile_origin() -> Iterator[str]:
    """The hostile form on another site (localhost, another port)."""
    with served_elsewhere(HOSTILE_PAGE) as address:
        yield address


def open_game(server: LiveServer) -> dict[str, Any]:
    return http().post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "open"]}).json()


def claimed(server: LiveServer, game: dict[str, Any]) -> bool:
    return http().get(f"{server.url}/api/games/{game['id']}").json()["seats"][1]["claimed"]


@browser_needed
def test_a_form_on_another_sites_page_cannot_claim_a_lan_servers_open_seat(
        browser, lan, hostile_origin) -> None:
    game = open_game(lan)
    page = browser.new_context().new_page()
    claim = f"{lan.url}/api/games/{game['id']}/seats/1/claim"
    with page.expect_response(claim, timeout=WAIT) as answered:
        page.goto(f"{hostile_origin}#post={claim}")
    sent = answered.value.request.all_headers()
    # the browser says where it came from by its Origin alone here
    assert "sec-fetch-site" not in sent and sent["origin"] == hostile_origin.rstrip("/")
    assert answered.value.status == 403   # 200 before, with the seat's token
    assert not claimed(lan, game)


@browser_needed
def test_the_sites_own_pages_work_over_plain_http_on_the_lan(browser, lan) -> None:
    """Register, create a table from the lobby, sit, chat and move, log out and in, and
    a guest claims an open seat from the lobby: every POST the pages sent passed."""
    posts: list[tuple[str, int, dict[str, str]]] = []

    def record(response: Any) -> None:
        if response.request.method == "POST":
            posts.append((response.url, response.status, response.request.all_headers()))

    page = new_page(browser)
    page.on("response", record)
    page.goto(lan.url + "/#/account")
    name = f"lan{lan.port}"
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "long enough secret")
    page.click("#register")
    page.wait_for_selector("#logout", timeout=WAIT)
    create_game(page, lan, "national-economy/mecenat", ["human", "bot"])
    page.click("[data-play-seat='0']")
    page.wait_for_selector(f".seats-panel li:first-child:has-text('{name}')", timeout=WAIT)
    page.fill("#chat-input", "hello over http")
    page.click("#chat-send")
    page.wait_for_selector("#chat li:has-text('hello over http')", timeout=WAIT)
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    step = step_of(page)
    click_a_legal_action(page, random.Random(30))
    assert step_of(page) > step
    page.click("#account-link")
    page.click("#logout")
    page.wait_for_selector("#account-form", timeout=WAIT)
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "long enough secret")
    page.click("#login")
    page.wait_for_selector("#logout", timeout=WAIT)

    game = open_game(lan)
    guest = new_page(browser)
    guest.on("response", record)
    guest.goto(lan.url + "/")
    guest.click(f".game-row[data-game-id='{game['id']}'] button.join")
    guest.wait_for_selector(".table[data-step]", timeout=WAIT)
    assert claimed(lan, game)
    assert not page.errors and not guest.errors
    paths = [url.removeprefix(lan.url) for url, _, _ in posts]
    assert {"/api/account/register", "/api/tables", "/api/account/logout",
            "/api/account/login", f"/api/games/{game['id']}/seats/1/claim"} <= set(paths)
    for url, status, sent in posts:
        assert status < 400, (url, status)
        assert "sec-fetch-site" not in sent and sent["origin"] == lan.url, (url, sent)


def test_behind_the_proxy_a_post_is_its_own_by_the_browsers_host_and_forwarded_scheme(
        lan) -> None:
    """docs/web.md's nginx forwards the browser's `Host` and `X-Forwarded-Proto` from
    127.0.0.1; over https the browser sends `Sec-Fetch-Site` too, but not every browser
    does (Safari before 16.4), so `Origin` is checked there as well."""
    def claim(origin: str, peer: str = "127.0.0.1") -> int:
        game = open_game(lan)
        with httpx.Client(transport=httpx.HTTPTransport(local_address=peer)) as client:
            return client.post(
                f"http://127.0.0.1:{lan.port}/api/games/{game['id']}/seats/1/claim",
                headers={"Host": "club.example", "X-Forwarded-Proto": "https",
                         "Origin": origin}).status_code

    assert claim("https://club.example") == 200
    assert claim("https://evil.example") == 403
    assert claim("http://club.example") == 403
    # X-Forwarded-Proto from a peer that is not the proxy is not believed
    assert claim("https://club.example", peer="127.0.0.2") == 403
