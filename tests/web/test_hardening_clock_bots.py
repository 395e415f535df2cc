"""Found by the session-27 attack pass: the turn clock made games of bots alone without
their bound.

A process runs at most 8 games of bots alone, 2 of them one client's (docs/web.md,
Bots): a third is refused at creation, and so is a hand-over of a game's last person's
seat. The turn clock handed that seat over by itself, unchecked: a client with its two
games of bots alone running created clocked tables with one invited seat it never
opened, and each became one more game of bots alone once the clock ran out (45 s on the
fast clock), every one played out by bots to its end (a whole 企業帝國 game is about a
thousand bot decisions, each a stored move), however many the client created (one every
5 s). Now the clock's hand-over of the last person's seat is refused as the others are:
the seat stays its player's, and the game waits for its players."""


from __future__ import annotations

import asyncio
import threading
from typing import Any

from fastapi.testclient import TestClient

from keizai.engine import State
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import Social, SocialConfig
from tests.web.social_helpers import token_of, view, wait_for
from tests.web.test_hardening_bots import ThreadPool, create, from_address

CLOCK = 0.5   # seconds per decision on the fast clock
HELD = (1, 2)   # the seeds of the client's games of bots alone, whose bots wait for `go`


class GatedPool(ThreadPool):
    """Bots that move at once, but those of the games of `HELD` seeds only once `go`."""

    def __init__(self) -> None:
        super().__init__(0.0)
        self.go = threading.Event()

    def think(self, spec: str, seed: int, state: State) -> str:
        if state.seed in HELD:
            self.go.wait(60)
        return super().think(spec, seed, state)


def clocked_table(client: TestClient, address: str, seed: int) -> dict[str, Any]:
    """A table of one invited seat (its player never comes) and a bot, on the fast clock."""
    response = client.post("/api/tables", headers={"x-test-client": address}, json={
        "game": "national-economy/mecenat", "seats": ["human", "random"], "seed": seed,
        "clock": "fast"})
    assert response.status_code == 201, response.text
    return response.json()


def held_out_of_time(social: Social, seed: int) -> threading.Event:
    """The clock of the game of `seed`, once its time is out, waits for the event before
    the server acts on it: its deadline is shown until then (`Clocks._run`), however
    slowly the test reads it. Until session 33 the test had to read it in the clock's 0.5 s, and a
    loaded machine missed it."""
    gate = threading.Event()
    out_of_time = social._out_of_time

    async def held(table: Any, seat: int, step: int, end: float) -> None:
        if table.state.seed == seed:
            await asyncio.to_thread(gate.wait, 60)
        await out_of_time(table, seat, step, end)

    social._out_of_time = held   # type: ignore[method-assign]
    return gate


def seat_kind(client: TestClient, game: dict[str, Any]) -> str:
    return client.get(f"/api/games/{game['id']}").json()["seats"][0]["kind"]


def test_the_clock_makes_no_third_game_of_bots_alone_for_one_client(db_url) -> None:
    """The clock of a client's table runs out while the client runs two games of bots
    alone: the seat stays its player's, who may still play it (before, a bot took it: a
    third game of bots alone). Another client's is handed over as before."""
    pool = GatedPool()
    config = SocialConfig(clock_seconds={"relaxed": 60.0, "fast": CLOCK})
    app = create_app(db_url, pool=pool, bot_workers=1, limits=Limits.off(), bot_games=8,
                     social_config=config)
    run_out = held_out_of_time(app.state.social, 5)
    try:
        with TestClient(from_address(app)) as client:
            for seed in HELD:
                assert create(client, "10.0.0.1", ["random", "random"], seed
                              ).status_code == 201
            mine = clocked_table(client, "10.0.0.1", 5)
            other = clocked_table(client, "10.0.0.2", 6)
            token = token_of(mine, 0)
            turn = wait_for(lambda: (m := view(client, mine["id"], 0, token))["legal"]
                            and m["table"]["deadline"] and m, 30)   # the clock runs
            wait_for(lambda: seat_kind(client, other) == "bot", 30)
            run_out.set()
            wait_for(lambda: view(client, mine["id"], 0, token)["table"]["deadline"] is None,
                     30)   # ran out
            assert seat_kind(client, mine) == "human"
            tables = app.state.tables.tables.values()
            assert sum(t.bots_alone and not t.state.is_over and t.owner == "10.0.0.1"
                       for t in tables) == 2
            played = client.post(f"/api/games/{mine['id']}/actions", json={
                "seat": 0, "token": token, "action": turn["legal"][0]["name"],
                "step": turn["step"]})
            assert played.status_code == 200, played.text
    finally:
        pool.go.set()
        run_out.set()
        pool.executor.shutdown(wait=False, cancel_futures=True)
