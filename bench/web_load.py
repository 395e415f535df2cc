"""Load benchmark of the web server on loopback: bot clients over WebSockets.

    .venv/bin/python bench/web_load.py games --games 100 --seconds 60
    .venv/bin/python bench/web_load.py games --games 100 --processes 2 --postgres
    .venv/bin/python bench/web_load.py spectators --spectators 1000 --moves 40
    .venv/bin/python bench/web_load.py bots --bot-games 8 --moves 30
    .venv/bin/python bench/web_load.py late --game enterprise-empire --spectators 50
    .venv/bin/python bench/web_load.py frames --games 1 --clients 16 --seconds 20

`games`: concurrent games of every registered game in turn, two human seats each,
random legal actions; a game that ends is replaced at once by a new one of its kind, so
that as many games are in play all the time. Latency is from sending an action to
receiving the state that contains it; errors (error replies, refused or dropped
connections, failed creations) are counted. Every client answers at once (a closed
loop) unless `--think S` makes each player wait S seconds before acting. The servers'
and this load generator's CPU time are reported (they share the cores).
`--processes N` starts N servers on one database and spreads each game's seats over
them (N > 1 needs PostgreSQL: `--database-url` or `--postgres` for a temporary one).
`spectators`: one game watched by M connections: latency from an action to its state at
every spectator. `bots`: games of `hard` bots thinking while one human plays elsewhere:
the human's action-to-state latency (a server runs at most 8 games of bots alone at once:
more are refused as `busy`, counted in the errors).
Each server is `keizai serve --no-rate-limits --bot-delay 0`; all bounded by --seconds.
`late`: no server; one whole 4-player game (random moves, seed 3) played through a table
in this process, every seat and M spectators connected: the event loop's CPU per move
over the game's first and last 100 moves, and what the state messages' `mark` and
`just_now_from` cost per broadcast at its end.
`frames`: one server with its rate limits on; `--games` finished 4-player games (random
moves, `--game`, the longest of 3 seeds each) stored, and `--clients` /64s of one IPv6
/48 (X-Forwarded-For from loopback), each from 4 connections, asking for the last frame
of one game after another (as the page asks: `log=false`), within their budgets (a 429
waits a quarter of its Retry-After). Meanwhile an honest player (IPv4) opens both seats
of a Futuropia table, moves 3 times and closes, once a second: its WebSocket hello (open
to first state) and a move to the other seat's state. `--clients 0`: the quiet server;
`--hellos`: the /48 opens spectators' WebSockets to the games instead (each hello sends
the whole events), until their first message.
The server's CPU is given whole, its event loop's thread's and its other threads' (the
replay thread's frames most).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvloop
from websockets.asyncio.client import connect

import keizai


def cpu_seconds(pid: int | None = None) -> float:
    """User + system CPU seconds of a process (None: this one, the load generator)."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    return cpu_seconds_of(Path(f"/proc/{pid}/stat"))


def thread_seconds(pid: int) -> dict[int, float]:
    """User + system CPU seconds of each thread of a process, by thread id (the process's
    own id: its main thread, the server's event loop)."""
    seconds = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):   # a thread that ended meanwhile
            seconds[int(task.name)] = cpu_seconds_of(task / "stat")
    return seconds


def cpu_seconds_of(stat: Path) -> float:
    fields = stat.read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"latency_ms_p50": float("nan"), "latency_ms_p99": float("nan")}
    values = sorted(values)
    return {"latency_ms_p50": round(1000 * statistics.median(values), 1),
            "latency_ms_p90": round(1000 * values[int(0.90 * (len(values) - 1))], 1),
            "latency_ms_p99": round(1000 * values[int(0.99 * (len(values) - 1))], 1),
            "latency_ms_max": round(1000 * values[-1], 1)}


class Errors(Counter[str]):
    def add(self, kind: str) -> None:
        self[kind] += 1


async def open_seat(url: str, game_id: str, seat: int | None, token: str | None) -> Any:
    ws = await connect(f"{url.replace('http', 'ws')}/ws/games/{game_id}", max_size=2**22,
                       open_timeout=60)
    hello: dict[str, Any] = {"type": "hello", "log": False}   # as the page: events only
    if seat is not None:
        hello.update(seat=seat, token=token)
    await ws.send(json.dumps(hello))
    return ws


def lean(raw: str | bytes) -> dict[str, Any]:
    """A message without its view, which this client never reads: the view's text is
    cut out before parsing (it is most of the message, and parsing it was a third of
    this load generator's CPU). A state message's view comes right before "log_from";
    any other message is parsed whole."""
    text = raw if isinstance(raw, str) else raw.decode()
    start = text.find('"view":')
    end = text.find(',"log_from":', start)
    if start >= 0 and end >= 0:
        with contextlib.suppress(orjson.JSONDecodeError):
            return orjson.loads(text[:start] + text[end + 1:])
    return orjson.loads(text)


async def seat_client(url: str, game_id: str, seat: int, token: str, chooser: random.Random,
                      deadline: float, latencies: list[float], errors: Errors,
                      think: float = 0.0) -> tuple[int, bool]:
    """Play one seat until the game ends or time is up: (actions sent, game over).
    `think` seconds pass before each action (0: the closed loop, every answer at once)."""
    sent = 0
    pending: tuple[int, float] | None = None
    try:
        ws = await open_seat(url, game_id, seat, token)
    except Exception:
        errors.add("connect")
        return 0, False
    loop = asyncio.get_running_loop()
    try:
        # The other seat may stop at the deadline: never wait past it (one timer for the
        # whole game, not one per message).
        async with asyncio.timeout_at(loop.time() + deadline - time.perf_counter()):
            while True:
                message = lean(await ws.recv())
                if "error" in message:
                    errors.add(message["error"]["code"])
                    pending = None
                    continue
                if message.get("type") != "state":
                    continue
                if pending and message["step"] > pending[0]:
                    latencies.append(time.perf_counter() - pending[1])
                    pending = None
                if message["over"] or time.perf_counter() > deadline:
                    return sent, message["over"]
                if message["legal"] and pending is None:
                    action = chooser.choice(message["legal"])["name"]
                    if think:
                        await asyncio.sleep(think)
                    pending = (message["step"], time.perf_counter())
                    await ws.send(orjson.dumps({"type": "act", "action": action,
                                                "step": message["step"]}).decode())
                    sent += 1
    except TimeoutError:
        return sent, False
    except Exception:
        errors.add("dropped")
    finally:
        await ws.close()
    return sent, False


async def create(http: httpx.AsyncClient, game: str, seats: list[str],
                 errors: Errors) -> dict | None:
    answer = await http.post("/api/games", json={"game": game, "seats": seats})
    if answer.status_code != 201:
        errors.add(f"create_{answer.status_code}")
        return None
    return answer.json()


async def bench_games(urls: list[str], games: int, seconds: float, pids: list[int],
                      think: float = 0.0) -> dict:
    """`games` tables, each playing games of its kind back to back until time is up, so
    that `games` games are in play all the time (a finished game is replaced at once)."""
    errors = Errors()
    kinds = keizai.games()
    https = [httpx.AsyncClient(base_url=url, timeout=60) for url in urls]
    firsts = [await create(https[g % len(urls)], kinds[g % len(kinds)], ["human", "human"],
                           errors) for g in range(games)]
    latencies: list[float] = []
    finished: Counter[str] = Counter()
    counts: list[int] = []
    deadline = time.perf_counter() + seconds

    async def table(g: int, game: dict | None) -> None:
        kind = kinds[g % len(kinds)]
        number = 0
        while game is not None:
            played = await asyncio.gather(*(
                seat_client(urls[(g + s["seat"]) % len(urls)], game["id"], s["seat"],
                            s["token"], random.Random((g * 1000 + number) * 10 + s["seat"]),
                            deadline, latencies, errors, think)
                for s in game["seats"]))
            counts.extend(sent for sent, _over in played)
            if not all(over for _sent, over in played) or time.perf_counter() > deadline:
                return
            finished[kind] += 1
            number += 1
            game = await create(https[g % len(urls)], kind, ["human", "human"], errors)

    started = time.perf_counter()
    cpu_before = [cpu_seconds(pid) for pid in pids], cpu_seconds()
    await asyncio.gather(*(table(g, game) for g, game in enumerate(firsts)))
    elapsed = time.perf_counter() - started
    server_cpu = sum(cpu_seconds(pid) - before for pid, before in zip(pids, cpu_before[0],
                                                                      strict=True))
    client_cpu = cpu_seconds() - cpu_before[1]
    for http in https:
        await http.aclose()
    actions = sum(counts)
    return {"mode": "games", "processes": len(urls), "games": games, "think_s": think,
            "actions": actions, "seconds": round(elapsed, 2),
            "actions_per_second": round(actions / elapsed, 1),
            "games_finished": dict(finished), "errors": dict(errors),
            **percentiles(latencies),
            # CPU seconds per wall second (1.0 = one core busy): the servers' and this
            # load generator's, which shares the cores.
            "server_cpu_cores": round(server_cpu / elapsed, 2),
            "client_cpu_cores": round(client_cpu / elapsed, 2),
            "server_cpu_ms_per_action": round(1000 * server_cpu / max(1, actions), 3),
            "client_cpu_ms_per_action": round(1000 * client_cpu / max(1, actions), 3)}


async def bench_spectators(url: str, spectators: int, moves: int) -> dict:
    errors = Errors()
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        game = await create(http, "national-economy/mecenat", ["human", "human"], errors)
    assert game is not None
    watchers = []
    for _ in range(spectators):
        try:
            watchers.append(await open_seat(url, game["id"], None, None))
        except Exception:
            errors.add("connect")
    for ws in watchers:
        await ws.recv()
    players = [await open_seat(url, game["id"], s["seat"], s["token"]) for s in game["seats"]]
    states = [json.loads(await p.recv()) for p in players]
    latencies: list[float] = []
    chooser = random.Random(1)

    async def until_step(ws: Any, step: int) -> None:
        while True:
            message = json.loads(await ws.recv())
            if "error" in message:
                errors.add(message["error"]["code"])
            if message.get("type") == "state" and message["step"] >= step:
                return

    for step in range(moves):
        mover = states[0]["current_player"]
        if mover is None:
            break
        action = chooser.choice(states[mover]["legal"])["name"]
        sent = time.perf_counter()
        await players[mover].send(json.dumps({"type": "act", "action": action,
                                              "step": step}))

        async def timed(ws: Any, step: int = step, sent: float = sent) -> None:
            await until_step(ws, step + 1)
            latencies.append(time.perf_counter() - sent)

        await asyncio.wait_for(asyncio.gather(*(timed(ws) for ws in watchers)), 120)
        for i, p in enumerate(players):
            while True:
                message = json.loads(await p.recv())
                if message.get("type") == "state" and message["step"] == step + 1:
                    states[i] = message
                    break
    for ws in [*watchers, *players]:
        await ws.close()
    return {"mode": "spectators", "spectators": len(watchers), "moves": moves,
            "errors": dict(errors), **percentiles(latencies),
            "latency_ms_max": round(1000 * max(latencies), 1) if latencies else None}


def bench_late(game: str, players: int, spectators: int) -> dict:
    from fastapi.testclient import TestClient

    from keizai.agents import make_agent
    from keizai.web import create_app
    from keizai.web.app import Limits

    state = keizai.new_game(game, players, 3)
    agents = [make_agent("random", s) for s in range(players)]
    moves = []
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        name = agents[mover].choose(state).name
        moves.append((mover, name))
        state.apply(name)
    moves = moves[:-1]   # not over: the last broadcasts are of a game going on
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/late.db", limits=Limits.off(), chosen_seeds=True)
        with TestClient(app) as client:
            created = client.post("/api/games", json={
                "game": game, "seats": ["human"] * players, "seed": 3}).json()
            assert client.portal is not None
            figures = client.portal.call(late_figures, app.state.tables.tables[created["id"]],
                                         players, spectators, moves)
    return {"mode": "late", "game": game, "players": players, "spectators": spectators,
            "steps": len(moves), **figures}


async def late_figures(table: Any, players: int, spectators: int,
                       moves: list[tuple[int, str]]) -> dict:
    """`bench_late`'s figures, on the app's event loop."""
    from keizai.web.table import Connection

    for seat in [*range(players), *[None] * spectators]:
        table.connections.add(Connection(seat, 0, lines=False))
    cpu: list[float] = []
    for seat, name in moves:
        for conn in table.connections:
            conn.outbox.clear()
        started = time.thread_time()
        await table._apply(seat, name)
        cpu.append(time.thread_time() - started)

    def per_broadcast(part: Any) -> float:
        """The CPU of one broadcast's calls of `part` (best of 5 x 200)."""
        best = math.inf
        for _ in range(5):
            started = time.thread_time()
            for _ in range(200):
                part()
            best = min(best, (time.thread_time() - started) / 200)
        return best

    seats = [*range(players), *([None] if spectators else [])]
    mark = per_broadcast(lambda: table.marks.of(table.state.history))
    just_now = per_broadcast(lambda: [table.just_now(s) for s in seats])
    return {"first_100_us": round(1e6 * statistics.mean(cpu[:100])),
            "last_100_us": round(1e6 * statistics.mean(cpu[-100:])),
            "mark_us": round(1e6 * mark, 1), "just_now_us": round(1e6 * just_now, 1)}


async def bench_bots(url: str, bot_games: int, moves: int) -> dict:
    errors = Errors()
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for _ in range(bot_games):
            await create(http, "national-economy/mecenat", ["hard", "hard"], errors)
        await asyncio.sleep(2)   # the bots are thinking
        game = await create(http, "national-economy/mecenat", ["human", "human"], errors)
    assert game is not None
    latencies: list[float] = []
    deadline = time.perf_counter() + 600
    chooser = random.Random(2)
    players = [await open_seat(url, game["id"], s["seat"], s["token"]) for s in game["seats"]]
    states = [json.loads(await p.recv()) for p in players]
    for step in range(moves):
        mover = states[0]["current_player"]
        if mover is None or time.perf_counter() > deadline:
            break
        action = chooser.choice(states[mover]["legal"])["name"]
        sent = time.perf_counter()
        await players[mover].send(json.dumps({"type": "act", "action": action,
                                              "step": step}))
        for i, p in enumerate(players):
            while True:
                message = json.loads(await p.recv())
                if "error" in message:
                    errors.add(message["error"]["code"])
                if message.get("type") == "state" and message["step"] == step + 1:
                    states[i] = message
                    if i == mover:
                        latencies.append(time.perf_counter() - sent)
                    break
        await asyncio.sleep(0.05)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        listed = (await http.get("/api/games")).json()["games"]
    bot_steps = sum(g["step"] for g in listed if g["seats"][0]["kind"] == "bot")
    for p in players:
        await p.close()
    return {"mode": "bots", "bot_games": bot_games, "human_actions": len(latencies),
            "bot_actions_meanwhile": bot_steps, "errors": dict(errors),
            **percentiles(latencies)}


def store_finished(url: str, game: str, players: int, count: int) -> list[tuple[str, int]]:
    """`count` finished games of `game` stored (each the longest of 3 random games):
    their ids and lengths."""
    from keizai.engine.rng import Rng
    from keizai.store.db import SeatRow, Store

    store, stored = Store(url), []
    for number in range(count):
        records = []
        for seed in range(3 * number, 3 * number + 3):
            state = keizai.new_game(game, players, seed)
            state.play_out(Rng(seed))
            records.append(state.record())
        record = max(records, key=lambda r: len(r["actions"]))
        game_id = f"{number:012x}"
        store.create_game(game_id, record, f"host{number}", [
            SeatRow(seat, "bot", "random", f"t{number}-{seat}", True)
            for seat in range(players)])
        stored.append((game_id, len(record["actions"])))
    store.close()
    return stored


async def frame_asker(url: str, address: str, games: list[tuple[str, int]],
                      turn: Iterator[int], stop: float, answers: Counter[str],
                      hellos: bool = False) -> None:
    """One /64 asking from 4 connections for the last frame of game after game, the
    next of `turn` (shared by the /48: in a whole /48's order, each game is asked once a
    round, the worst order for the kept checkpoints of the games asked last); `hellos`:
    opening a WebSocket to the game instead, as a spectator, until its first message."""
    async with httpx.AsyncClient(base_url=url, timeout=120,
                                 headers={"x-forwarded-for": address}) as http:
        async def one() -> None:
            while time.perf_counter() < stop:
                game_id, steps = games[next(turn) % len(games)]
                if hellos:
                    await watch_once(url, address, game_id, answers)
                    continue
                try:
                    answer = await http.get(f"/api/games/{game_id}/replay",
                                            params={"step": steps, "log": "false"})
                except httpx.TransportError:
                    answers["dropped"] += 1
                    continue
                answers[str(answer.status_code)] += 1
                if answer.status_code == 429:
                    await asyncio.sleep(float(answer.headers.get("retry-after", "1")) / 4)

        await asyncio.gather(*(one() for _ in range(4)))


async def watch_once(url: str, address: str, game_id: str, answers: Counter[str]) -> None:
    """A spectator's WebSocket to a game opened, its first message read (a state, or a
    refusal), the log's every next part asked for as the page does (a state message
    carries at most `LOG_PART` entries since session 30; before, the first had them
    all), and closed."""
    try:
        async with connect(f"{url.replace('http', 'ws')}/ws/games/{game_id}",
                           max_size=2**24, open_timeout=60,
                           additional_headers={"x-forwarded-for": address}) as ws:
            await ws.send(json.dumps({"type": "hello", "log": False}))
            message = lean(await ws.recv())
            while message.get("type") == "state" and message["log_from"] \
                    + len(message["events"]) < message.get("event_count", 0):
                await ws.send('{"type": "log"}')
                message = lean(await ws.recv())
    except Exception:
        answers["dropped"] += 1
        return
    if message.get("type") == "state":
        answers["200"] += 1
    else:
        answers[message.get("error", {}).get("code", "other")] += 1
        await asyncio.sleep(0.25)


async def honest_player(url: str, stop: float) -> dict[str, list[float]]:
    """A Futuropia table of two seats (one IPv4 client): both seats opened (hello
    timed), 3 moves (each timed to the other seat's state), closed; once a second."""
    timed: dict[str, list[float]] = {"hello": [], "move": []}
    errors = Errors()
    async with httpx.AsyncClient(base_url=url, timeout=60,
                                 headers={"x-forwarded-for": "192.0.2.7"}) as http:
        game = await create(http, "futuropia", ["human", "human"], errors)
    assert game is not None, errors
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    while time.perf_counter() < stop:
        seats = []
        for seat in (0, 1):
            started = time.perf_counter()
            ws = await connect(f"{url.replace('http', 'ws')}/ws/games/{game['id']}",
                               max_size=2**24, open_timeout=60,
                               additional_headers={"x-forwarded-for": "192.0.2.7"})
            await ws.send(json.dumps({"type": "hello", "seat": seat, "token": tokens[seat],
                                      "log": False}))
            first = orjson.loads(await ws.recv())
            timed["hello"].append(time.perf_counter() - started)
            seats.append([ws, first])
        for _ in range(3):
            mover = seats[seats[0][1]["current_player"]]
            other = seats[1 - seats[0][1]["current_player"]]
            step = mover[1]["step"]
            started = time.perf_counter()
            await mover[0].send(json.dumps({"type": "act", "step": step,
                                            "action": mover[1]["legal"][0]["name"]}))
            for seen in (other, mover):
                while True:
                    message = orjson.loads(await seen[0].recv())
                    if message.get("type") == "state" and message["step"] > step:
                        seen[1] = message
                        break
                if seen is other:
                    timed["move"].append(time.perf_counter() - started)
        for ws, _ in seats:
            await ws.close()
        await asyncio.sleep(1.0)
    return timed


async def bench_frames(url: str, games: list[tuple[str, int]], clients: int,
                       seconds: float, pid: int, hellos: bool = False) -> dict:
    answers: Counter[str] = Counter()
    stop = time.perf_counter() + seconds + 1
    turn = itertools.count()
    askers = [asyncio.create_task(frame_asker(url, f"2001:db8:5:{n:x}::1", games, turn,
                                              stop, answers, hellos))
              for n in range(clients)]
    await asyncio.sleep(1 if askers else 0)
    cpu_before, started = thread_seconds(pid), time.perf_counter()
    timed = await honest_player(url, time.perf_counter() + seconds)
    elapsed = time.perf_counter() - started
    cpu_after = thread_seconds(pid)
    threads = {tid: cpu - cpu_before.get(tid, 0.0) for tid, cpu in cpu_after.items()}
    server_cpu = sum(threads.values())
    await asyncio.gather(*askers)

    def figures(values: list[float]) -> str:
        got = percentiles(values)
        return f"{got['latency_ms_p50']}/{got['latency_ms_p90']}/{got['latency_ms_max']}"

    return {"mode": "frames", "ask": "hellos" if hellos else "frames", "games": len(games),
            "steps": [g[1] for g in games][:3],
            "clients": clients, "seconds": round(elapsed, 1),
            "hello_ms_p50_p90_max": figures(timed["hello"]),
            "move_ms_p50_p90_max": figures(timed["move"]),
            "frames_per_second": round(answers["200"] / elapsed, 1),
            "answers": dict(answers), "server_cpu_cores": round(server_cpu / elapsed, 2),
            # the event loop's thread, and the others' (the replay thread's frames most)
            "loop_cpu_cores": round(threads.get(pid, 0.0) / elapsed, 2),
            "threads_cpu_cores": round((server_cpu - threads.get(pid, 0.0)) / elapsed, 2),
            # all of it, the honest player's and the refusals' too, per frame served
            "server_cpu_ms_per_frame": round(1000 * server_cpu / max(1, answers["200"]), 2)}


@contextlib.contextmanager
def servers(url: str, count: int, workers: int | None, rate_limits: bool = False
            ) -> Iterator[tuple[list[str], list[int]]]:
    procs, bases = [], []
    try:
        for _ in range(count):
            port = free_port()
            command = [sys.executable, "-m", "keizai.cli", "serve", "--port", str(port),
                       "--database-url", url, "--bot-delay", "0"]
            if not rate_limits:
                command.append("--no-rate-limits")
            if workers:
                command += ["--bot-workers", str(workers)]
            procs.append(subprocess.Popen(command, stdout=subprocess.DEVNULL))
            base = f"http://127.0.0.1:{port}"
            for _ in range(600):
                try:
                    httpx.get(f"{base}/api/catalog")
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            bases.append(base)
        yield bases, [proc.pid for proc in procs]
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait()


@contextlib.contextmanager
def database(args: argparse.Namespace) -> Iterator[str]:
    if args.database_url:
        yield args.database_url
    elif args.postgres:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from tests.postgres import postgres_server

        with postgres_server() as url:
            yield url
    else:
        yield f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["games", "spectators", "bots", "late", "frames"],
                        nargs="?",
                        default="games")
    parser.add_argument("--games", type=int, default=40,
                        help="games in play (games mode), finished games (frames mode)")
    parser.add_argument("--clients", type=int, default=16,
                        help="frames mode: /64s of one /48 asking for frames")
    parser.add_argument("--hellos", action="store_true",
                        help="frames mode: the /48 opens spectators' WebSockets instead")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a player thinks before each action (games mode; "
                             "default 0: the closed loop, every answer at once)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--bot-games", type=int, default=8)
    parser.add_argument("--bot-workers", type=int, default=None)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--postgres", action="store_true",
                        help="a temporary PostgreSQL server (tests/postgres.py)")
    parser.add_argument("--url", action="append", default=None,
                        help="drive this running server (repeat for several) instead of "
                             "starting one; its CPU is not measured")
    parser.add_argument("--game", default="enterprise-empire", help="late and frames modes' game")
    parser.add_argument("--players", type=int, default=4, help="late and frames modes' seats")
    args = parser.parse_args()
    if args.mode == "late":
        print(json.dumps(bench_late(args.game, args.players, args.spectators), indent=1))
        return
    if args.mode == "frames":
        with database(args) as url:
            stored = store_finished(url, args.game, args.players, args.games)
            with servers(url, 1, args.bot_workers, rate_limits=True) as (bases, pids):
                asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
                print(json.dumps(asyncio.run(bench_frames(
                    bases[0], stored, args.clients, args.seconds, pids[0], args.hellos))))
        return
    with database(args) as url, \
            servers(url, 0 if args.url else args.processes, args.bot_workers) \
            as (bases, pids):
        bases = args.url or bases
        # The clients share the cores with the servers: uvloop and orjson keep their
        # share small (it is reported as client_cpu_cores).
        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
        if args.mode == "games":
            result = asyncio.run(bench_games(bases, args.games, args.seconds, pids,
                                             args.think))
        elif args.mode == "spectators":
            result = asyncio.run(bench_spectators(bases[0], args.spectators, args.moves))
        else:
            result = asyncio.run(bench_bots(bases[0], args.bot_games, args.moves))
        result["database"] = url.split(":")[0]
        print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
