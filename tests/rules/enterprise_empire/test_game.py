"""The registered game: id, options, the command line, and long random play."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.engine import Rng
from keizai.rules.enterprise_empire import EnterpriseEmpire
from keizai.rules.enterprise_empire.state import EmpireState


def test_registered_with_its_player_counts_and_options() -> None:
    game = keizai.get_game("enterprise-empire")
    assert isinstance(game, EnterpriseEmpire)
    assert (game.min_players, game.max_players) == (2, 4)
    assert game.default_options() == {"max_turns": 3000, "choose_corners": True,
                                      "demand_stays": False}
    with pytest.raises(ValueError):
        keizai.new_game("enterprise-empire", 5)
    with pytest.raises(ValueError):
        keizai.new_game("enterprise-empire", 2, options={"max_turns": "many"})


def test_sim_command_runs_games() -> None:
    result = CliRunner().invoke(
        app, ["sim", "--game", "enterprise-empire", "--players", "3", "--games", "5"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["errors"] == 0 and sum(summary["wins"]) == 5


def test_play_command_plays_bots_to_the_end() -> None:
    result = CliRunner().invoke(
        app, ["play", "enterprise-empire", "--players", "2", "--seed", "4",
              "--seats", "random,random"])
    assert result.exit_code == 0, result.output
    assert "Final ranking: 1. P" in result.output
    assert " 0 [A]" in result.output


def test_play_command_takes_a_human_decision() -> None:
    result = CliRunner().invoke(
        app, ["play", "enterprise-empire", "--players", "2", "--seed", "4"], input="1\nq\n")
    assert result.exit_code == 0, result.output
    assert "Roll the die and move" in result.output


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_well_before_the_safety_limit(players: int) -> None:
    """Issue 5 Done: the safety limit is never reached by random play (600 games per
    player count on top of the conformance suite's 400); invariants hold at the end."""
    rng = Rng(players)
    for seed in range(600):
        state = keizai.new_game("enterprise-empire", players, seed=10_000 + seed)
        assert isinstance(state, EmpireState)
        state.log_enabled = False
        while not state.is_over:
            legal = state.legal_indices()
            state.apply_index(legal[rng.randbelow(len(legal))])
        state.check_invariants()
        assert not state.capped
        assert state.turn < state.max_turns // 2, (seed, state.turn)


def test_random_games_with_chosen_corners_keep_the_invariants() -> None:
    """The `choose_corners` set-up plays like the default one (invariants every action)."""
    rng = Rng(7)
    for seed in range(40):
        state = keizai.new_game("enterprise-empire", 2 + seed % 3, seed=seed,
                                options={"choose_corners": True})
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            state.check_invariants()
        clone = keizai.replay(json.loads(json.dumps(state.record())))
        assert clone.view(None) == state.view(None)
