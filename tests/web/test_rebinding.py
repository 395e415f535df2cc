"""DNS rebinding: a page that reached the server under a name of its own reads and plays
nothing there.

Found by h182 in session 30 reading `keizai.web.sites`: the server's own origin was the
request's `Host`, whatever it named. A site whose name resolves first to its own server,
then to 127.0.0.1 (or the LAN address of a `--host 0.0.0.0` server, on the same port),
is then same-origin with `keizai serve` in its visitor's browser: its script read the
lobby, claimed an open seat and read its token, and opened WebSockets, as a guest from
the visitor's address; the browser sends `Host: attacker.example`, nothing else tells
it apart. Now a request whose `Host` is none of the server's names is refused, 421
`unknown_host` (`keizai.web.hosts`)."""

from __future__ import annotations

import socket
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketDenialResponse

from keizai.cli import app as cli
from keizai.i18n import tr
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.hosts import ServerNames, host_of, machine_names, server_names
from tests.postgres import free_port
from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, unavailable_reason
from tests.web.live_server import LiveServer, http
from tests.web.test_cross_origin_sockets import handshake

REBOUND = "attacker.example"


@pytest.fixture(scope="module")
def local(tmp_path_factory) -> Iterator[LiveServer]:
    """The README's `keizai serve`: 127.0.0.1, its default `--forwarded-allow-ips`."""
    path = tmp_path_factory.mktemp("rebinding")
    live = LiveServer(f"sqlite:///{path / 'local.sqlite3'}", path / "server.log").start()
    yield live
    live.stop()


def open_game(server: LiveServer) -> dict[str, Any]:
    return http().post(f"{server.url}/api/games", json={
        "game": "national-economy/mecenat", "seats": ["human", "open"]}).json()


def test_a_page_rebound_to_the_loopback_reads_no_lobby_claims_no_seat_opens_no_socket(
        local) -> None:
    """What the rebinding page's script sends (the browser's headers for a same-origin
    request under its own name): 200 with the lobby and the seat's token before."""
    game = open_game(local)
    rebound = f"{REBOUND}:{local.port}"
    same_origin = {"Host": rebound, "Origin": f"http://{rebound}",
                   "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "192.0.2.9"}
    lobby = http().get(f"{local.url}/api/games", headers=same_origin)
    assert lobby.status_code == 421, lobby.text
    assert lobby.json()["error"]["code"] == "unknown_host"
    assert "--allowed-host" in lobby.json()["error"]["message"]
    claim = http().post(f"{local.url}/api/games/{game['id']}/seats/1/claim",
                        headers=same_origin)
    assert claim.status_code == 421 and "token" not in claim.text
    seats = http().get(f"{local.url}/api/games/{game['id']}").json()["seats"]
    assert not seats[1]["claimed"]
    assert handshake(local, {"Host": rebound, "Origin": f"http://{rebound}"}) == "421"
    assert handshake(local, {"Host": rebound}) == "421"   # no Origin either


def test_the_loopback_servers_own_names_answer(local) -> None:
    port = local.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost.:{port}",
                 f"127.0.0.2:{port}", f"[::1]:{port}", "localhost"):
        assert http().get(f"{local.url}/api/games", headers={"Host": host}
                          ).status_code == 200, host
    assert handshake(local, {"Host": f"localhost:{port}",
                             "Origin": f"http://localhost:{port}"}) == "101"


def listing(db_url: str, names: ServerNames | None, host: str) -> int:
    """The status of the lobby asked of an app with `names` under `host`."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off(),
                               names=names), base_url=f"http://{host}") as client:
        return client.get("/api/games").status_code


def test_a_server_on_every_address_answers_to_addresses_and_the_machines_names(
        db_url: str) -> None:
    names = server_names("0.0.0.0", ["club.example"])
    own = sorted(machine_names())
    assert socket.gethostname().lower() in own
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off(),
                               names=names)) as client:
        def status(host: str) -> int:
            return client.get("/api/games", headers={"Host": host}).status_code

        for host in ("192.168.1.5:8080", "10.0.0.2", "[fe80::1]:8080", "localhost:8080",
                     "club.example", "Club.Example.:443", *own):
            assert status(host) == 200, host
        for host in (REBOUND, f"{REBOUND}:8080", "club.example.attacker.example",
                     "192.168.1.5.nip.io", "", "a b", "host/path", "[::1", "x:port"):
            assert status(host) == 421, host
        with pytest.raises(WebSocketDenialResponse) as refused, \
                client.websocket_connect("/ws/games/any", headers={"Host": REBOUND}):
            pass
        assert refused.value.status_code == 421


def test_names_given_pass_and_a_loopback_server_takes_no_machine_name(db_url: str) -> None:
    hostname = socket.gethostname().lower()
    if hostname != "localhost":
        assert not server_names("127.0.0.1").allows(hostname)
        assert not server_names("::1").allows(f"{hostname}.local")
    assert server_names("127.0.0.1", ["keizai"]).allows("keizai:8001")
    assert server_names("0.0.0.0").allows(f"{hostname}.local:8000")
    assert server_names("lan-box.example").allows("lan-box.example:8000")
    assert server_names("127.0.0.1", ["*"]).allows(REBOUND)
    assert listing(db_url, server_names("127.0.0.1"), "localhost:8000") == 200
    assert listing(db_url, server_names("127.0.0.1"), REBOUND) == 421
    assert listing(db_url, None, REBOUND) == 200   # an app made without names checks none


def test_host_of_reads_a_host_header() -> None:
    assert host_of("Example.COM.:8080") == "example.com"
    assert host_of("[::1]:80") == "::1" and host_of("[0:0::1]") == "::1"
    for malformed in ("", ":80", "a:", "[::1]x", "[zz]", "a..b", "a/b", "a b", "a:-1"):
        assert host_of(malformed) is None, malformed


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_an_allowed_host_that_is_no_host_name_is_refused_at_the_start(
        lang: str, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for typed in ("https://club.example", "club.example:443", "club example", ""):
        result = CliRunner().invoke(cli, ["serve", "--port", str(free_port()),
                                          "--allowed-host", typed, "--lang", lang])
        assert result.exit_code == 2, result.output
        said = tr("cli.serve.err_allowed_host", lang, value=repr(typed))
        assert said in " ".join(result.output.split()), result.output


def test_keizai_serve_answers_to_its_host_and_the_names_it_is_given(
        tmp_path, monkeypatch) -> None:
    """The app `keizai serve --host 0.0.0.0` runs knows the machine's names, those of
    `--origin` and `--allowed-host`, and no other."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    served: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: served.update(app=web_app))
    result = CliRunner().invoke(cli, [
        "serve", "--host", "0.0.0.0", "--port", str(free_port()), "--no-secure-cookies",
        "--origin", "https://play.example:8443", "--allowed-host", "Club.Example"])
    assert result.exit_code == 0, result.output
    with TestClient(served["app"]) as client:
        def status(host: str) -> int:
            return client.get("/api/games", headers={"Host": host}).status_code

        for host in ("club.example", "play.example:8443", socket.gethostname(),
                     "192.168.1.5:8000"):
            assert status(host) == 200, host
        assert status(REBOUND) == 421


# The rebinding page's script, on attacker.example's own server before its name moved:
# it opens the name again in a window (a top-level load: Chromium's local network
# checks refuse a frame or a `fetch` of the loopback from a public page, not that), the
# window loads from 127.0.0.1, and the page, of the same origin, asks through it.
THROUGH_THE_WINDOW = """async (id) => {
  const fetch = (...sent) => window.rebound.fetch(...sent);
  const lobby = await fetch('/api/games');
  const claim = await fetch(`/api/games/${id}/seats/1/claim`, {method: 'POST'});
  return [window.rebound.document.title, lobby.status, claim.status, await claim.text()];
}"""


@pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or "")
def test_chromium_under_a_name_rebound_to_the_loopback_reads_and_claims_nothing(
        browser, local) -> None:
    """The rebinding's end state in Chromium: attacker.example resolves to 127.0.0.1
    (`--host-resolver-rules`). Before: the window showed keizai's page, the lobby and the
    claim answered 200, the claim with the seat's token."""
    game = open_game(local)
    rebound = f"http://{REBOUND}:{local.port}"
    chromium = browser.browser_type.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1"])
    try:
        page = chromium.new_page()
        page.route(f"{rebound}/rebinding", lambda route: route.fulfill(
            content_type="text/html", body="<!doctype html><title>elsewhere</title>"))
        page.goto(f"{rebound}/rebinding")
        with page.context.expect_page() as opened:
            page.evaluate("window.rebound = window.open('/', 'rebound')")
        opened.value.wait_for_load_state()
        title, lobby, claim, said = page.evaluate(THROUGH_THE_WINDOW, game["id"])
    finally:
        chromium.close()
    assert (title, lobby, claim) == ("", 421, 421), said
    assert "token" not in said
    seats = http().get(f"{local.url}/api/games/{game['id']}").json()["seats"]
    assert not seats[1]["claimed"]
