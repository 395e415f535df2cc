"""An in-process app on a temporary SQLite file, driven by Starlette's TestClient."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from anyio.from_thread import BlockingPortal
from fastapi import FastAPI

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.tables import Tables
from tests.web.live_server import LiveServer

HUMANS = ("human", "open")


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """Rate limits off: these tests play whole games from one address in seconds."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as test_client:
        yield test_client


def app_of(client: TestClient) -> FastAPI:
    """The app `client` drives (TestClient types it as any ASGI app)."""
    assert isinstance(client.app, FastAPI)
    return client.app


def tables_of(client: TestClient) -> Tables:
    """The tables of the app `client` drives."""
    tables: Tables = app_of(client).state.tables
    return tables


def portal_of(client: TestClient) -> BlockingPortal:
    """The portal into the event loop of `client`'s app, open while the client is."""
    assert client.portal is not None, "the client is not started (use it in a with block)"
    return client.portal


def create(client: TestClient, game: str = "national-economy/mecenat",
           seats: list[str] | None = None, seed: int | None = 7,
           **extra: Any) -> dict[str, Any]:
    """A new game; the seed is sent only where the server accepts one (one human)."""
    seats = seats or ["human", "human"]
    body: dict[str, Any] = {"game": game, "seats": seats, **extra}
    if seed is not None and (sum(s in HUMANS for s in seats) <= 1
                             or tables_of(client).settings.chosen_seeds):
        body["seed"] = seed
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def hello(seat: int | None = None, token: str | None = None, since: int = 0
          ) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "since": since}
    if seat is not None:
        message.update(seat=seat, token=token)
    return message


@contextmanager
def live(client: TestClient, game: dict[str, Any], seat: int | None = None,
         since: int = 0, token: str | None = None) -> Iterator[Any]:
    """A WebSocket to the game that has said hello as `seat` (None: a spectator)."""
    with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        if seat is not None and token is None:
            token = game["seats"][seat]["token"]
        ws.send_json(hello(seat, token, since))
        yield ws


def next_state(ws, predicate=lambda m: True, limit: int = 500) -> dict[str, Any]:
    """The next state message that satisfies `predicate` (errors are returned too)."""
    for _ in range(limit):
        message = ws.receive_json()
        if message.get("type") == "error" or (message.get("type") == "state"
                                               and predicate(message)):
            return message
    raise AssertionError("no matching message")


# Seconds a test waits for a TestClient WebSocket's next message before it fails (far
# above any answer: a bot's move, a turn clock of the tests, a hello's whole log).
WS_WAIT = 60.0


@pytest.fixture(autouse=True, scope="session")
def _websocket_waits_end() -> Iterator[None]:
    """A TestClient WebSocket's receive (and so receive_json, next_state) waits at most
    WS_WAIT seconds, then fails the test with a message: Starlette's waits without end,
    and a replay test waited 498 s, holding its worker, in a run disturbed by edits."""
    import anyio
    from starlette.testclient import WebSocketTestSession

    def receive(self: WebSocketTestSession) -> Any:
        async def bounded() -> Any:
            with anyio.fail_after(WS_WAIT):
                return await self._send_rx.receive()
        try:
            return self.portal.call(bounded)
        except TimeoutError:
            raise AssertionError(f"no WebSocket message in {WS_WAIT:g} s") from None

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WebSocketTestSession, "receive", receive)
        yield


def within(seconds: float, call: Any, *args: Any, **kwargs: Any) -> Any:
    """`call(*args, **kwargs)`, failing the test if it has not returned in `seconds` (a
    hang guard, not a speed measurement: the bound is far above any normal answer)."""
    import threading

    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call(*args, **kwargs)
        except BaseException as error:   # re-raised in the test's thread
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{getattr(call, '__name__', call)} hung"
    if "error" in box:
        raise box["error"]
    return box["value"]


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[Any]:
    """`keizai serve` as a real process on SQLite, one per test process, shared by every
    module that uses it (a start costs 3 s, about 36 modules): a test finds its own games,
    accounts and pages by their ids and names, never "the only game" (a module that needs
    a server of its own defines its own `server` fixture)."""
    path = tmp_path_factory.mktemp("server")
    # One line per request in its log, which a failing test shows (see below).
    live = LiveServer(f"sqlite:///{path / 'web.sqlite3'}", path / "server.log",
                      extra=("--no-rate-limits", "--chosen-seeds", "--log-level", "info")
                      ).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def quick_server(request, tmp_path_factory) -> Iterator[Any]:
    """`keizai serve` whose seats may be handed to a bot after the test module's
    HANDOVER_AFTER seconds (the default is a minute), one per module."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    path = tmp_path_factory.mktemp(f"{name}_quick")
    live = LiveServer(f"sqlite:///{path / (name + '.sqlite3')}", path / "server.log",
                      extra=("--no-rate-limits", "--handover-after",
                             str(request.module.HANDOVER_AFTER))).start()
    yield live
    live.stop()


# Each live server's log size as a test's set-up ended, and how many servers had been
# launched as it began (a server launched for the test alone shows its whole log).
LOG_START = pytest.StashKey[dict[Path, int]]()
LAUNCHED_BEFORE = pytest.StashKey[int]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[LAUNCHED_BEFORE] = len(LiveServer.launched)


def _servers_used(item: pytest.Item) -> list[LiveServer]:
    """The live servers a test used: its fixtures' (any name, also in a tuple or list,
    as test_multiprocess's pair) and those launched since its set-up began."""
    found: dict[Path, LiveServer] = {}   # one per log (a server restarted on its log)
    for value in getattr(item, "funcargs", {}).values():
        for candidate in value if isinstance(value, tuple | list) else (value,):
            if isinstance(candidate, LiveServer):
                found.setdefault(candidate.log_path, candidate)
    for launched in LiveServer.launched[item.stash.get(LAUNCHED_BEFORE, 0):]:
        found.setdefault(launched.log_path, launched)
    return list(found.values())


def _log_since(path: Path, start: int) -> str:
    try:
        with path.open("rb") as log:
            log.seek(start)
            return log.read().decode(errors="replace")
    except OSError as error:
        return f"(no log: {error})"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Iterator[None]:
    """A failing test that used live servers shows each one's log: the part written since
    its set-up ended (a fixture's server is shared by many tests; all of it, to its last
    20,000 characters, if the set-up failed or the test launched the server itself:
    test_crash's, test_hardening_leaks')."""
    outcome = yield
    report = outcome.get_result()   # type: ignore[attr-defined]
    if call.when == "setup" and report.passed:
        starts = item.stash[LOG_START] = {}
        for live in _servers_used(item):
            with suppress(OSError):
                starts[live.log_path] = live.log_path.stat().st_size
    if not report.failed:
        return
    starts = item.stash.get(LOG_START, {})
    for live in _servers_used(item):
        text = _log_since(live.log_path, starts.get(live.log_path, 0))
        name = f"{live.log_path.parent.name}/{live.log_path.name}"
        report.sections.append((f"keizai serve log {name} (during the test, its end)",
                                text[-20_000:]))


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, launched once per test process (2 s each
    time, about 40 browser test modules): the browser fixture hands it to each module."""
    from playwright.sync_api import sync_playwright

    from tests.web.browser import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as playwright:
        browsers: list[Any] = []

        def running() -> Any:
            if not browsers or not browsers[-1].is_connected():
                browsers.append(playwright.chromium.launch(executable_path=CHROMIUM,
                                                           args=CHROMIUM_ARGS))
            return browsers[-1]

        yield running
        for browser in browsers:
            if browser.is_connected():
                browser.close()


@pytest.fixture(scope="module")
def browser(chromium) -> Iterator[Any]:
    """The test process's Chromium (launched anew if it has died), for a browser test
    module: the pages a module opens are in contexts of their own (language_page, or
    new_page's own), each test's closed when it ends (`_pages_closed_after_the_test`),
    any others when the module ends, as a browser of its own would have been. The pool's
    contexts (tests.web.browser.POOL) stay for the next module's tests, emptied as for the
    next test: made anew for each module, with their anchor and their cache, they cost
    about 1 s of Chromium CPU each."""
    from tests.web.browser import POOL

    current = chromium()
    yield current
    if not current.is_connected():
        POOL.forget(current)
        return
    pooled = POOL.contexts()
    for context in current.contexts:
        if context not in pooled:
            context.close()


@pytest.fixture(autouse=True)
def _pages_closed_after_the_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """The pages a browser test opened closed once it ends (their contexts too, or given
    back to tests.web.browser.POOL if they came from it): left open
    until the module's end, each kept its WebSockets and timers running against the
    server while the module's later tests ran (33 in test_table_words), and closing them
    all took up to 5 s."""
    if "browser" not in request.fixturenames:
        yield
        return
    from tests.web.browser import POOL

    current = request.getfixturevalue("browser")
    before = set(current.contexts)
    yield
    pooled = POOL.contexts()
    POOL.give_back()
    if current.is_connected():
        for context in current.contexts:
            if context not in before and context not in pooled:
                context.close()
