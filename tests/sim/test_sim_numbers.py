"""A tournament's number of games and a game's seed, as a researcher's script passes
them: a whole number (Python's or NumPy's) or a refusal at once, with the reason. Found
by h210: `Tournament(games=3.5)` failed later with "list indices must be integers",
`games="3"` with a comparison TypeError, `games=True` was taken as 1 game, and
`play_game` with the seed 7.0 kept the float as its result's seed."""

from __future__ import annotations

import pytest

from keizai import i18n
from keizai.engine import InvalidSetup
from keizai.sim import Tournament, play_game, run_tournament

GAME = "national-economy/progress"


@pytest.mark.parametrize("games", [3.5, 3.0, "3", True, None, [3]],
                         ids=["half", "float", "text", "bool", "none", "list"])
def test_a_tournament_refuses_games_that_are_no_whole_number(games: object) -> None:
    with pytest.raises(InvalidSetup) as refused:
        Tournament(GAME, 2, ["random"], games)  # type: ignore[arg-type]
    assert refused.value.message_id == "sim.err.games_whole"
    for lang in ("en", "ja", "zh-TW"):  # the reason names the value given
        text = i18n.tr(refused.value.message_id, lang, **refused.value.params)
        assert refused.value.params["value"] in text


def test_a_tournament_of_whole_games_is_set_up() -> None:
    assert Tournament(GAME, 2, ["random"], 3).games == 3


@pytest.mark.parametrize("seed", [7.0, 7.5, "7", True], ids=["float", "half", "text", "bool"])
def test_a_game_refuses_a_seed_that_is_no_whole_number_at_once(seed: object) -> None:
    """Not a result of a game never set up that holds the float as its seed."""
    with pytest.raises(InvalidSetup) as refused:
        play_game(GAME, 2, seed, ["random", "random"])  # type: ignore[arg-type]
    assert refused.value.message_id == "setup.seed"


def test_a_game_of_a_whole_seed_holds_it() -> None:
    result = play_game(GAME, 2, 7, ["random", "random"])
    assert result.error is None and result.seed == 7 and type(result.seed) is int


@pytest.mark.parametrize("workers", [0, -2, 2.0, 1.5, "2", True],
                         ids=["zero", "negative", "float", "half", "text", "bool"])
def test_a_run_refuses_workers_that_are_no_count_of_processes(workers: object) -> None:
    """`workers=0` quietly meant all cores, `True` one process, and a float or a string
    failed inside the process pool; None is what means all cores."""
    tournament = Tournament(GAME, 2, ["random"], 2, seed=1)
    with pytest.raises(InvalidSetup) as refused:
        run_tournament(tournament, workers=workers)  # type: ignore[arg-type]
    assert refused.value.message_id == "sim.err.workers"
    for lang in ("en", "ja", "zh-TW"):  # the reason names the value given
        text = i18n.tr(refused.value.message_id, lang, **refused.value.params)
        assert refused.value.params["value"] in text


def test_a_run_of_one_worker_plays_its_games() -> None:
    result = run_tournament(Tournament(GAME, 2, ["random"], 2, seed=1), workers=1)
    assert len(result.rows) == 2 and result.workers == 1


@pytest.mark.parametrize("players", [2.0, "2", True], ids=["float", "text", "bool"])
def test_a_game_refuses_players_that_are_no_whole_number_at_once(players: object) -> None:
    """As its seed: not a result that holds the refusal as the game's error."""
    with pytest.raises(InvalidSetup) as refused:
        play_game(GAME, players, 7, ["random", "random"])  # type: ignore[arg-type]
    assert refused.value.message_id == "setup.players_type"
