"""Play complete games between agents and summarise them."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import keizai
from keizai.agents import make_agent


@dataclass
class GameResult:
    seed: int
    agents: list[str]
    scores: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    length: int = 0
    error: str | None = None


def play_game(game_id: str, players: int, seed: int, agents: list[str],
              options: dict[str, Any] | None = None) -> GameResult:
    """One complete game; seat i is played by agents[i]. Errors are reported, not raised."""
    result = GameResult(seed=seed, agents=list(agents))
    try:
        state = keizai.new_game(game_id, players, seed=seed, options=options)
        state.log_enabled = False
        seats = [make_agent(spec, seed * 31 + i) for i, spec in enumerate(agents)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(seats[seat].choose(state))
        result.scores = [row["total"] for row in state.scores()]
        result.ranking = state.ranking()
        result.length = len(state.history)
    except Exception as error:  # a simulation reports broken games instead of stopping
        result.error = f"{type(error).__name__}: {error}"
    return result


def run_games(game_id: str, players: int, games: int, seed: int,
              agents: list[str] | None = None) -> dict[str, Any]:
    """Play `games` games with seeds seed, seed+1, ... and return a JSON-ready summary."""
    line_up = agents or ["random"] * players
    if len(line_up) != players:
        raise ValueError(f"{players} players need {players} agents, got {len(line_up)}")
    started = time.perf_counter()
    results = [play_game(game_id, players, seed + g, line_up) for g in range(games)]
    elapsed = time.perf_counter() - started
    finished = [r for r in results if r.error is None]
    mean_scores = [
        round(sum(r.scores[s] for r in finished) / len(finished), 2) if finished else None
        for s in range(players)
    ]
    wins = [sum(1 for r in finished if r.ranking[0] == s) for s in range(players)]
    return {
        "game": game_id,
        "players": players,
        "agents": line_up,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
        "mean_scores": mean_scores,
        "wins": wins,
        "mean_length": round(sum(r.length for r in finished) / len(finished), 1)
        if finished else None,
        "errors": len(results) - len(finished),
        "error_samples": [f"seed {r.seed}: {r.error}" for r in results if r.error][:5],
    }
