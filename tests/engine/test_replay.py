"""`keizai.replay` and `replay_outline`: a record's actions go in by index where their
name is known (faster than `State.apply` of a name), and every one is still checked."""

from __future__ import annotations

from typing import Any

import pytest

import keizai
from keizai.engine import IllegalAction, InvalidSetup, Rng, replay_outline

GAMES = ["national-economy/glory", "futuropia", "enterprise-empire"]


def _record(game_id: str, seed: int = 3) -> dict[str, Any]:
    state = keizai.new_game(game_id, 3, seed=seed)
    state.play_out(Rng(seed))
    return state.record()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_outline_is_each_steps_round_and_who_took_each_action(game_id: str) -> None:
    record = _record(game_id)
    state = keizai.replay({**record, "actions": []})
    rounds, movers = [state.game.round_number(state)], []
    for name in record["actions"]:
        movers.append(state.current_player)
        state.apply(name)
        rounds.append(state.game.round_number(state))
    outline = replay_outline(record)
    assert list(outline.rounds) == rounds and list(outline.movers) == movers
    assert list(outline.round_starts) == [k for k in range(1, len(rounds))
                                          if rounds[k] != rounds[k - 1]]
    assert len(outline.round_starts) > 1


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("rebuild", [keizai.replay, replay_outline])
def test_a_known_action_that_is_not_legal_then_is_refused(game_id: str, rebuild: Any) -> None:
    """A name the game knows, recorded where it is not legal: refused with the reason
    `apply` gives for that name, numbered as a person counts."""
    record = _record(game_id)
    at = len(record["actions"]) // 2
    state = keizai.replay({**record, "actions": record["actions"][:at]})
    legal = set(state.legal_indices())
    illegal = next(a for a in state.game.action_space.actions if a.index not in legal)
    with pytest.raises(IllegalAction) as expected:
        state.apply(illegal.name)
    actions = [*record["actions"][:at], illegal.name, *record["actions"][at:]]
    with pytest.raises(IllegalAction) as refused:
        rebuild({**record, "actions": actions})
    reason = refused.value.to_json()
    assert reason["id"] == "refuse.record_action"
    assert reason["params"]["action"] == at + 1
    assert reason["params"]["why"] == expected.value.to_json()


@pytest.mark.parametrize(("bad", "refusal"), [
    ("no-such-action", IllegalAction),
    # a move that is no name is refused before the replay (tests/engine/test_record_action_names.py)
    (10**6, InvalidSetup), (True, InvalidSetup), (["roll"], InvalidSetup)])
def test_what_is_no_action_of_the_game_is_refused(
        bad: object, refusal: type[IllegalAction | InvalidSetup]) -> None:
    record = _record("enterprise-empire")
    with pytest.raises(refusal) as refused:
        keizai.replay({**record, "actions": [*record["actions"][:4], bad]})
    assert refused.value.to_json()["params"]["action"] == 5


def test_an_action_after_the_end_is_refused() -> None:
    record = _record("enterprise-empire")
    with pytest.raises(IllegalAction) as refused:
        keizai.replay({**record, "actions": [*record["actions"], record["actions"][-1]]})
    assert refused.value.to_json()["params"]["why"]["id"] == "refuse.game_over"
