"""Tournaments: seat rotation, reproducibility, outputs and statistics."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from keizai.sim import Tournament, run_tournament
from keizai.sim.stats import binomial_p_greater, mean_ci, wilson
from keizai.sim.tournament import Task, TournamentResult, _in_chunks, play_tasks

GAME = "national-economy/progress"


def test_seats_are_rotated_over_the_same_deals() -> None:
    t = Tournament(GAME, 3, ["heuristic", "random", "random"], games=6, seed=10)
    tasks = t.tasks()
    assert [task.seed for task in tasks] == [10, 10, 10, 11, 11, 11]
    for seat in range(3):  # every entrant sits in every seat once per deal
        assert sorted(task.entrants[seat] for task in tasks[:3]) == [0, 1, 2]
    assert t.labels == ["heuristic", "random#1", "random#2"]
    # same entrant, same deal: same agent seed whatever the seat
    seeds = {(task.seed, e): s for task in tasks
             for e, s in zip(task.entrants, task.agent_seeds, strict=True)}
    assert len(seeds) == 6 and len(set(seeds.values())) == 6


def test_line_up_is_cycled_and_checked() -> None:
    assert Tournament(GAME, 4, ["heuristic", "random"], games=1).agents == [
        "heuristic", "random", "heuristic", "random"]
    for bad in (dict(agents=["nobody"]), dict(agents=["random"] * 3), dict(games=0)):
        args: dict[str, Any] = {"agents": ["random"], "games": 2, **bad}
        with pytest.raises(ValueError):
            Tournament(GAME, 2, args["agents"], games=args["games"])


def test_every_deal_must_be_a_seed_the_engine_takes() -> None:
    """The last games of a tournament whose seed is near the 64-bit limit dealt seeds past
    it: each failed as an error row (with no record); now the tournament is refused."""
    top = 2 ** 64 - 1
    assert Tournament(GAME, 2, ["random"], games=2, seed=top).tasks()[-1].seed == top
    with pytest.raises(ValueError, match=f"the last game's deal, seed {top + 1}: seed is too "
                                         "large: 65 bits"):
        Tournament(GAME, 2, ["random"], games=3, seed=top)
    with pytest.raises(ValueError, match="unknown option 'nothing'"):
        Tournament(GAME, 2, ["random"], games=3, options={"nothing": 1})


def test_same_seed_same_results_serial_and_pool() -> None:
    t = Tournament(GAME, 2, ["heuristic", "random"], games=8, seed=3)
    serial = run_tournament(t, workers=1)
    pooled = run_tournament(t, workers=2)
    assert serial.rows == pooled.rows
    assert [r["game"] for r in serial.rows] == list(range(8))
    other = run_tournament(Tournament(GAME, 2, ["heuristic", "random"], games=8, seed=4),
                           workers=1)
    assert other.rows != serial.rows


def test_slow_games_go_to_the_workers_one_by_one() -> None:
    """The results of slow games arrive (and are stored for --resume) as each game ends,
    not after a chunk of 16; fast games still go in chunks, which spare the hand-over."""
    tasks = Tournament(GAME, 2, ["random"], games=40).tasks()
    sizes: list[int] = []
    per_game = [2.0]  # seconds a game takes, as the workers report it
    played: list[int] = []

    def submit(chunk: list[Task]) -> list[Task]:
        sizes.append(len(chunk))
        return chunk

    def wait_any(pending: list[list[Task]]) -> tuple[list[object], list[list[Task]]]:
        chunk, *left = pending
        rows = [{"game": task.index} for task in chunk]
        return [(rows, per_game[0] * len(chunk))], left

    def collect(rows: list[dict[str, object]]) -> None:
        played.extend(int(str(row["game"])) for row in rows)
        if len(played) >= 10:
            per_game[0] = 0.001

    _in_chunks(tasks, 2, submit, wait_any, collect)
    assert sorted(played) == list(range(40))
    assert sizes[:12] == [1] * 12 and max(sizes) == 16


def test_outputs(tmp_path: Path) -> None:
    progress: list[int] = []
    result = run_tournament(Tournament(GAME, 2, ["heuristic", "random"], games=6, seed=1),
                            workers=1, on_progress=progress.append)
    assert sum(progress) == 6
    s = result.summary
    assert s["games"] == 6 and s["errors"] == 0 and s["games_per_second"] > 0
    assert len(s["mean_scores"]) == 2
    heuristic, rand = s["entrants"]
    assert heuristic["agent"] == "heuristic" and heuristic["games"] == 6
    assert heuristic["wins"] + rand["wins"] == 6
    lo, hi = heuristic["win_rate_ci"]
    assert lo <= heuristic["win_rate"] <= hi
    assert s["head_to_head"][0][1] + s["head_to_head"][1][0] == pytest.approx(1.0)
    rows = list(csv.DictReader(io.StringIO(result.csv_text())))
    assert len(rows) == 6
    assert rows[0].keys() >= {"seed", "seats", "agents", "scores", "winner", "length"}
    for row, game in zip(rows, result.rows, strict=True):
        assert row["scores"] == "|".join(str(x) for x in game["scores"])
        assert int(row["length"]) == game["length"] > 0
    written = result.write(str(tmp_path))
    names = {Path(p).name for p in written}
    assert names == {"results.json", "games.csv", "summary.txt", "scores.png", "winrate.png"}
    assert (tmp_path / "scores.png").read_bytes()[:4] == b"\x89PNG"
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["summary"]["entrants"][0]["agent"] == "heuristic"
    assert len(data["games"]) == 6
    assert "win rate" in (tmp_path / "summary.txt").read_text()


def test_the_summary_table_fits_an_80_column_terminal() -> None:
    """`keizai sim` prints the summary table to the terminal (stderr) and summary.txt: for
    two players (README's example, hard against heuristic) its lines were 98 columns, and
    its first line 80 or more with a long seed, so an 80-column terminal folded each
    one and the figures no longer stood under their headings. The agent column is now as
    wide as the longest agent's name and the first line is folded between its parts."""
    result = run_tournament(Tournament("national-economy/glory", 2, ["heuristic", "random"],
                                       games=4, seed=10**18), workers=1)
    first, *more = result.table_text().split("\n")
    head, *figures = [line for line in more if not line.startswith(" ")]
    assert max(len(line) for line in [first, *more]) <= 79, result.table_text()
    said = " ".join([first, *(line.strip() for line in more if line.startswith(" "))])
    assert said.startswith(f"national-economy/glory, 2 players, 4 games, seed {10**18}, ")
    assert said.endswith(" games/s, 0 errors")
    ends = [head.index(label) + len(label)
            for label in ("games", "win rate", "mean score", "p one-sided (>50%)")]
    for line, agent in zip(figures, ("heuristic", "random"), strict=True):
        assert line.startswith(agent)
        tokens = [m.end() for m in re.finditer(r"\S+", line)]
        assert [tokens[1], line.index("]") + 1, tokens[-2], tokens[-1]] == ends, (head, line)


def test_solo_reports_the_target() -> None:
    result = run_tournament(Tournament(GAME, 1, ["heuristic"], games=3, seed=1), workers=1)
    entrant = result.summary["entrants"][0]
    assert all(r["won_target"] in (0, 1) and r["target"] == 100 for r in result.rows)
    assert entrant["wins"] == sum(r["won_target"] for r in result.rows)
    assert entrant["score_quantiles"][0] == min(r["scores"][0] for r in result.rows)
    assert "target reached" in result.table_text()


def test_statistics() -> None:
    lo, hi = wilson(65, 100)
    assert lo == pytest.approx(0.5525, abs=1e-3) and hi == pytest.approx(0.7364, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    mean, half = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and half == pytest.approx(1.96 * math.sqrt(5 / 3 / 4), rel=1e-3)
    assert binomial_p_greater(10, 10) == pytest.approx(2 ** -10)
    assert binomial_p_greater(5, 10) == pytest.approx(0.623046875)


def _row(game: int, entrants: list[int], places: list[list[int]], scores: list[int]
         ) -> dict[str, object]:
    winners = places[0]
    return {"game": game, "seed": game, "seats": ["random", "random", "random"],
            "entrants": entrants, "scores": scores,
            "ranking": [s for place in places for s in place], "places": places,
            "winners": winners, "winner": winners[0] if len(winners) == 1 else None,
            "won_target": None, "target": None, "length": 10, "error": None}


def test_shared_victories_count_a_fraction_of_a_win() -> None:
    """Issue 13: a shared victory (Futuropia has no tie-breaker) is not handed to the lower
    seat; each of k tied winners counts 1/k of a win, and tied seats are above nobody."""
    t = Tournament("futuropia", 3, ["random", "random", "random"], games=2)
    rows = [_row(0, [0, 1, 2], [[0, 1], [2]], [30, 30, 20]),  # entrants 0 and 1 share
            _row(1, [1, 2, 0], [[2], [0, 1]], [25, 25, 40])]  # entrant 0 (seat 2) wins
    result = TournamentResult(t, rows, 1.0, "local", 1)
    s = result.summary
    assert [e["wins"] for e in s["entrants"]] == [1.5, 0.5, 0.0]
    assert [e["shared_wins"] for e in s["entrants"]] == [1, 1, 0]
    assert s["entrants"][0]["win_rate"] == 0.75
    assert s["wins"] == [0.5, 0.5, 1.0] and s["shared_victories"] == 1
    h2h = s["head_to_head"]
    # game 0: entrants 0 and 1 tie, both above 2; game 1: entrant 0 above 1 and 2 (tied)
    assert (h2h[0][1], h2h[1][0], h2h[1][2], h2h[2][1]) == (0.5, 0.0, 0.5, 0.0)
    assert h2h[0][2] == 1.0 and h2h[2][0] == 0.0
    lines = list(csv.DictReader(io.StringIO(result.csv_text())))
    assert lines[0]["winner"] == "0|1" and lines[0]["winner_agent"] == "random#1|random#2"
    assert lines[1]["winner"] == "2"


def test_rows_carry_the_places_of_the_game() -> None:
    t = Tournament("futuropia", 2, ["random", "random"], games=1, seed=2)
    (row,) = play_tasks(t.game, t.players, t.options, t.tasks())
    assert [s for place in row["places"] for s in place] == row["ranking"]
    assert row["winners"] == row["places"][0]


class _Built(Exception):
    """Stops a game once its agents are made (they are what the test looks at)."""


def test_the_levels_with_a_time_cap_play_tournaments_without_it(monkeypatch) -> None:
    """docs/bots.md: tournaments play `expert` and `solo` without their time cap (2 s and
    1.7 s a decision), so that their results do not depend on the machine's load; `keizai
    sim` seated them with it, so a loaded machine (or more workers than cores) cut their
    searches short and the same seed gave other games. Their fixed budgets stay
    (iterations, rollout moves); a cap given in a spec of one's own is kept."""
    from keizai.agents import MCTSAgent, make_agent
    from keizai.agents.solo import SoloAgent
    from keizai.sim import runner

    built = []

    def made(spec: str, seed: int = 0):
        built.append(make_agent(spec, seed))
        if len(built) % 3 == 0:
            raise _Built
        return built[-1]

    monkeypatch.setattr(runner, "make_agent", made)
    result = runner.play_game("national-economy/progress", 3, 1,
                              ["expert", "solo", "mcts:iterations=50:cap=1"])
    assert result.error is not None and "_Built" in result.error
    expert, solo, own = built
    assert isinstance(expert, MCTSAgent) and isinstance(solo, SoloAgent)
    assert isinstance(own, MCTSAgent)
    assert (expert.cap, expert.iterations) == (0.0, 12000)
    assert (solo.cap, solo.limit) == (0.0, 20000)
    assert own.cap == 1.0
