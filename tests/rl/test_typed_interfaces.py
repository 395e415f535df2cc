"""What a researcher's own mypy sees of the environments (keizai is typed, PEP 561): the
types of what they return, not Any, for a program checked with `mypy --strict` and no
configuration of keizai's (so PettingZoo, which has no py.typed marker, is not read)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

PROGRAM = '''
import numpy as np

from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv
from keizai.rl.pettingzoo_env import KeizaiAECEnv

gym = KeizaiGymEnv("national-economy/progress", players=2)
reveal_type(gym.reset(seed=0))
reveal_type(gym.step(0))
reveal_type(gym.state)
reveal_type(gym.legal_actions())
vector = KeizaiVectorEnv("national-economy/progress", num_envs=2)
reveal_type(vector.step(np.zeros(2, dtype=np.int64)))
reveal_type(vector.envs)
aec = KeizaiAECEnv("national-economy/progress", players=2)
reveal_type(aec.last())
reveal_type(aec.agent_iter())
reveal_type(aec.action_space("player_0"))
reveal_type(aec.agents)
reveal_type(aec.agent_selection)
reveal_type(aec.rewards)
reveal_type(aec.terminations)
reveal_type(aec.truncations)
reveal_type(aec.infos)
reveal_type(aec.keizai_state)

# an action as a policy gives it: a NumPy integer, or a 0-d array (SB3's model.predict)
action: np.ndarray = np.asarray(np.int64(0))
gym.step(action)
gym.step(np.int64(0))
aec.step(action)
aec.step(np.int32(0))
'''

OBSERVATION = "dict[str, numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]]]"
ARRAY = "numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]]"
EXPECTED = [
    f"tuple[{OBSERVATION}, dict[str, Any]]",
    f"tuple[{OBSERVATION}, float, bool, bool, dict[str, Any]]",
    "keizai.engine.state.State",
    "tuple[int, ...]",
    f"tuple[{OBSERVATION}, {ARRAY}, {ARRAY}, {ARRAY}, dict[str, Any]]",
    "list[keizai.rl.gymnasium_env.KeizaiGymEnv]",
    f"tuple[{OBSERVATION}, float, bool, bool, dict[str, Any]]",
    "typing.Iterator[str]",
    "gymnasium.spaces.discrete.Discrete[numpy.signedinteger[numpy._typing._nbit_base._64Bit]]",
    # AECEnv's bookkeeping (held by the compiled core, shown as properties): was Any
    "list[str]",
    "str",
    "dict[str, float]",
    "dict[str, bool]",
    "dict[str, bool]",
    "dict[str, dict[str, Any]]",
    "keizai.engine.state.State",
]


def revealed_to_a_users_mypy(program: str, tmp_path: Path) -> list[str]:
    """The types `mypy --strict` reveals in a user's `program`, which it must pass."""
    path = tmp_path / "program.py"
    path.write_text(program, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
         str(path)], capture_output=True, text=True, cwd=tmp_path, timeout=600)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors == [], done.stdout
    return re.findall(r'Revealed type is "(.*)"', done.stdout)


def test_a_users_mypy_sees_the_environments_types_not_any(tmp_path: Path) -> None:
    assert revealed_to_a_users_mypy(PROGRAM, tmp_path) == EXPECTED
