"""A refusal that quotes a JSON value the person wrote (a save's seed, the number of
players, an option, a record's game) reads as a sentence: 'seed must be a whole number,
not true' read as 'it is not true that ...', where `true` was the value in the save."""

from __future__ import annotations

from typing import Any

import pytest

import keizai
from keizai.engine.errors import InvalidSetup
from keizai.engine.registry import check_record

GAME = "futuropia"


def _record(**fields: Any) -> dict[str, Any]:
    return {"game": GAME, "players": 3, "seed": 1, "options": None, "actions": [], **fields}


@pytest.mark.parametrize("value", [True, False, None], ids=["true", "false", "null"])
@pytest.mark.parametrize("refused", ["seed", "players", "option", "game"])
def test_a_json_literal_is_quoted_as_the_value_given(refused: str, value: Any) -> None:
    with pytest.raises(InvalidSetup) as caught:
        if refused == "seed":
            keizai.replay(_record(seed=value))
        elif refused == "players":
            keizai.new_game(GAME, value, seed=1)
        elif refused == "option":
            keizai.new_game(GAME, 3, seed=1, options={"max_turns": value})
        else:
            check_record(_record(game=value))
    said = str(caught.value)
    literal = {True: "true", False: "false", None: "null"}[value]
    assert literal in said, said
    assert f"not {literal}" not in said, said
