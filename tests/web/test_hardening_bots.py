"""Found by the session-16 attack pass: one client could starve everybody's bots.

With one bot worker (two cores), four games of `mcts:time=5` bots created from one
address (within its creation burst) made another player's `random` bot answer 20-60 s
late on PostgreSQL: the pool served decisions first come, first served, and each of those
games queued again after every move. A client's games now share one client's turn in the
pool; and one address may run only a few of the games of bots alone."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from keizai.agents import make_agent
from keizai.engine import State
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.bots import BotPool
from tests.web.conftest import portal_of, tables_of

GAME = "national-economy/mecenat"
VICTIM_SEED = 999


def from_address(app: Any) -> Any:
    """The app, with each request's client address taken from its `x-test-client`
    header (the TestClient has one address; the limits and the pool's shares are per
    address)."""

    async def addressed(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            for key, value in scope["headers"]:
                if key == b"x-test-client":
                    scope = {**scope, "client": (value.decode(), 1)}
        await app(scope, receive, send)

    return addressed


class ThreadPool(BotPool):
    """The server's pool and its queue, with one worker thread instead of a process:
    each decision takes `seconds` and is noted (the game's seed, when it started)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(1, thinker=self.think)
        self.seconds = seconds
        self.started: list[tuple[int, float]] = []
        self.executor = ThreadPoolExecutor(1)
        self.lock = threading.Lock()
        self.asked = 0      # decisions in `choose` (waiting or thinking)
        self.thinking = 0

    def think(self, spec: str, seed: int, state: State) -> str:
        with self.lock:
            self.started.append((state.seed, time.monotonic()))
            self.thinking += 1
        time.sleep(self.seconds)
        with self.lock:
            self.thinking -= 1
        return make_agent("random", seed).choose(state).name

    def _pool(self) -> Any:
        return self.executor

    def reset(self, wait: bool = False) -> None:
        pass

    async def choose(self, *args: Any, **kwargs: Any) -> str:
        self.asked += 1
        try:
            return await super().choose(*args, **kwargs)
        finally:
            self.asked -= 1

    def waiting(self) -> int:
        """Decisions asked for and not yet started."""
        return self.asked - self.thinking



@contextmanager
def server(db_url: str, pool: BotPool | None = None, **options: Any
           ) -> Iterator[tuple[TestClient, Any]]:
    app = create_app(db_url, pool=pool, bot_workers=1, limits=Limits.off(), **options)
    with TestClient(from_address(app)) as client:
        yield client, app


def create(client: TestClient, address: str, seats: list[str], seed: int | None = None
           ) -> Any:
    body: dict[str, Any] = {"game": GAME, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    return client.post("/api/games", json=body, headers={"x-test-client": address})


def test_one_clients_many_bot_games_do_not_starve_another_players_bot(db_url) -> None:
    """Six games of three bots and one (never acting) person from one address keep the
    one worker busy; a player elsewhere moves, and their bot is served next or after
    one more of those decisions, not after the whole queue (first come, first served:
    five or more)."""
    pool = ThreadPool(0.15)
    try:
        with server(db_url, pool) as (client, app):
            victim = create(client, "10.0.0.2", ["human", "random"], VICTIM_SEED).json()
            for seed in range(1, 7):
                answer = create(client, "10.0.0.1", ["random", "random", "random", "human"],
                                seed)
                assert answer.status_code == 201, answer.text
            deadline = time.monotonic() + 30
            while pool.waiting() < 5 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert pool.waiting() >= 5   # the attacker's games queue for the worker
            table = app.state.tables.get(victim["id"])
            moved = client.post(f"/api/games/{victim['id']}/actions", headers={
                "x-test-client": "10.0.0.2", "x-keizai-token": victim["seats"][0]["token"]},
                json={"seat": 0, "action": table.state.legal_actions()[0].name})
            assert moved.status_code == 200, moved.text
            acted = time.monotonic()
            while table.state.current_player != 0 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert table.state.current_player == 0   # the victim's bot moved
            with pool.lock:
                after = [seed for seed, start in pool.started if start > acted]
        ahead = after.index(VICTIM_SEED)
        assert ahead <= 1, f"{ahead} decisions of another client's games went first"
    finally:
        pool.executor.shutdown(wait=True)


def test_one_address_runs_only_a_few_games_of_bots_alone(db_url) -> None:
    """The process's places for games of bots alone (8) are not one address's to take:
    a third game of bots alone from one address is refused with a reason in the
    reader's language, while another address still starts one."""
    held = ThreadPool(0.5)   # the bots think slowly: the games stay running
    try:
        with server(db_url, held, bot_games=8) as (client, app):
            for _ in range(2):
                assert create(client, "10.0.0.1", ["random", "random"]).status_code == 201
            refused = create(client, "10.0.0.1", ["random", "random"])
            assert refused.status_code == 429, refused.text
            error = refused.json()["error"]
            assert error["code"] == "too_many_games"
            assert error["id"] == "web.err.bot_games_yours"
            assert error["params"] == {"most": 2}
            assert create(client, "10.0.0.2", ["random", "random"]).status_code == 201
            # a game with a person is not one of them
            assert create(client, "10.0.0.1", ["human", "random"]).status_code == 201
            assert len(app.state.tables.tables) == 4
    finally:
        held.executor.shutdown(wait=False, cancel_futures=True)


class NotingPool(ThreadPool):
    """The thread pool, noting for each decision asked its game's seed and whether it was
    asked as a game of bots alone's (served after every game a person plays in)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.asked_as: list[tuple[int, bool]] = []

    async def choose(self, *args: Any, **kwargs: Any) -> str:
        self.asked_as.append((args[2].seed, kwargs.get("background", False)))
        return await super().choose(*args, **kwargs)


def hand_over(client: TestClient, address: str, game: dict[str, Any], seat: int) -> Any:
    return client.post(f"/api/games/{game['id']}/seats/{seat}/bot", json={"agent": "random"},
                       headers={"x-test-client": address,
                                "x-keizai-token": game["seats"][seat]["token"]})


def test_handing_the_last_persons_seat_to_a_bot_makes_a_game_of_bots_alone(db_url) -> None:
    """A game created with one person's seat, which its creator then hands to a bot, is
    played out by bots alone: the hand-over that leaves no person's seat is bounded as a
    creation of such a game is (an address with two running is refused a third), and the
    game's bots wait for the games people play in."""
    pool = NotingPool(0.3)   # the bots think slowly: the games stay running
    try:
        with server(db_url, pool, bot_games=8) as (client, app):
            for _ in range(2):
                assert create(client, "10.0.0.1", ["random", "random"]).status_code == 201
            third = create(client, "10.0.0.1", ["human", "random"], 5).json()
            refused = hand_over(client, "10.0.0.1", third, 0)
            assert refused.status_code == 429, refused.text
            assert refused.json()["error"]["id"] == "web.err.bot_games_yours"
            assert app.state.tables.get(third["id"]).seats[0].kind == "human"
            other = create(client, "10.0.0.2", ["human", "random", "random"], 6).json()
            deadline = time.monotonic() + 30
            table = app.state.tables.get(other["id"])
            while table.state.current_player != 0 and time.monotonic() < deadline:
                time.sleep(0.01)   # the bots move up to the person's turn
            before = len(pool.asked_as)
            assert hand_over(client, "10.0.0.2", other, 0).status_code == 200
            while not any(seed == 6 for seed, _ in pool.asked_as[before:]) \
                    and time.monotonic() < deadline:
                time.sleep(0.01)
            asked = [alone for seed, alone in pool.asked_as[before:] if seed == 6]
            assert asked and all(asked), asked
            assert table.bots_alone
    finally:
        pool.executor.shutdown(wait=False, cancel_futures=True)


class OwnerPool:
    """A pool in this process that plays random moves at once and notes whose share each
    decision was asked under."""

    def __init__(self) -> None:
        self.owners: list[str | None] = []

    async def choose(self, spec: str, seed: int, state: State, bound: float | None = None,
                     background: bool = False, owner: str | None = None,
                     game: str | None = None) -> str:
        self.owners.append(owner)
        return make_agent("random", seed).choose(state).name

    def close(self) -> None:
        pass


def test_games_another_process_left_to_this_one_share_one_share_of_its_pool(
        db_url, monkeypatch) -> None:
    """On PostgreSQL a process takes over the next bot move of a game it holds when the
    process that changed it has not moved within BOT_TAKEOVER seconds (that process may
    have died; under load its pool is merely busy). Each game taken over had a share of
    this pool of its own (owner `game <id>`), so a client's many games, kept open here by
    a spectator and slowed there, made as many shares here. Games no client of this
    process has acted in share one."""
    from keizai import new_game
    from keizai.store import SeatRow, Store, Summary
    from keizai.web import tables as tables_module

    monkeypatch.setattr(tables_module, "BOT_TAKEOVER", 0.05)
    pool = OwnerPool()
    other = Store(db_url)   # the process that created the games and moves their people
    seed = next(s for s in range(100) if new_game(GAME, 2, s).current_player == 0)
    with TestClient(create_app(db_url, pool=pool, limits=Limits.off())  # type: ignore[arg-type]
                    ) as client:
        tables = tables_of(client)
        for number in range(3):
            game_id = f"00000000000{number}"
            state = new_game(GAME, 2, seed)
            other.create_game(game_id, state.record(), "host", [
                SeatRow(0, "human", None, "t0", True), SeatRow(1, "bot", "random", "t1", True)],
                Summary(0, False, 0))
            assert client.get(f"/api/games/{game_id}").status_code == 200   # held here
            name = state.legal_actions()[0].name
            state.apply(name)
            version = other.append_action(game_id, 0, name, version=0, summary=Summary(
                1, state.is_over, state.current_player))
            portal_of(client).call(tables.noticed, f"{game_id}:{version}")
        deadline = time.monotonic() + 30
        while len(pool.owners) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
    assert len(pool.owners) >= 3
    assert len(set(pool.owners)) == 1, pool.owners
    other.close()


def hangs_or_answers(spec: str, seed: int, state: State) -> str:
    """In a worker process: seed 0 hangs (a broken bot); any other decides after 1.5 s,
    the last legal action (what a fallback's random move is not, below)."""
    time.sleep(600 if seed == 0 else 1.5)
    return state.legal_actions()[-1].name


def test_a_bot_that_overruns_does_not_cost_another_games_bot_its_decision() -> None:
    """With two workers, a decision that overran its bound replaced the pool's workers,
    and the other game's decision then under way in the other worker failed with them
    (a broken pool) and was replaced by a random move: one stranger's hung bot made
    other players' bots play at random. That decision is now asked again of the new
    workers."""
    import asyncio

    import keizai

    state = keizai.new_game(GAME, 2, 5)
    answer = state.legal_actions()[-1].name
    seed = next(s for s in range(1, 100)
                if make_agent("random", s).choose(state).name != answer)
    pool = BotPool(2, thinker=hangs_or_answers)

    async def both() -> tuple[str, str]:
        return await asyncio.gather(pool.choose("random", 0, state.clone(), bound=0.5),
                                    pool.choose("random", seed, state.clone(), bound=30))

    try:
        _hung, other = asyncio.run(both())
    finally:
        pool.close()
    assert other == answer
