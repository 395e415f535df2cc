"""Can one stranger's legitimate requests stall the server's event loop for everyone?

    .venv/bin/python bench/web_stall.py --attack undo --seconds 20
    .venv/bin/python bench/web_stall.py --attack quiet
    .venv/bin/python bench/web_stall.py --costs

One server in this process, as `keizai serve` runs it (uvloop, its rate limits, frame
budget and head bounds; `--bot-delay 0`), with a probe task on its event loop: it sleeps
1 ms over and over and records how late it wakes (the loop's longest block, and the
share of the time it was held). The clients run in a child process (so they do not take
this process's GIL): an honest player (IPv4 192.0.2.7, `web_load.honest_player`: a
Futuropia table opened, 3 moves timed, once a second) and, apart from `quiet`, a
stranger (198.51.100.9, through X-Forwarded-For from loopback) within their budgets:

`undo`: a 4-player 企業帝國 game against 3 random bots, stored at its late steps (its
log some 2,500 entries), its seat open in 4 pages and 1 spectator's, taking back the
seat's move and playing it again, as often as the "act" budget allows.
`sockets`: the same game, its seat in 64 pages (the WebSockets one client may hold),
playing as fast as the budget and the bots allow.
`behind`: the same game, 63 spectators' pages whose hellos said `since 1` (each then
short of the log's next part, never asked for) and that never read, the seat playing.
`hellos`: the same game with 63 spectators' pages open, the seat's page closed and
opened again within the "connect" budget (each a presence message to the others).
`lobby`: the lobby's listing (200 tables stored) within its budget.

`--costs`: no server; the event loop's CPU of single operations in a table of this
process, at the end of a 4-player game of each kind: an undo's whole logs re-rendered
for the seat's and a spectator's pages (with and without the English lines, as every
seat's), a presence and the seat lines with 1,024 connections (a /48's WebSockets), and
the size of the message a connection behind on its log gets its own copy of.

The figures: the probe's lateness (max, p99, the share of time held past 1 ms), the
honest player's moves and hellos (ms p50/p90/max), the stranger's requests answered,
the event loop thread's CPU share and the process's memory at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import resource
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))

import keizai

STRANGER = "198.51.100.9"
PACE = 1 / 14   # seconds between the stranger's messages: the "act" and frame budgets' 15/s
GAME, PLAYERS, LATE_SHARE = "enterprise-empire", 4, 0.75


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# ----- the server (this process) ------------------------------------------------------
def store_late_game(url: str) -> dict[str, Any]:
    """A 企業帝國 game of 4 (seat 0 a person's, 3 random bots), stored at about its
    last quarter (`LATE_SHARE`), seat 0 to move: its id and seat 0's token."""
    from keizai.engine.rng import Rng
    from keizai.store.db import SeatRow, Store

    whole = keizai.new_game(GAME, PLAYERS, 5)
    whole.play_out(Rng(5))
    actions = whole.record()["actions"]
    state = keizai.new_game(GAME, PLAYERS, 5)
    for name in actions:   # up to seat 0's last move before `LATE_SHARE` of the game
        if len(state.history) >= LATE_SHARE * len(actions) and state.current_player == 0:
            break
        state.apply(name)
    assert not state.is_over and state.current_player == 0
    token = secrets.token_urlsafe(16)
    store = Store(url)
    store.create_game("1a7e00000000", state.record(), "host-late", [
        SeatRow(0, "human", None, token, True),
        *(SeatRow(seat, "bot", "random", f"bot{seat}", True) for seat in range(1, PLAYERS))])
    store.close()
    return {"id": "1a7e00000000", "token": token, "steps": len(state.history),
            "events": state.event_count()}


async def serve(url: str, port: int, child: list[str]) -> dict[str, Any]:
    import uvicorn

    from keizai.web import create_app
    from keizai.web.app import Collector, Limits
    from keizai.web.frames import FrameBudget
    from keizai.web.heads import HeadBounds

    limits = Limits()
    app = create_app(url, bot_delay=0.0, limits=limits, bot_workers=1,
                     collector=Collector())
    assert limits.frames is not None
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, ws_max_size=64 * 1024, log_level="warning",
        http=HeadBounds(seconds=10.0, most=limits.connections, proxies="127.0.0.1"
                        ).protocol(),
        ws=FrameBudget(*limits.frames).protocol(), ws_per_message_deflate=False,
        proxy_headers=True, forwarded_allow_ips="127.0.0.1", loop="none")
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    # (wall time, seconds late, the loop thread's CPU seconds meanwhile): on a shared
    # machine the lateness counts the other processes' turns too, the CPU does not
    late: list[tuple[float, float, float]] = []

    async def probe() -> None:
        loop = asyncio.get_running_loop()
        while True:
            started, cpu = loop.time(), time.thread_time()
            await asyncio.sleep(0.001)
            late.append((time.time(), loop.time() - started - 0.001,
                         time.thread_time() - cpu))

    collections: list[tuple[float, int, float]] = []   # (wall time, generation, seconds)
    collecting: list[float] = []

    def timed_collection(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collecting[:] = [time.perf_counter()]
        elif collecting:
            collections.append((time.time(), info["generation"],
                                time.perf_counter() - collecting[0]))

    gc.callbacks.append(timed_collection)
    probing = asyncio.create_task(probe())
    clients = await asyncio.create_subprocess_exec(*child, stdout=subprocess.PIPE)
    out, _ = await clients.communicate()
    report = json.loads(out.decode().strip().splitlines()[-1])
    probing.cancel()
    server.should_exit = True
    await serving
    start, stop = report.pop("window")
    held = sorted(wait for when, wait, _ in late if start <= when <= stop)
    worked = sorted(cpu for when, _, cpu in late if start <= when <= stop)
    longest = sorted(((cpu, when) for when, _, cpu in late if start <= when <= stop),
                     reverse=True)[:5]
    report["loop_cpu_blocks_ms_at_s"] = [(round(1000 * cpu, 1), round(when - start, 2))
                                         for cpu, when in longest]
    report["loop_cpu_share"] = round(sum(worked) / max(1e-9, stop - start), 3)
    report["collections_ms_over_5"] = [(generation, round(1000 * took),
                                        round(when - start, 2))
                                       for when, generation, took in collections
                                       if start <= when <= stop and took > 0.005]
    report["loop_late_ms_max"] = round(1000 * held[-1], 1) if held else None
    report["loop_late_ms_p99"] = round(1000 * held[int(0.99 * (len(held) - 1))], 1) \
        if held else None
    report["loop_held_share"] = round(sum(held) / max(1e-9, stop - start), 3)
    report["server_max_rss_mb"] = round(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    return report


# ----- the clients (the child process) -------------------------------------------------
def headers(address: str) -> dict[str, str]:
    return {"x-forwarded-for": address}


async def page(base: str, game_id: str, hello: dict[str, Any], address: str = STRANGER
               ) -> Any:
    from websockets.asyncio.client import connect

    ws = await connect(f"{base.replace('http', 'ws')}/ws/games/{game_id}",
                       max_size=2**24, open_timeout=60,
                       additional_headers=headers(address))
    await ws.send(json.dumps({"type": "hello", "log": False, **hello}))
    return ws


async def next_state(ws: Any, answers: Counter[str]) -> dict[str, Any]:
    while True:
        try:
            message = orjson.loads(await asyncio.wait_for(ws.recv(), 10))
        except TimeoutError:
            answers["no_answer"] += 1
            raise LookupError from None
        if message.get("type") == "state":
            return message
        if "error" in message:   # refused: the caller reads the state anew
            answers[message["error"]["code"]] += 1
            if message["error"]["code"] == "rate_limited":
                await asyncio.sleep(float(message["error"]["params"]["seconds"]))
            raise LookupError


async def own_turn(ws: Any, answers: Counter[str]) -> dict[str, Any]:
    """The seat's next state in which it is to move (bots move in between)."""
    while True:
        message = await next_state(ws, answers)
        if message["over"] or message["legal"]:
            return message


async def play_seat(base: str, game: dict[str, Any], stop: float, answers: Counter[str],
                    undo: bool) -> None:
    """Seat 0: moves (and with `undo`, each taken back and played again)."""
    from websockets.exceptions import ConnectionClosed

    ws: Any = None
    message: dict[str, Any] = {"over": False, "legal": []}
    while time.time() < stop and not message["over"]:
        try:
            if not message["legal"]:   # (again, once refused) the seat's page opened
                if ws is not None:
                    await ws.close()
                    await asyncio.sleep(0.5)   # the "connect" budget
                ws = await page(base, game["id"], {"seat": 0, "token": game["token"]})
                message = await own_turn(ws, answers)
                continue
            await asyncio.sleep(PACE)
            await ws.send(json.dumps({"type": "act", "step": message["step"],
                                      "action": message["legal"][0]["name"]}))
            message = await own_turn(ws, answers)
            answers["act"] += 1
            if undo and message["undo"]:
                await asyncio.sleep(PACE)
                await ws.send(json.dumps({"type": "undo", "step": message["step"]}))
                message = await own_turn(ws, answers)
                answers["undo"] += 1
        except (LookupError, ConnectionClosed):   # refused (for the budget: waited)
            message = {**message, "legal": []}
    if ws is not None:
        await ws.close()


async def drain(ws: Any) -> None:
    with contextlib.suppress(Exception):
        while True:
            await ws.recv()


async def stranger(base: str, attack: str, game: dict[str, Any], stop: float,
                   answers: Counter[str]) -> None:
    import httpx

    if attack == "lobby":
        async with httpx.AsyncClient(base_url=base, timeout=60,
                                     headers=headers(STRANGER)) as http:
            while time.time() < stop:
                answer = await http.get("/api/games")
                answers[str(answer.status_code)] += 1
                if answer.status_code == 429:
                    await asyncio.sleep(float(answer.headers["retry-after"]) / 4)
        return
    others: list[Any] = []
    count = {"undo": 4, "sockets": 63, "behind": 63, "hellos": 63}[attack]
    for number in range(count):
        while True:
            try:
                hello: dict[str, Any] = {"seat": 0, "token": game["token"]} \
                    if attack in ("undo", "sockets") and number < count - 1 else {}
                if attack == "behind":
                    hello["since"] = 1
                ws = await page(base, game["id"], hello)
                first = orjson.loads(await ws.recv())
                if first.get("type") == "state":
                    break
                await ws.close()
            except Exception:
                pass
            await asyncio.sleep(0.5)   # the connect budget: 30, then 2 a second
        others.append(ws)
    readers = [asyncio.create_task(drain(ws)) for ws in others] \
        if attack != "behind" else []
    if attack == "hellos":
        while time.time() < stop:
            try:
                ws = await page(base, game["id"], {"seat": 0, "token": game["token"]})
                answers[orjson.loads(await ws.recv()).get("type", "?")] += 1
                await ws.close()
            except Exception:
                answers["dropped"] += 1
            await asyncio.sleep(0.5)
    else:
        await play_seat(base, game, stop, answers, undo=attack == "undo")
    for task in readers:
        task.cancel()
    for ws in others:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(), 2)


async def clients(base: str, attack: str, game: dict[str, Any], seconds: float
                  ) -> dict[str, Any]:
    from web_load import honest_player, percentiles

    answers: Counter[str] = Counter()
    stop = time.time() + seconds + (0 if attack == "quiet" else 30)
    task = None if attack == "quiet" else asyncio.create_task(
        stranger(base, attack, game, stop, answers))
    if task is not None:   # the stranger's pages opened first (the connect budget)
        await asyncio.sleep(30 if attack in ("sockets", "behind", "hellos") else 3)
    start = time.time()
    timed = await honest_player(base, time.perf_counter() + seconds)
    window = [start, time.time()]
    if task is not None:
        await task

    def figures(values: list[float]) -> str:
        got = percentiles(values)
        return f"{got['latency_ms_p50']}/{got['latency_ms_p90']}/{got['latency_ms_max']}"

    return {"attack": attack, "window": window, "answers": dict(answers),
            "honest_move_ms_p50_p90_max": figures(timed["move"]),
            "honest_hello_ms_p50_p90_max": figures(timed["hello"])}


def operation_costs() -> list[dict[str, Any]]:
    """`--costs`' figures (best of 5, ms of this thread's CPU)."""
    from fastapi.testclient import TestClient

    from keizai.engine.rng import Rng
    from keizai.web import create_app
    from keizai.web.app import Limits
    from keizai.web.table import Connection, Table, encode

    def best(call: Any) -> float:
        fastest = float("inf")
        for _ in range(5):
            started = time.thread_time()
            call()
            fastest = min(fastest, time.thread_time() - started)
        return round(1000 * fastest, 2)

    async def measure(table: Table, actions: list[str]) -> dict[str, Any]:
        for name in actions:
            mover = table.state.current_player
            assert mover is not None
            await table._apply(mover, name)
        state = table.state
        figures: dict[str, Any] = {"events": state.event_count()}
        for label, pages in (("seat_and_spectator", [0, None]),
                             ("every_seat", [*range(PLAYERS), None])):
            table.connections = {Connection(seat, 0, lines=lines)
                                 for seat in pages for lines in (True, False)}

            def undone() -> None:   # what `Table._undo` does on the loop after its write
                table._logs_restart()
                table.broadcast()

            figures[f"undo_rerender_{label}_ms"] = best(undone)
        table.connections = {Connection(None if n % 2 else 0, state.event_count(),
                                        lines=False) for n in range(1024)}
        figures["seat_lines_1024_ms"] = best(table.seat_lines)
        figures["presence_1024_ms"] = best(table.presence)
        short = table.payload(Connection(0, 1, lines=False), most=0)
        del short["log_from"]
        figures["behind_copy_chars"] = len(encode(short))
        table.connections = set()
        return figures

    rows = []
    for game in ("enterprise-empire", "futuropia", "national-economy/glory"):
        whole = keizai.new_game(game, PLAYERS, 5)
        whole.play_out(Rng(5))
        actions = whole.record()["actions"][:-1]
        with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(
                f"sqlite:///{tmp}/costs.sqlite3", limits=Limits.off(),
                chosen_seeds=True)) as client:
            created = client.post("/api/games", json={
                "game": game, "seats": ["human"] * PLAYERS, "seed": 5}).json()
            assert client.portal is not None
            table = client.app.state.tables.tables[created["id"]]  # type: ignore[attr-defined]
            rows.append({"game": f"{game} {PLAYERS}p", "steps": len(actions),
                         **client.portal.call(measure, table, actions)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--attack", default="undo",
                        choices=["quiet", "undo", "sockets", "behind", "hellos", "lobby"])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--costs", action="store_true")
    parser.add_argument("--clients", help=argparse.SUPPRESS)   # the child: base URL
    parser.add_argument("--game", help=argparse.SUPPRESS)      # the child: the game, JSON
    args = parser.parse_args()
    if args.costs:
        for row in operation_costs():
            print(json.dumps(row))
        return
    if args.clients:
        import uvloop

        report = uvloop.run(clients(args.clients, args.attack, json.loads(args.game),
                                    args.seconds))
        print(json.dumps(report))
        return
    import uvloop

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/stall.sqlite3"
        game = store_late_game(url)
        if args.attack == "lobby":
            store_lobby(url)
        port = args.port or free_port()
        child = [sys.executable, __file__, "--attack", args.attack, "--seconds",
                 str(args.seconds), "--clients", f"http://127.0.0.1:{port}",
                 "--game", json.dumps(game)]
        report = uvloop.run(serve(url, port, child))
    print(json.dumps({"game": f"{GAME} {PLAYERS}p", "steps": game["steps"],
                      "events": game["events"], **report}))


def store_lobby(url: str) -> None:
    """200 listed tables of 4 (the lobby lists as many), each with seats to take."""
    from keizai.store.db import SeatRow, Store

    store = Store(url)
    for number in range(200):
        record = keizai.new_game("national-economy/glory", 4, number).record()
        store.create_game(f"10bb{number:08x}", record, f"host{number}", [
            SeatRow(seat, "human", None, f"l{number}-{seat}", False, open=True)
            for seat in range(4)])
    store.close()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
