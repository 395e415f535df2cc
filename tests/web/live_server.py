"""`keizai serve` as a real process on a loopback port, for crash and browser tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import httpx

from tests.postgres import free_port


@cache
def http() -> httpx.Client:
    """One HTTP client for a test process's requests to its servers: `httpx.get` builds a
    client per call, whose TLS set-up (certifi's certificates) costs 40 ms, 300 ms on a
    loaded machine, far more than a request to a local server."""
    return httpx.Client()


class LiveServer:
    """Starts the server process; `kill()` is SIGKILL, `stop()` a clean shutdown."""

    # Every server launched in this test process, in order: a failing test shows the
    # logs of those launched while it ran (tests/web/conftest.py).
    launched: ClassVar[list[LiveServer]] = []

    def __init__(self, database_url: str, log_path: Path, bot_delay: float = 0.0,
                 extra: tuple[str, ...] = ("--no-rate-limits", "--chosen-seeds")) -> None:
        """`extra`: more `keizai serve` options (by default no rate limits: the tests
        play whole games from one address; chosen seeds: they reach known positions)."""
        self.database_url = database_url
        self.log_path = log_path
        self.bot_delay = bot_delay
        self.extra = extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> LiveServer:
        return self.launch().ready()

    def launch(self) -> LiveServer:
        """The process started, not yet waited for (`ready`): servers launched together
        start side by side."""
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "keizai.cli", "serve", "--port", str(self.port),
             "--database-url", self.database_url, "--bot-delay", str(self.bot_delay),
             *self.extra],
            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        LiveServer.launched.append(self)
        return self

    def ready(self) -> LiveServer:
        """Once the launched process answers."""
        assert self.process is not None
        # Until it answers (or dies): a start takes 3 s, far more on a loaded machine
        # (counting tries instead, 300 of them, gave up after 15-35 s there).
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if http().get(f"{self.url}/api/catalog", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def assert_stops_within(self, seconds: float) -> None:
        """A clean stop (SIGTERM) ends the server within `seconds`, else the test fails
        (`stop` then kills it)."""
        assert self.process is not None
        self.process.terminate()
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"keizai serve did not stop within {seconds} s of a "
                                 "SIGTERM") from None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_all(*servers: LiveServer) -> list[LiveServer]:
    """`servers` started side by side rather than one after the other, each answering
    once returned."""
    launched = [server.launch() for server in servers]
    try:
        return [server.ready() for server in launched]
    except BaseException:
        for server in launched:
            server.stop()
        raise


def game_at(server: LiveServer, game: str, seats: list[str], seed: int,
            actions: list[str] | tuple[str, ...] = (),
            options: dict[str, Any] | None = None) -> dict:
    """A new game on `server` (its seed chosen: the server must accept one), played on to
    the position `actions` reach, each sent by the seat to move."""
    import keizai

    created = http().post(f"{server.url}/api/games", json={
        "game": game, "seats": seats, "seed": seed, "options": options or {}}).json()
    play_on(server, created, keizai.new_game(game, len(seats), seed=seed, options=options),
            actions)
    return created


def random_moves(game: str, players: int, seed: int, chooser: int) -> list[str]:
    """The moves, by name, of a whole game of `game` dealt by `seed`, each chosen at random
    by a `Random(chooser)`."""
    from random import Random

    import keizai

    state, pick, moves = keizai.new_game(game, players, seed=seed), Random(chooser), []
    while not state.is_over:
        moves.append(pick.choice(state.legal_actions()).name)
        state.apply(moves[-1])
    return moves


def named_and_finished(server: LiveServer, game: str, players: int, seed: int,
                       names: tuple[str, ...]) -> dict:
    """A new game of `players` people on `server` whose first seats saved `names`, then
    played to its end by `random_moves` (chooser 1)."""
    import keizai

    created = game_at(server, game, ["human"] * players, seed)
    for seat, name in enumerate(names):
        joined = http().post(f"{server.url}/api/games/{created['id']}/seats/{seat}/join",
                             json={"token": created["seats"][seat]["token"], "name": name})
        assert joined.status_code == 200, joined.text
    play_on(server, created, keizai.new_game(game, players, seed=seed),
            random_moves(game, players, seed, 1))
    return created


def play_on(server: LiveServer, game: dict, state: Any,
            actions: list[str] | tuple[str, ...]) -> None:
    """`actions` sent to `game` on `server`, each by the seat to move, and applied to
    `state`, the game's position as the test follows it."""
    for name in actions:
        mover = state.current_player
        reply = http().post(f"{server.url}/api/games/{game['id']}/actions", json={
            "seat": mover, "token": game["seats"][mover]["token"], "action": name})
        assert reply.status_code == 200, reply.text
        state.apply(name)
