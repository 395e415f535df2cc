"""Play one complete game between agents."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import keizai
from keizai.agents import make_agent, without_time_cap
from keizai.engine import InvalidSetup, State
from keizai.engine.errors import shown
from keizai.engine.integers import as_integer
from keizai.engine.registry import integer_seed


@dataclass
class GameResult:
    seed: int
    agents: list[str]  # agent spec per seat
    scores: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    places: list[list[int]] = field(default_factory=list)  # shared places: several seats
    length: int = 0
    won: int | None = None  # solo games with a target score: 1 if it was reached
    target: int | None = None  # that target
    error: str | None = None
    # with play_game(record=True): the game's record (State.record()); after an error,
    # the actions up to it, so that the failure can be replayed (None if the game could
    # not be set up)
    record: dict[str, Any] | None = None


def play_game(game_id: str, players: int, seed: int, agents: list[str],
              options: dict[str, Any] | None = None,
              agent_seeds: list[int] | None = None, record: bool = False) -> GameResult:
    """One complete game; seat i is played by agents[i] (seeded by agent_seeds[i], or
    by a number derived from the game seed). Errors are reported, not raised; but a seed
    or a number of players that is no integer (a float, a bool, a string) is refused at
    once (InvalidSetup), as the result would hold the seed. With `record`, the result
    keeps the game's record. `players` and `seed` may be NumPy's integers: the result
    holds the Python ints they are (its row is JSON), and the agents' seeds are derived
    from them as from those ints (never wrapped at 64 bits)."""
    players, seed = _whole_players(players), integer_seed(seed)
    result = GameResult(seed=seed, agents=list(agents))
    state: State | None = None
    try:
        state = keizai.new_game(game_id, players, seed=seed, options=options)
        state.log_enabled = False
        seeds = agent_seeds or [seed * 31 + i for i in range(players)]
        # a level's time cap would make the games depend on the machine's load
        seats = [make_agent(without_time_cap(spec), seeds[i]) for i, spec in enumerate(agents)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(seats[seat].choose(state))
        final = state.scores()
        result.scores = [row["total"] for row in final]
        if players == 1 and "won" in final[0]:
            result.won = int(final[0]["won"])
            result.target = final[0].get("target")
        result.ranking = state.ranking()
        result.places = state.places()
        result.length = len(state.history)
    except Exception as error:  # a simulation reports broken games instead of stopping
        result.error = f"{type(error).__name__}: {error}"
    if record and state is not None:
        result.record = state.record()
    return result


def _whole_players(players: object) -> int:
    """`players` as the Python int it is if it is an integer of any type (NumPy's), else
    InvalidSetup; a count the game does not take is left for its result to report."""
    count = as_integer(players)
    if count is None:
        raise InvalidSetup.refuse("setup.players_type", value=shown(players))
    return count
