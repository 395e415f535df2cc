"""`keizai sim` and `keizai bench` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from keizai.cli import app
from keizai.sim.bench import bench_game, format_table

runner = CliRunner()


def test_sim_prints_a_json_summary_and_writes_files(tmp_path: Path) -> None:
    result = runner.invoke(app, [
        "sim", "--game", "national-economy/glory", "--players", "2", "--games", "4",
        "--seed", "2", "--agents", "heuristic,random", "--workers", "1",
        "--out", str(tmp_path), "--no-plots"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 4 and summary["errors"] == 0
    assert summary["games_per_second"] > 0 and len(summary["mean_scores"]) == 2
    assert summary["agents"] == ["heuristic", "random"]
    assert (tmp_path / "games.csv").read_text().count("\n") == 5
    again = runner.invoke(app, [
        "sim", "--game", "national-economy/glory", "--players", "2", "--games", "4",
        "--seed", "2", "--agents", "heuristic,random", "--workers", "1"])
    assert json.loads(again.stdout)["mean_scores"] == summary["mean_scores"]


def test_sim_progress_bar_and_table_go_to_stderr() -> None:
    result = runner.invoke(app, [
        "sim", "--game", "enterprise-empire", "--players", "2", "--games", "3",
        "--workers", "1", "--progress", "--table"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 3
    assert "win rate" in result.stderr and "games/s" in result.stderr


def test_sim_rejects_bad_input() -> None:
    for args in (["--agents", "oracle"], ["--players", "9"], ["--backend", "cloud"],
                 ["--game", "chess"]):
        result = runner.invoke(app, ["sim", "--games", "1", "--workers", "1", *args])
        assert result.exit_code == 2


def test_bench_measures_every_figure() -> None:
    row = bench_game("national-economy/progress", 2, seconds=0.05)
    for key in ("random_games_per_second", "steps_per_second", "clones_per_second",
                "mcts_iterations_per_second", "mcts_hard_iterations_per_second"):
        assert row[key] > 0
    assert "national-economy/progress" in format_table([row])
    result = runner.invoke(app, ["bench", "--game", "national-economy/mecenat",
                                 "--seconds", "0.05", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["game"] == "national-economy/mecenat"
