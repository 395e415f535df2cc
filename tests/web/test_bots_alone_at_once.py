"""The bound on games of bots alone (`bot_games` a process, `bot_games_each` a client)
holds for requests under way at once. Found by h156 reading `Tables.create` and
`Table.hand_to_bot`, confirmed here: the bound counted the games whose bots already ran,
and a request's bots start only after it stored the game (an await), so two creations of
a game of bots alone, or two hand-overs of a last person's seat, sent together both
passed the check and both ran, past a bound of one; and so did a creation sent while the
turn clock handed a table's last person's seat over."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.postgres import unavailable_reason
from tests.web.conftest import portal_of
from tests.web.test_hardening_bots import GAME, ThreadPool, create, from_address
from tests.web.test_hardening_clock_bots import CLOCK, clocked_table, seat_kind
from tests.web.test_multiprocess_bots import human_first

THINK = 0.3   # seconds a bot decision takes: the games go on while the test looks
WRITE = 0.2   # seconds the store's write of a request takes: the requests overlap


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """A database of the test's own, SQLite or PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'keizai.sqlite3'}"
        return
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    yield request.getfixturevalue("own_database")


def running_alone(client: TestClient) -> int:
    """The games of bots alone whose bots run in this process."""
    return running_alone_in(client.app)


def running_alone_in(app: Any) -> int:
    tables: Any = app.state.tables
    return sum(1 for t in tables.tables.values() if t.bots_alone
               and t.bot_task is not None and not t.bot_task.done())


def slow_writes(client: TestClient, name: str) -> None:
    """The store's `name` write of `client`'s app takes WRITE seconds more, so requests
    sent together are all under way before the first is stored (as under load); without
    it they overlap as the event loop and the writer thread happen to interleave them."""
    store: Any = client.app.state.tables.store   # type: ignore[attr-defined]
    write = getattr(store, name)

    def slowly(*args: Any, **kwargs: Any) -> Any:
        time.sleep(WRITE)
        return write(*args, **kwargs)

    setattr(store, name, slowly)


def at_once(client: TestClient, requests: list[tuple[str, str, dict[str, Any]]]
            ) -> list[httpx.Response]:
    """The requests (address, path, body) sent together to the app of `client`, on its
    event loop, each from its address: their answers."""

    async def send(address: str, path: str, body: dict[str, Any]) -> httpx.Response:
        transport = httpx.ASGITransport(app=client.app, client=(address, 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://keizai") as http:
            return await http.post(path, json=body)

    async def all_of_them() -> list[httpx.Response]:
        return list(await asyncio.gather(*(send(*r) for r in requests)))

    return portal_of(client).call(all_of_them)


@pytest.mark.parametrize(("bot_games", "each", "addresses", "refusal"), [
    (8, 1, ("10.0.0.1", "10.0.0.1"), (429, "too_many_games")),   # one client's
    (1, 2, ("10.0.0.1", "10.0.0.2"), (503, "busy")),              # the process's
])
def test_two_games_of_bots_alone_created_at_once_are_bounded(
        served: str, bot_games: int, each: int, addresses: tuple[str, str],
        refusal: tuple[int, str]) -> None:
    app = create_app(served, pool=ThreadPool(THINK), limits=Limits.off(),
                     bot_games=bot_games, bot_games_each=each)
    with TestClient(app) as client:
        body = {"game": GAME, "seats": ["random", "random"]}
        slow_writes(client, "create_game")
        answers = at_once(client, [(a, "/api/games", body) for a in addresses])
        codes = sorted((r.status_code, r.json().get("error", {}).get("code", ""))
                       for r in answers)
        assert codes == [(201, ""), refusal], [r.text for r in answers]
        assert running_alone(client) == 1


def test_a_refused_creation_gives_its_place_back(served: str) -> None:
    """A creation that fails once it holds its place (here: options the game refuses)
    leaves no place taken."""
    app = create_app(served, pool=ThreadPool(THINK), limits=Limits.off(),
                     bot_games=1, bot_games_each=1)
    with TestClient(app) as client:
        seats = ["random", "random"]
        wrong = client.post("/api/games", json={"game": GAME, "seats": seats,
                                                "options": {"no such option": 1}})
        assert wrong.status_code == 400, wrong.text
        taken = client.post("/api/games", json={"game": GAME, "seats": seats})
        assert taken.status_code == 201, taken.text
        assert running_alone(client) == 1


def test_two_last_persons_leaving_at_once_are_bounded(served: str) -> None:
    app = create_app(served, pool=ThreadPool(THINK), limits=Limits.off(),
                     bot_games_each=1)
    with TestClient(app) as client:
        games = []
        for _ in range(2):   # a person's games, the person to move: no bot runs yet
            created = client.post("/api/games", json={
                "game": GAME, "seats": ["human", "random"], "seed": human_first()})
            assert created.status_code == 201, created.text
            games.append((created.json()["id"], created.json()["seats"][0]["token"]))
        assert running_alone(client) == 0
        slow_writes(client, "set_seat")
        answers = at_once(client, [
            ("10.0.0.1", f"/api/games/{game_id}/seats/0/bot",
             {"token": token, "agent": "random"}) for game_id, token in games])
        codes = sorted((r.status_code, r.json().get("error", {}).get("code", ""))
                       for r in answers)
        assert codes == [(200, ""), (429, "too_many_games")], [r.text for r in answers]
        assert running_alone(client) == 1


def test_a_clock_handing_the_last_seat_over_holds_its_place(served: str) -> None:
    """A client's clocked table runs out of time on its only person's seat; while the
    clock's hand-over is being stored, the client creates a game of bots alone: refused,
    the hand-over holds the client's one place (before: both ran)."""
    config = SocialConfig(clock_seconds={"relaxed": 60.0, "fast": CLOCK})
    app = create_app(served, pool=ThreadPool(THINK), limits=Limits.off(),
                     bot_games_each=1, social_config=config)
    with TestClient(from_address(app)) as client:
        store = app.state.tables.store
        set_seat, handing = store.set_seat, threading.Event()

        def slowly(*args: Any, **kwargs: Any) -> Any:
            if kwargs.get("kind") == "bot":   # the clock's hand-over
                handing.set()
                time.sleep(5 * WRITE)
            return set_seat(*args, **kwargs)

        store.set_seat = slowly
        table = clocked_table(client, "10.0.0.1", human_first())
        assert handing.wait(30)
        created = create(client, "10.0.0.1", ["random", "random"])
        assert created.status_code == 429, created.text
        assert created.json()["error"]["code"] == "too_many_games"
        deadline = time.monotonic() + 30
        while seat_kind(client, table) != "bot":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert running_alone_in(app) == 1
