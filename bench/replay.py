"""Replaying a record against playing the same game, per game, on one core.

The records are random games (`apply` of a random legal index, seeds 0, 1, ...). Each is
then rebuilt four ways, milliseconds per game (CPU time, the best of `--repeats` passes
over all the records):
- `play`: `apply` of each action's index, logging off (the engine's own play, the loop
  of `keizai bench` and `bench/games_per_cpu.py`);
- `play+log`: the same with the event log;
- `replay nolog`: `keizai.replay(record, log=False)` (each action applied by its name,
  checked);
- `replay`: `keizai.replay(record)`, as the web replay and `keizai replay` call it.

`--web`: instead, the server's CPU time per replay frame (`GET /api/games/{id}/replay`,
with and without the English log lines) at step 1, the middle and the end of one such
game of each, which a `keizai serve` process on loopback has been played through.

docs/performance.md ("Replay") has the figures.

    .venv/bin/python bench/replay.py [--players 4] [--games 10] [--repeats 5] [GAME ...]
    .venv/bin/python bench/replay.py --web [--frames 50] [GAME ...]
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
from regression import random_game
from web_load import cpu_seconds, free_port

import keizai
from keizai.sim.bench import engine_build

GAMES = ("national-economy/progress", "futuropia", "enterprise-empire")


def records(game_id: str, players: int, count: int) -> list[dict[str, Any]]:
    """`count` random games' records (seeds 0 to count - 1)."""
    return [random_game(game_id, players, seed).record() for seed in range(count)]


def play(record: dict[str, Any], log: bool) -> None:
    """The record's game played again by action index (each one checked by `apply`)."""
    state = keizai.new_game(record["game"], record["players"], record["seed"],
                            record["options"])
    state.log_enabled = log
    by_name = state.game.action_space.by_name
    for index in [by_name(name).index for name in record["actions"]]:
        state.apply(index)


WAYS: dict[str, Callable[[dict[str, Any]], object]] = {
    "play": lambda record: play(record, False),
    "play+log": lambda record: play(record, True),
    "replay nolog": lambda record: keizai.replay(record, log=False),
    "replay": keizai.replay,
}


def milliseconds(way: Callable[[dict[str, Any]], object], games: list[dict[str, Any]],
                 repeats: int) -> float:
    """CPU milliseconds per game of `way`, the best of `repeats` passes."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        for record in games:
            way(record)
        best = min(best, time.process_time() - started)
    return best * 1000 / len(games)


@contextlib.contextmanager
def server() -> Iterator[tuple[httpx.Client, int]]:
    """`keizai serve` on loopback and a temporary SQLite file: a client and its pid."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "keizai.cli", "serve", "--port", str(port),
             "--database-url", f"sqlite:///{folder}/replay.sqlite3", "--no-rate-limits",
             "--chosen-seeds"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
                for _ in range(600):
                    with contextlib.suppress(httpx.TransportError):
                        client.get("/api/catalog")
                        break
                    time.sleep(0.05)
                yield client, process.pid
        finally:
            process.terminate()
            process.wait()


def played(client: httpx.Client, record: dict[str, Any]) -> str:
    """The id of a game the server has played through `record` (every seat human)."""
    game = client.post("/api/games", json={
        "game": record["game"], "seats": ["human"] * record["players"],
        "seed": record["seed"], "options": record["options"]}).json()
    state = keizai.new_game(record["game"], record["players"], record["seed"],
                            record["options"])
    for name in record["actions"]:
        seat = state.current_player
        assert seat is not None
        client.post(f"/api/games/{game['id']}/actions", json={
            "seat": seat, "token": game["seats"][seat]["token"], "action": name}
                    ).raise_for_status()
        state.apply(name)
    return str(game["id"])


def frame_milliseconds(client: httpx.Client, pid: int, game_id: str, step: int, log: bool,
                       frames: int) -> float:
    """The server's CPU milliseconds per replay frame at `step` (seen by seat 0)."""
    params = {"step": step, "seat": 0, "log": "true" if log else "false"}
    client.get(f"/api/games/{game_id}/replay", params=params).raise_for_status()
    started = cpu_seconds(pid)
    for _ in range(frames):
        client.get(f"/api/games/{game_id}/replay", params=params)
    return (cpu_seconds(pid) - started) * 1000 / frames


def web(game_ids: list[str], players: int, frames: int) -> None:
    print(f"{'game':28} {'actions':>7}   ms of server CPU per frame at step 1 / middle / end")
    with server() as (client, pid):
        for game_id in game_ids:
            record = records(game_id, players, 1)[0]
            game = played(client, record)
            total = len(record["actions"])
            for log in (True, False):
                times = [frame_milliseconds(client, pid, game, step, log, frames)
                         for step in (1, total // 2, total)]
                print(f"{game_id:28} {total:7d}   " + " / ".join(f"{ms:5.1f}" for ms in times)
                      + ("" if log else "   (log=false)"))
    print(f"{players} players; engine: {engine_build()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help="game ids")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10, dest="count",
                        help="records per game")
    parser.add_argument("--repeats", type=int, default=5, help="passes; the best counts")
    parser.add_argument("--web", action="store_true", help="the server's replay frames")
    parser.add_argument("--frames", type=int, default=50, help="frames per step (--web)")
    args = parser.parse_args()
    if args.web:
        web(args.games, args.players, args.frames)
        return
    print(f"{'game':28} {'actions':>7} " + " ".join(f"{way:>12}" for way in WAYS)
          + f" {'replay/play':>11}")
    for game_id in args.games:
        games = records(game_id, args.players, args.count)
        times = {way: milliseconds(run, games, args.repeats) for way, run in WAYS.items()}
        actions = sum(len(r["actions"]) for r in games) / len(games)
        print(f"{game_id:28} {actions:7.0f} "
              + " ".join(f"{ms:12.3f}" for ms in times.values())
              + f" {times['replay'] / times['play']:10.2f}x")
    print(f"ms of CPU per game, {args.players} players; engine: {engine_build()}")


if __name__ == "__main__":
    main()
