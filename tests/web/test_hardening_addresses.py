"""Per-client limits against a client with many addresses. An IPv6 client holds at least a
/64 (2^64 addresses): keyed by the whole address, it would have a fresh creation burst,
two more games of bots alone, 64 more WebSockets and another share of the bot pool per
address it chose. A client is its /64 (an IPv4 address itself, also when it arrives
IPv4-mapped, 6to4 or Teredo), and the clients of one /48 share 16 clients' rate limits
and WebSockets. X-Forwarded-For counts only from the proxies that
`keizai serve --forwarded-allow-ips` names."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.tables import client_key
from tests.web.conftest import hello, next_state
from tests.web.test_hardening_bots import ThreadPool, create, from_address

ONE_NETWORK = [f"2001:db8:7:7::{n:x}" for n in range(1, 40)]   # one /64


@pytest.mark.parametrize(("address", "key"), [
    ("203.0.113.9", "203.0.113.9"),
    ("2001:db8:7:7::1", "2001:db8:7:7::/64"),
    ("2001:DB8:7:7:ffff:1:2:3", "2001:db8:7:7::/64"),   # any address of the /64, any case
    ("2001:db8:7:8::1", "2001:db8:7:8::/64"),           # the next /64 is another client
    ("::ffff:203.0.113.9", "203.0.113.9"),              # a dual-stack socket's IPv4 client
    ("2002:cb00:7109::1", "203.0.113.9"),               # 6to4: a /48 per IPv4 address
    ("2001:0:4136:e378:8000:63bf:34ff:8ef6", "203.0.113.9"),   # Teredo
    ("fe80::1%eth0", "fe80::/64"),
    ("testclient", "testclient"),                       # not an address: kept
])
def test_a_client_is_its_ipv4_address_or_its_ipv6_network(address: str, key: str) -> None:
    assert client_key(address) == key


@contextmanager
def addressed(db_url: str, limits: Limits, **options: Any
              ) -> Iterator[tuple[TestClient, Any]]:
    app = create_app(db_url, bot_workers=1, limits=limits, **options)
    with TestClient(from_address(app)) as client:
        yield client, app


def test_rate_limits_hold_for_every_address_of_one_ipv6_network(db_url) -> None:
    """Creating games: 3 at once per client. A fourth from another address of the same
    /64 is refused (before: all 39 addresses created 3 each); another /64 and an IPv4
    client keep their own."""
    limits = Limits(create=(3, 0.001), claim=None, act=None, replay=None, read=None,
                    view=None, connect=None, sockets=None)
    with addressed(db_url, limits) as (client, _app):
        answers = [create(client, address, ["human", "human"]).status_code
                   for address in ONE_NETWORK]
        assert answers[:3] == [201] * 3
        assert set(answers[3:]) == {429}, answers
        assert create(client, "2001:db8:7:8::1", ["human", "human"]).status_code == 201
        assert create(client, "::ffff:203.0.113.9", ["human", "human"]).status_code == 201
        for _ in range(2):   # the same client as ::ffff:203.0.113.9
            assert create(client, "203.0.113.9", ["human", "human"]).status_code == 201
        assert create(client, "203.0.113.9", ["human", "human"]).status_code == 429


def test_games_of_bots_alone_are_counted_per_ipv6_network(db_url) -> None:
    """Two games of bots alone per client: a third from another address of the /64 is
    `too_many_games`, and the games' bots use one share of the pool (one owner)."""
    held = ThreadPool(0.5)   # the bots think slowly: the games stay running
    try:
        with addressed(db_url, Limits.off(), pool=held, bot_games=8) as (client, app):
            for address in ONE_NETWORK[:2]:
                assert create(client, address, ["random", "random"]).status_code == 201
            refused = create(client, ONE_NETWORK[2], ["random", "random"])
            assert refused.status_code == 429, refused.text
            assert refused.json()["error"]["code"] == "too_many_games"
            assert create(client, "2001:db8:7:8::1", ["random", "random"]).status_code == 201
            owners = sorted(t.owner for t in app.state.tables.tables.values())
            assert owners == ["2001:db8:7:7::/64"] * 2 + ["2001:db8:7:8::/64"]
    finally:
        held.executor.shutdown(wait=False, cancel_futures=True)


def open_sockets(stack: ExitStack, client: Any, path: str, addresses: list[str]) -> None:
    """A WebSocket to `path` from each of `addresses`, each past its hello, kept open
    until `stack` closes."""
    for address in addresses:
        ws = stack.enter_context(client.websocket_connect(
            path, headers={"x-test-client": address}))
        ws.send_json(hello())
        next_state(ws)


def test_websockets_open_are_counted_per_ipv6_network(db_url) -> None:
    limits = Limits(create=None, claim=None, act=None, replay=None, read=None,
                    view=None, connect=None, sockets=2)
    with addressed(db_url, limits) as (client, _app):
        game = create(client, "2001:db8:9::1", ["human", "human"]).json()
        path = f"/ws/games/{game['id']}"
        with ExitStack() as stack:
            open_sockets(stack, client, path, ONE_NETWORK[:2])
            with client.websocket_connect(path, headers={"x-test-client": ONE_NETWORK[2]}
                                          ) as ws:
                assert ws.receive_json()["error"]["code"] == "too_many_connections"
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
            assert closed.value.code == 4429
            with client.websocket_connect(path, headers={"x-test-client": "2001:db8:7:8::1"}
                                          ) as ws:   # another /64
                ws.send_json(hello())
                assert next_state(ws)["type"] == "state"


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Any]:
    """`keizai serve` with its rate limits and its default `--forwarded-allow-ips`
    (127.0.0.1: a reverse proxy on the same host)."""
    from tests.web.live_server import LiveServer

    path = tmp_path_factory.mktemp("addresses")
    live = LiveServer(f"sqlite:///{path / 'served.sqlite3'}", path / "server.log",
                      extra=()).start()
    yield live
    live.stop()


def creations(served: Any, peer: str, forwarded: list[str]) -> list[int]:
    """The answers to creating one game per X-Forwarded-For value, sent from `peer` (a
    loopback address: 127.0.0.1 is the trusted proxy, any other a client)."""
    import httpx

    transport = httpx.HTTPTransport(local_address=peer)
    with httpx.Client(base_url=served.url, transport=transport) as http:
        return [http.post("/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human", "human"]},
            headers={"x-forwarded-for": value}).status_code for value in forwarded]


def test_a_client_that_is_not_the_proxy_cannot_choose_its_address(served) -> None:
    """From 127.0.0.2 (not a proxy named by --forwarded-allow-ips) X-Forwarded-For is
    ignored: eleven creations under eleven forwarded addresses meet one burst of 10."""
    answers = creations(served, "127.0.0.2", [f"198.51.100.{n}" for n in range(11)])
    assert answers == [201] * 10 + [429]


def test_behind_the_proxy_the_client_is_the_address_the_proxy_added(served) -> None:
    """A proxy that appends (nginx's $proxy_add_x_forwarded_for) passes on what the
    client sent first: the client is the last address not a trusted proxy, whatever the
    client wrote before it; and an IPv6 client's addresses are its /64."""
    answers = creations(served, "127.0.0.1",
                        [f"198.51.100.{n}, 203.0.113.7" for n in range(11)])
    assert answers == [201] * 10 + [429]
    assert creations(served, "127.0.0.1", ["203.0.113.8"]) == [201]
    answers = creations(served, "127.0.0.1", [f"2001:db8:5:5::{n + 1:x}" for n in range(11)])
    assert answers == [201] * 10 + [429]


WIDE = [f"2001:db8:7:{n:x}::1" for n in range(60)]   # sixty /64s of one /48


def test_the_clients_of_one_ipv6_48_share_sixteen_clients_limits(db_url) -> None:
    """A holder of a /48 (a tunnel broker gives one to anyone) is 65,536 /64 clients: the
    /48 as a whole has the limits of 16 clients. With 3 creations per client, 48 of
    sixty /64s' creations pass; another /48 and an IPv4 client keep their own."""
    limits = Limits(create=(3, 0.001), claim=None, act=None, replay=None, read=None,
                    view=None, connect=None, sockets=None)
    with addressed(db_url, limits) as (client, _app):
        answers = [create(client, address, ["human", "human"]).status_code
                   for address in WIDE]
        assert answers == [201] * 48 + [429] * 12
        assert create(client, "2001:db8:8::1", ["human", "human"]).status_code == 201
        assert create(client, "203.0.113.9", ["human", "human"]).status_code == 201


def test_the_websockets_of_one_ipv6_48_are_bounded(db_url) -> None:
    """One WebSocket per client: sixteen /64s of a /48 open one each, the seventeenth
    is refused (the bound it met: 16); one opens again once another has closed."""
    limits = Limits(create=None, claim=None, act=None, replay=None, read=None,
                    view=None, connect=None, sockets=1)
    with addressed(db_url, limits) as (client, _app):
        game = create(client, "203.0.113.9", ["human", "human"]).json()
        path = f"/ws/games/{game['id']}"
        with ExitStack() as stack:
            open_sockets(stack, client, path, WIDE[:16])
            with client.websocket_connect(path, headers={"x-test-client": WIDE[16]}) as ws:
                error = ws.receive_json()["error"]
                assert error["code"] == "too_many_connections"
                assert error["params"] == {"most": 16}
        with client.websocket_connect(path, headers={"x-test-client": WIDE[16]}) as ws:
            ws.send_json(hello())
            assert next_state(ws)["type"] == "state"


def test_clients_coming_by_the_thousand_do_not_refill_a_spent_budget(db_url, monkeypatch
                                                                      ) -> None:
    """The rate limiter keeps a bounded number of buckets. Past the bound it forgot every
    bucket at once, so a client with many addresses refilled the budget it had just spent
    from one of them (and everyone's) by sending one request from each of the others; now
    only the buckets drawn from longest ago go."""
    from keizai.web.app import RateLimiter

    monkeypatch.setattr(RateLimiter, "MAX_CLIENTS", 4)
    limits = Limits(create=(2, 0.001), claim=None, act=None, replay=None, read=None,
                    view=None, connect=None, sockets=None)
    with addressed(db_url, limits) as (client, _app):
        for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):   # earlier clients
            assert create(client, address, ["human", "human"]).status_code == 201
        for _ in range(2):
            assert create(client, "10.9.9.9", ["human", "human"]).status_code == 201
        assert create(client, "10.9.9.9", ["human", "human"]).status_code == 429
        for n in range(4, 12):   # more clients than the limiter keeps
            assert create(client, f"10.0.0.{n}", ["human", "human"]).status_code == 201
            assert create(client, "10.9.9.9", ["human", "human"]).status_code == 429
