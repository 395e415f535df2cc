"""企業帝國's turn limit is checked once, by `Game.resolve_options` (setup.option_range, in
the reader's language), before any state is built: every public way to start a game goes
through it, so the state keeps no English-only check of its own (it had one, `max_turns`
'must be at least 1', left unreachable when a2dcb9f bounded the option)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import keizai
from keizai.engine.errors import InvalidSetup

GAME = "enterprise-empire"


def _record(max_turns: object) -> dict[str, Any]:
    return {"game": GAME, "players": 2, "seed": 1, "options": {"max_turns": max_turns},
            "actions": []}


def _gym(max_turns: object) -> None:
    from keizai.rl.gymnasium_env import KeizaiGymEnv
    KeizaiGymEnv(GAME, options={"max_turns": max_turns})


def _vector(max_turns: object) -> None:
    from keizai.rl.gymnasium_env import KeizaiVectorEnv
    KeizaiVectorEnv(GAME, num_envs=1, options={"max_turns": max_turns})


def _aec(max_turns: object) -> None:
    from keizai.rl.pettingzoo_env import env
    env(GAME, options={"max_turns": max_turns})


ENTRIES: dict[str, Callable[[object], object]] = {
    "new_game": lambda turns: keizai.new_game(GAME, 2, seed=1, options={"max_turns": turns}),
    "replay": lambda turns: keizai.replay(_record(turns)),
    "KeizaiGymEnv": _gym,
    "KeizaiVectorEnv": _vector,
    "PettingZoo env": _aec,
}


@pytest.mark.parametrize("turns", [0, -1, True], ids=["0", "-1", "true"])
@pytest.mark.parametrize("entry", ENTRIES)
def test_every_entry_refuses_a_turn_limit_below_one_as_the_catalogue_says(
        entry: str, turns: object) -> None:
    with pytest.raises(InvalidSetup) as refused:
        ENTRIES[entry](turns)
    assert refused.value.to_json()["id"] in ("setup.option_range", "setup.option_type")


def test_openspiel_refuses_a_turn_limit_below_one_as_the_catalogue_says() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from keizai.rl.openspiel_game import openspiel_name, register_all
    register_all()
    with pytest.raises(InvalidSetup) as refused:
        pyspiel.load_game(openspiel_name(GAME), {"players": 2, "max_turns": 0})
    assert refused.value.to_json()["id"] == "setup.option_range"
