"""Load benchmark of the web server: many concurrent games played by bot clients over
WebSockets on loopback. Prints actions/s and the p50/p99 latency of one action (from
sending it to receiving the state that includes it).

    .venv/bin/python bench/web_load.py --games 40 --seconds 60

Starts its own `keizai serve` on a temporary SQLite file (or --database-url) and a free
loopback port; bounded by --games and --seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def seat_client(ws_url: str, seat: int, token: str, chooser: random.Random,
                      deadline: float, latencies: list[float]) -> int:
    """Play one seat until the game ends or time is up; the number of actions sent."""
    sent = 0
    pending: tuple[int, float] | None = None
    async with connect(f"{ws_url}?seat={seat}&token={token}", max_size=2**22) as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message.get("type") != "state":
                continue
            if pending and message["step"] > pending[0]:
                latencies.append(time.perf_counter() - pending[1])
                pending = None
            if message["over"] or time.perf_counter() > deadline:
                return sent
            if message["legal"] and pending is None:
                action = chooser.choice(message["legal"])["name"]
                pending = (message["step"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action,
                                          "step": message["step"]}))
                sent += 1
    return sent


async def run(url: str, games: int, players: int, seconds: float) -> dict:
    async with httpx.AsyncClient(base_url=url) as http:
        created = [(await http.post("/api/games", json={
            "game": "national-economy/mecenat", "seats": ["human"] * players,
            "seed": 1000 + g})).json() for g in range(games)]
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    ws_base = url.replace("http", "ws")
    counts = await asyncio.gather(*(
        seat_client(f"{ws_base}/ws/games/{game['id']}", s["seat"], s["token"],
                    random.Random(g * 10 + s["seat"]), deadline, latencies)
        for g, game in enumerate(created) for s in game["seats"]))
    elapsed = time.perf_counter() - started
    async with httpx.AsyncClient(base_url=url) as http:
        finished = sum([(await http.get(f"/api/games/{g['id']}")).json()["over"]
                        for g in created])
    latencies.sort()
    return {
        "games": games, "players": players, "connections": games * players,
        "actions": sum(counts), "seconds": round(elapsed, 2),
        "actions_per_second": round(sum(counts) / elapsed, 1),
        "games_finished": finished,
        "latency_ms_p50": round(1000 * statistics.median(latencies), 2),
        "latency_ms_p99": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    port = free_port()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    server = subprocess.Popen([sys.executable, "-m", "keizai.cli", "serve", "--port", str(port),
                               "--database-url", url, "--bot-delay", "0"],
                              stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                httpx.get(f"{base}/api/catalog")
                break
            except httpx.TransportError:
                time.sleep(0.05)
        result = asyncio.run(run(base, args.games, args.players, args.seconds))
        result["database"] = url.split(":")[0]
        print(json.dumps(result, indent=1))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
