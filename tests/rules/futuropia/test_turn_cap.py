"""The software safety limit `max_turns` (docs/rules-notes.md, Futuropia: not a rule of
the game). The rulebook ends a game only by its two triggers (觸發遊戲最終階段: the $15
generator enters a market, or 25 residents); players who keep refreshing early for the
subsidy trigger neither, so a game could go on for ever. After `max_turns` turns of all
players together the final phase begins as the triggers begin it."""

from __future__ import annotations

import pytest

import keizai
from keizai.engine import IllegalAction
from keizai.rules.futuropia.game import SAFETY_TURN_CAP
from tests.rules.futuropia.helpers import names, new, play


def test_default_cap_is_far_beyond_any_real_game() -> None:
    """Random 4-player games end before the final phase after 187 turns at most (2,000
    games, docs/rules-notes.md); the default is more than five times that."""
    assert keizai.get_game("futuropia").default_options()["max_turns"] == SAFETY_TURN_CAP
    assert SAFETY_TURN_CAP >= 5 * 187
    assert new(2).setup.max_turns == SAFETY_TURN_CAP


@pytest.mark.parametrize("bad", [0, -3, "many", 2.5, True, None])
def test_bad_cap_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="max_turns"):
        new(2, max_turns=bad)


def _stall(state) -> None:
    """One turn of the stalling loop: refresh early whenever allowed, take the subsidy."""
    if "refresh" in names(state):
        play(state, "refresh")
        while state.current_player is not None and names(state)[0].startswith(("pay:", "repay")):
            play(state, names(state)[-1])
    play(state, "action:subsidy")


def test_stalling_players_reach_the_cap_and_the_final_phase_begins() -> None:
    """Both seats refresh for the subsidy turn after turn: no trigger comes, the cap does.
    The seat ending the capping turn keeps that tile down (as a trigger's seat does),
    everyone else turns every tile up; the turn count shows in the view."""
    state = new(2, max_turns=12)
    for turn in range(11):
        _stall(state)
        assert not state.final and state.view(0)["turns_played"] == turn + 1
        state.check_invariants()
    seat = state.current_player
    assert seat is not None
    _stall(state)
    assert state.final and state.turns_played == 12
    assert state.tiles_up[seat] == 0b11111 & ~(1 << 4)  # subsidy used: face down
    assert state.tiles_up[1 - seat] == 0b11111
    assert "stop" in names(state) and "refresh" not in names(state)
    state.check_invariants()


def test_capped_game_ends_and_scores_by_the_rules() -> None:
    """After the cap every seat takes its final-phase tiles (or stops) and the game is
    scored as any other; the log names the safety limit."""
    state = new(2, max_turns=4)
    for _ in range(4):
        _stall(state)
    assert state.final
    assert any("safety limit" in line for line in state.log(lang="en"))
    while not state.is_over:
        play(state, "stop")
    assert state.is_over and all(state.finished)
    scores = state.scores()
    # stopping at once leaves tiles face up: 3 points each (rulebook 最終計分)
    assert scores[0]["face_up_tiles"] == 15 and scores[1]["face_up_tiles"] == 12
    with pytest.raises(IllegalAction):
        state.apply("action:subsidy")


def test_final_phase_after_the_cap_lets_every_seat_take_its_tiles() -> None:
    """The cap only starts the final phase: in it each seat still takes every face-up
    tile once (here always the first choice, never stopping), then the game is over."""
    state = new(2, max_turns=2)
    _stall(state)
    _stall(state)
    assert state.final
    tiles = [0, 0]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        choice = next(n for n in names(state) if n != "stop")
        tiles[seat] += choice.startswith("action:")
        play(state, choice)
        state.check_invariants()
    assert tiles == [5, 4]  # seat 1 ended the capping turn with its subsidy tile
