"""Speed of the engine and the search, per game, on one core.

Measures complete random games, engine steps (applied actions), `clone()` calls and MCTS
iterations (random rollouts to the end of the game, and the `hard` level's short rollouts
with an evaluation) per CPU-second of this process (`time.process_time`, so other work on
the machine lowers the figures less than a wall clock would), each for about `seconds`.
The random games are the loop docs/performance.md and issue #16 measure: the checked
`apply` of a random legal index, logging off, `scores()` at the end of each game.
"""

from __future__ import annotations

import time
from typing import Any

import keizai
from keizai.agents import MCTSAgent
from keizai.engine import Rng, State

# The most seconds a figure is measured for: a game takes about three times as long, and
# a larger number (1e308) would never end.
MAX_SECONDS = 600.0


def _position(game_id: str, players: int, seed: int, steps: int) -> State:
    """A mid-game position: `steps` random actions from the start (fewer if it ends)."""
    rng = Rng(seed)
    state = keizai.new_game(game_id, players, seed=seed)
    state.log_enabled = False
    while not state.is_over and len(state.history) < steps:
        legal = state.legal_indices()
        state.apply_index(legal[rng.randbelow(len(legal))])
    if state.is_over or len(state.legal_indices()) < 2:
        return _position(game_id, players, seed + 1, steps)
    return state


def _mcts_rate(state: State, seconds: float, **params: Any) -> float:
    agent = MCTSAgent(seed=1, time=seconds, reuse=0, **params)
    started = time.process_time()
    agent.choose(state)
    return agent.last_iterations / (time.process_time() - started)


def seconds_ok(seconds: float) -> bool:
    """Whether `seconds` is a time to measure for: above 0, at most MAX_SECONDS (not NaN)."""
    return 0 < seconds <= MAX_SECONDS


def bench_game(game_id: str, players: int = 2, seconds: float = 1.0,
               seed: int = 1) -> dict[str, Any]:
    """Figures for one game and player count (see the module docstring); ValueError unless
    `seconds_ok(seconds)`."""
    if not seconds_ok(seconds):
        raise ValueError(f"seconds must be above 0 and at most {MAX_SECONDS:g}, "
                         f"not {seconds!r}")
    rng = Rng(seed)
    games = steps = 0
    started = time.process_time()
    while True:
        state = keizai.new_game(game_id, players, seed=seed + games)
        state.log_enabled = False
        while not state.is_over:
            legal = state.legal_indices()
            state.apply(legal[rng.randbelow(len(legal))])
            steps += 1
        state.scores()
        games += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            break
    position = _position(game_id, players, seed, 30)
    clones = 0
    clone_started = time.process_time()
    while time.process_time() - clone_started < seconds / 2:
        for _ in range(200):
            position.clone()
        clones += 200
    clone_rate = clones / (time.process_time() - clone_started)
    return {
        "game": game_id,
        "players": players,
        "random_games_per_second": round(games / elapsed, 1),
        "steps_per_second": round(steps / elapsed),
        "clones_per_second": round(clone_rate),
        "mcts_iterations_per_second": round(_mcts_rate(position, seconds, depth=-1), 1),
        "mcts_hard_iterations_per_second": round(_mcts_rate(position, seconds, depth=6), 1),
        "engine": engine_build(),  # so that saved figures say which build made them
    }


def bench(game_ids: list[str] | None = None, players: int = 2, seconds: float = 1.0,
          seed: int = 1) -> list[dict[str, Any]]:
    """`bench_game` for every game (each at `players`, or its nearest allowed count)."""
    return [bench_game(game_id, player_count(game_id, players), seconds, seed)
            for game_id in game_ids or keizai.games()]


def player_count(game_id: str, players: int) -> int:
    """`players`, or the game's nearest allowed count (`bench` measures that one)."""
    game = keizai.get_game(game_id)
    return min(max(players, game.min_players), game.max_players)


def engine_build() -> str:
    """Which engine runs: the mypyc-compiled build (the default install) or plain Python,
    and why."""
    from keizai import _build

    return _build.describe()


def format_table(rows: list[dict[str, Any]]) -> str:
    """The figures as a table for a terminal of 80 columns (79 wide: the longest game id,
    then figures up to ten times this machine's under their headings), the note folded."""
    width = max([len("game"), *(len(r["game"]) for r in rows)])
    head = (f"{'game':{width}} {'pl':>2} {'games/s':>8} {'steps/s':>9} {'clones/s':>9} "
            f"{'mcts it/s':>10} {'hard it/s':>10}")
    lines = [head]
    for r in rows:
        lines.append(f"{r['game']:{width}} {r['players']:2d} "
                     f"{r['random_games_per_second']:8.1f} {r['steps_per_second']:9d} "
                     f"{r['clones_per_second']:9d} {r['mcts_iterations_per_second']:10.1f} "
                     f"{r['mcts_hard_iterations_per_second']:10.1f}")
    lines.append("per CPU-second of one process;")
    lines.append("games: the checked apply of a random legal index, scores() at the end")
    lines.append(f"engine: {engine_build()}")
    return "\n".join(lines)
