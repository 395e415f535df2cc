"""Issue #12, findings 1, 2, 4 and 6: bots inside bounds and in their own pool, invited
and open seats, the server's secret seed, bot moves only for the position they were
computed for."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from keizai.engine import State
from keizai.web import create_app
from keizai.web.bots import BotPool
from tests.web.conftest import create, live, next_state, portal_of, tables_of, within

GAME = "national-economy/mecenat"


def error_of(response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code
    return response.json()


# ----- finding 1: bots inside bounds, thinking in their own pool --------------------------
@pytest.mark.parametrize("spec", [
    "mcts:time=inf", "mcts:time=nan", "mcts:time=-1", "mcts:time=3600",
    "mcts:iterations=999999999", "mcts:iterations=1e9", "mcts:depth=-1", "mcts:c=nan",
    "heuristic:epsilon=nan", "mcts:iterations=200:time=inf", "mcts:cap=inf",
    "mcts:iterations=12001", "mcts:evaluation=oracle", "solo:evaluation=oracle:cap=1",
    "solo:policy=fast:evaluation=learned:limit=40001:cap=1",
])
def test_bot_specs_outside_the_bounds_are_refused(client, spec: str) -> None:
    body = {"game": GAME, "seats": ["human", spec]}
    error_of(client.post("/api/games", json=body), 400, "bot_out_of_bounds")
    game = create(client, seats=["human", "human"])
    error_of(client.post(f"/api/games/{game['id']}/seats/1/bot",
                         json={"token": game["seats"][1]["token"], "agent": spec}),
             400, "bot_out_of_bounds")
    assert client.get(f"/api/games/{game['id']}").json()["seats"][1]["kind"] == "human"
    assert len(client.get("/api/games").json()["games"]) == 1


@pytest.mark.parametrize("spec", ["easy", "normal", "hard", "expert", "random", "heuristic",
                                  "mcts", "mcts:iterations=500:depth=8", "mcts:time=0.5",
                                  "mcts:iterations=3000:cap=1.5",
                                  "mcts:iterations=300:evaluation=learned", "solo",
                                  "solo:rollouts=1:cap=1",
                                  "solo:policy=fast:rollouts=32:cap=2",
                                  "solo:policy=fast:halving=1:work=9000:goal=30:cap=2",
                                  "solo:goal=30:spread=8:cap=1",
                                  "solo:goal=60:spread=5:slack=5:cap=1",
                                  "solo:policy=fast:halving=1:evaluation=learned:cap=2",
                                  "solo:policy=fast:halving=1:evaluation=learned:limit=9:cap=2",
                                  ])
def test_the_offered_bots_and_specs_inside_the_bounds_are_accepted(client, spec) -> None:
    assert client.post("/api/games", json={"game": GAME, "seats": ["human", spec]}
                       ).status_code == 201


def test_the_lobby_offers_the_top_level_with_a_bounded_decision_time(client) -> None:
    """Issue #19: the browser offers `expert`; its time per decision is bounded by the
    server (its `cap` of seconds, and the pool's bound past which a random move is played)."""
    from keizai.web.bots import MAX_SECONDS, decision_bound
    from keizai.web.tables import available_bots

    assert "expert" in available_bots()
    assert decision_bound("expert") <= 30.0 + 2 * MAX_SECONDS
    assert decision_bound("mcts:iterations=100:cap=4") > decision_bound("mcts:iterations=100")


def test_the_lobby_offers_the_solo_planner_with_a_bounded_decision_time(client) -> None:
    """Issue #19: the browser offers the National Economy solo planner `solo`; its
    rollouts per action and its `cap` of seconds (required, at most 2 s) are bounded by
    the server."""
    from keizai.web.bots import MAX_SECONDS, decision_bound
    from keizai.web.tables import available_bots

    assert "solo" in available_bots()
    assert decision_bound("solo") <= 30.0 + 2 * MAX_SECONDS
    assert decision_bound("solo:rollouts=2:cap=4") > decision_bound("solo:rollouts=2")
    from keizai.agents import LEVELS

    assert "cap=" in LEVELS["solo"]
    for spec in ("solo:rollouts=100:cap=1", "solo:cap=60", "solo:rollouts=0:cap=1",
                 "solo:depth=3", "solo:cap=2.5", "solo:rollouts=8", "solo:policy=fast",
                 "solo:policy=mcts:cap=1", "solo:goal=1000:cap=1",
                 "solo:halving=1:work=100000:cap=1", "solo:spread=0:cap=1",
                 "solo:goal=60:slack=50:cap=1", "solo:slack=5:cap=1"):
        response = client.post("/api/games", json={"game": GAME, "seats": ["human", spec]})
        assert response.status_code == 400, spec


def stuck(spec: str, seed: int, state: State) -> str:
    """A broken bot: it never answers (runs in a worker process)."""
    time.sleep(600)
    raise AssertionError("unreachable")


def test_a_bot_that_never_answers_delays_no_other_game(db_url) -> None:
    """Eight games whose bots hang (more than the request threads) : creating games and
    acting in another game still answer; each hung decision is replaced by a random
    move after its bound, so those games go on too."""
    pool = BotPool(1, thinker=stuck, bound=2.0)
    with TestClient(create_app(db_url, pool=pool)) as client:
        hung = [create(client, seats=["random", "human"])["id"] for _ in range(8)]
        game = within(10, create, client, seats=["human", "human"])
        first = within(10, client.get, f"/api/games/{game['id']}/view", params={"seat": 0},
                       headers={"x-keizai-token": game["seats"][0]["token"]}).json()
        answer = within(10, client.post, f"/api/games/{game['id']}/actions", json={
            "seat": 0, "token": game["seats"][0]["token"],
            "action": first["legal"][0]["name"]})
        assert answer.json() == {"ok": True, "step": 1}
        table = tables_of(client).get(hung[0])
        deadline = time.monotonic() + 60
        while table.state.current_player == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert table.state.current_player != 0   # the random stand-in moved


def pool_after_a_bot_move(client) -> Any:
    """The server's bot pool, once a bot opening a new game has moved (so it has workers)."""
    pool: BotPool = tables_of(client).settings.pool
    game = create(client, seats=["random", "human"])
    table = tables_of(client).get(game["id"])
    deadline = time.monotonic() + 60
    while table.state.current_player == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pool._executor is not None
    return pool


def test_bots_think_in_other_processes(client) -> None:
    """The bot's decision is computed outside the server process (no GIL shared with the
    requests)."""
    import os

    pool = pool_after_a_bot_move(client)
    pids = {p.pid for p in pool._executor._processes.values()}
    assert pids and os.getpid() not in pids


def test_a_server_that_stops_leaves_no_bot_worker_or_pool_thread(db_url) -> None:
    """The server's end stops its bot pool as `keizai sim` stops its own (CI of 9c318f6):
    the workers are gone and the pool's manager thread has ended before Python's exit
    hook could race it."""
    with TestClient(create_app(db_url)) as client:
        pool = pool_after_a_bot_move(client)
        workers = list(pool._executor._processes.values())
        manager = pool._executor._executor_manager_thread
    assert workers and not [worker for worker in workers if worker.is_alive()]
    assert manager is not None and not manager.is_alive()


# ----- finding 2: invited and open seats ------------------------------------------------
def test_the_lobby_never_gives_out_an_invited_seat(client) -> None:
    game = create(client, seats=["human", "human", "open"])
    gid = game["id"]
    listed = client.get("/api/games").json()["games"][0]
    assert [s["open"] for s in listed["seats"]] == [False, False, True]
    for seat in (0, 1):
        error_of(client.post(f"/api/games/{gid}/seats/{seat}/claim"), 403, "forbidden")
    assert "token" not in game["seats"][2]   # the creator holds no open seat's token
    answer = client.post(f"/api/games/{gid}/seats/2/claim").json()
    assert answer["token"]
    error_of(client.post(f"/api/games/{gid}/seats/2/claim"), 409, "seat_taken")
    error_of(client.post(f"/api/games/{gid}/seats/0/claim"), 403, "forbidden")
    with live(client, game, 1) as ws:   # the invite link still opens its seat
        assert next_state(ws)["seat"] == 1


# ----- finding 4: the server draws the seed and keeps it secret ---------------------------
def test_a_chosen_seed_only_for_one_human(client) -> None:
    body = {"game": GAME, "seats": ["human", "human"], "seed": 5}
    error_of(client.post("/api/games", json=body), 400, "seed_not_allowed")
    body = {"game": GAME, "seats": ["human", "open"], "seed": 5}
    error_of(client.post("/api/games", json=body), 400, "seed_not_allowed")
    assert client.get("/api/games").json()["games"] == []
    solo = client.post("/api/games", json={"game": GAME, "seats": ["human", "random"],
                                           "seed": 5})
    assert solo.status_code == 201
    assert tables_of(client).get(solo.json()["id"]).state.seed == 5


def test_chosen_seeds_for_several_humans_only_when_the_server_says_so(db_url) -> None:
    body = {"game": GAME, "seats": ["human", "human"], "seed": 5}
    with TestClient(create_app(db_url, bot_workers=1, chosen_seeds=True)) as client:
        game = client.post("/api/games", json=body).json()
        assert tables_of(client).get(game["id"]).state.seed == 5


def test_the_server_draws_a_secret_seed(client, monkeypatch) -> None:
    import secrets

    drawn: list[int] = []
    real = secrets.randbelow

    def spy(n: int) -> int:
        drawn.append(real(n))
        return drawn[-1]

    monkeypatch.setattr(secrets, "randbelow", spy)
    games = [create(client, seats=["human", "human"]) for _ in range(3)]
    seeds = [tables_of(client).get(g["id"]).state.seed for g in games]
    assert seeds == drawn and len(set(seeds)) == 3
    for game, seed in zip(games, seeds, strict=True):
        gid = game["id"]
        texts = [str(game), client.get(f"/api/games/{gid}").text,
                 client.get("/api/games").text]
        with live(client, game, 0) as ws:
            texts.append(str(next_state(ws)))
        assert not any(str(seed) in text for text in texts)
        error_of(client.get(f"/api/games/{gid}/record"), 403, "forbidden")


# ----- finding 6: a bot move only for the position it was computed for --------------------
class HeldPool(BotPool):
    """A bot pool whose answers the test releases: the first legal action of the state
    the bot was given."""

    def __init__(self) -> None:
        super().__init__(1)   # its worker processes are never started: `choose` answers
        self.calls: list[list[str]] = []
        self.release = asyncio.Event()

    async def choose(self, spec: str, seed: int, state: State, bound=None,
                     background: bool = False, owner: str | None = None,
                     game: str | None = None) -> str:
        self.calls.append(state.record()["actions"])
        if len(self.calls) == 1:
            await self.release.wait()
        return state.legal_actions()[0].name

    def close(self) -> None:
        pass


def test_a_bot_move_for_an_undone_position_is_not_played(db_url) -> None:
    """Futuropia, seed 3: P1 takes Food and buys left; the bot starts thinking on that
    position (step 2). P1 undoes the purchase and buys right instead: the game is at
    step 2 again, but another position. The bot's first answer is not played: it thinks
    again on the new position."""
    pool = HeldPool()
    with TestClient(create_app(db_url, pool=pool)) as client:
        game = create(client, "futuropia", seats=["human", "random"], seed=3)
        table = tables_of(client).get(game["id"])
        with live(client, game, 0) as ws:
            next_state(ws)
            ws.send_json({"type": "act", "action": "action:food", "step": 0})
            next_state(ws, lambda m: m["step"] == 1)
            ws.send_json({"type": "act", "action": "buy:left", "step": 1})
            next_state(ws, lambda m: m["step"] == 2)
            deadline = time.monotonic() + 10
            while not pool.calls and time.monotonic() < deadline:
                time.sleep(0.01)
            assert pool.calls == [["action:food", "buy:left"]]   # thinking on step 2 ...
            ws.send_json({"type": "undo"})
            next_state(ws, lambda m: m["step"] == 1)
            ws.send_json({"type": "act", "action": "buy:right", "step": 1})   # a new step 2
            next_state(ws, lambda m: m["step"] == 2)
            portal_of(client).call(pool.release.set)
            next_state(ws, lambda m: m["step"] == 3)
        assert pool.calls[1] == ["action:food", "buy:right"]   # it thought again
        assert table.state.record()["actions"][:2] == ["action:food", "buy:right"]


KILLED_SERVER = """
import asyncio, sys
import keizai
from keizai.web.bots import BotPool

pool = BotPool(2)
state = keizai.new_game("futuropia", 2, seed=1)
asyncio.run(pool.choose("random", 1, state))
print(*[p.pid for p in pool._executor._processes.values()], flush=True)
sys.stdin.read()   # wait to be killed
"""


def test_bot_workers_end_when_their_server_is_killed() -> None:
    """A server killed outright (SIGKILL, the OOM killer) cannot stop its bot workers.
    Found in session 6: every CI run left two workers of killed test servers behind, each
    waiting for ever with 75 MB; a crashing production server would pile them up."""
    import os
    import signal
    import subprocess
    import sys

    server = subprocess.Popen([sys.executable, "-c", KILLED_SERVER], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert workers
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()

    def alive(pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                return stat.read().split()[2] != "Z"
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"bot workers {left} outlived their killed server"
