"""`keizai play` seats the bots by name, levels and parameters included."""

from __future__ import annotations

from typer.testing import CliRunner

from keizai.cli import app


def test_play_with_named_bots() -> None:
    result = CliRunner().invoke(app, [
        "play", "national-economy/progress", "--players", "2", "--seed", "3",
        "--seats", "easy,mcts:iterations=5:depth=2"])
    assert result.exit_code == 0, result.output
    assert "Final ranking: 1. P" in result.output


def test_play_rejects_an_unknown_bot() -> None:
    result = CliRunner().invoke(app, [
        "play", "national-economy/progress", "--players", "2", "--seats", "human,grandmaster"])
    assert result.exit_code == 2
    assert "cannot read the seat 'grandmaster'" in result.output
