"""keizai is a typed package (PEP 561): a program that uses its documented API is
checked by mypy against keizai's own hints, not refused as an untyped import; and the
package itself passes mypy, so those hints are checked against the code."""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

import keizai

ROOT = Path(__file__).resolve().parents[1]

# The README's and docs/rl.md's examples, as a user writes them into a typed program.
USER_PROGRAM = '''
import numpy as np

import pytest

import keizai
from keizai.rl import action_mask, encoder_for, final_rewards
from keizai.rl.gymnasium_env import KeizaiGymEnv, KeizaiVectorEnv
from keizai.rl.pettingzoo_env import KeizaiAECEnv


def engine() -> list[int]:
    state = keizai.new_game("national-economy/mecenat", players=3, seed=7)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    again = keizai.replay(state.record())
    vector = encoder_for("national-economy/mecenat").observe(again, 0)
    print(action_mask(again, 0).sum(), vector.shape, final_rewards(again, "win_loss"))
    return state.ranking()


def gym() -> float:
    env = KeizaiGymEnv("national-economy/progress", players=2, opponents=["random"])
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])
    record = env.state.record()   # docs/rl.md's Gymnasium block
    assert keizai.replay(record).view(None) == env.state.view(None)
    return float(reward)


def my_policy(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def aec() -> None:
    env = KeizaiAECEnv("national-economy/mecenat", players=3, reward="win_loss")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else my_policy(obs["observation"],
                                                                obs["action_mask"])
        env.step(action)
    observed, _, _, _, _ = env.last(observe=False)
    assert observed is None
    print(env.keizai_state.record()["seed"])


def vector() -> None:
    venv = KeizaiVectorEnv("national-economy/progress", num_envs=2, players=2)
    obs, infos = venv.reset(seed=0)
    actions = np.array([int(np.flatnonzero(row)[0]) for row in venv.action_masks()])
    obs, rewards, terminated, truncated, infos = venv.step(actions)


# NumPy's integers, which the environments take wherever they take an integer (a seed a
# Generator drew, a count from np.arange, a policy's argmax).
def numpy_integers() -> None:
    for players in np.arange(2, 4):
        env = KeizaiGymEnv("futuropia", players=players, seat=np.int64(0),
                           opponents=[lambda obs: np.argmax(obs["action_mask"])])
        env.reset(seed=np.int64(7))
    venv = KeizaiVectorEnv("futuropia", num_envs=np.int64(2), max_episode_steps=np.int32(50))
    venv.reset(seed=[np.uint32(1), None])
    venv.reset(seed=np.int64(5))
    aec = KeizaiAECEnv("futuropia", players=np.int64(2))
    aec.reset(seed=np.uint64(3))


# The spaces as Gymnasium and PettingZoo programs use them, and actions as NumPy integers,
# which docs/rl.md says every step takes.
def spaces() -> int:
    env = KeizaiGymEnv("national-economy/progress", players=2, opponents=["random"])
    obs, info = env.reset(seed=1)
    env.step(env.action_space.sample(mask=obs["action_mask"]))
    obs, reward, terminated, truncated, info = env.step(np.int64(info["legal_actions"][0]))
    aec = KeizaiAECEnv("national-economy/mecenat", players=3)
    aec.reset(seed=1)
    for agent in aec.agent_iter(6):
        observation, _, done, cut, _ = aec.last()
        aec.step(None if done or cut
                 else aec.action_space(agent).sample(observation["action_mask"]))
    venv = KeizaiVectorEnv("futuropia", num_envs=2, players=2)
    return int(env.action_space.n + aec.action_space("player_0").n
               + venv.single_action_space.n)
'''


def test_the_package_is_marked_typed_and_ships_the_marker() -> None:
    assert (Path(keizai.__file__).parent / "py.typed").is_file()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["keizai"]


def _strict_cache() -> Path:
    """The cache of `mypy --strict` without keizai's configuration (a researcher's program
    and the examples: the same options), kept in the system's temporary directory between
    runs and tests: a first check reads keizai, NumPy, Gymnasium and PettingZoo in about
    45 s of CPU, a later one in a second or two."""
    key = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"keizai-mypy-strict-{key}"


def test_a_program_using_the_documented_api_passes_mypy_strict(tmp_path: Path) -> None:
    program = tmp_path / "program.py"
    program.write_text(USER_PROGRAM, encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--sqlite-cache",
         "--cache-dir", str(_strict_cache()), str(program)],
        capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_package_passes_mypy_with_the_projects_configuration() -> None:
    """`mypy` in the checkout: pyproject.toml's [tool.mypy] checks the whole package and
    the tests, and keizai, keizai.engine and keizai.rl with every check of `mypy --strict`
    (the tests with mypy's defaults: a test that reads an attribute its object's type may
    lack, or passes the wrong type, says so before it runs). Its cache
    is kept in the system's temporary directory between runs (a first run takes about
    half a minute of CPU, a later one a few seconds)."""
    key = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    cache = Path(tempfile.gettempdir()) / f"keizai-mypy-cache-{key}"
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--sqlite-cache", "--cache-dir", str(cache)],
        capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("Success: no issues found"), checked.stdout


def _example_needs(package: str) -> bool:
    return importlib.util.find_spec(package) is not None


@pytest.mark.parametrize("example, needs", [
    ("train_reinforce.py", "numpy"),
    ("imitate.py", "numpy"),
    ("maskable_ppo.py", "sb3_contrib"),  # torch and sb3-contrib: not among keizai's extras
])
def test_the_examples_pass_mypy_strict_as_a_researchers_program(example: str,
                                                                   needs: str) -> None:
    """The examples are what a researcher copies into a typed project: checked as that
    project checks them, `mypy --strict` without keizai's configuration, keizai read
    as the installed package it is there."""
    if not _example_needs(needs):
        pytest.skip(f"{example} needs {needs}, which is not installed")
    with tempfile.TemporaryDirectory() as elsewhere:  # no pyproject.toml of keizai's
        checked = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--sqlite-cache", "--cache-dir",
             str(_strict_cache()), str(ROOT / "examples" / example)],
            capture_output=True, text=True, cwd=elsewhere, timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr


# A compound decision, read as a researcher's program reads it: `pending_decision()` was
# typed Any, so a program that read `.prompt` when there was no decision (None) passed
# mypy and failed at run time.
PENDING_PROGRAM = '''
import keizai

state = keizai.new_game("national-economy/mecenat", players=3, seed=7)
decision = state.pending_decision()
reveal_type(decision)
print(decision.prompt)
if decision is not None:
    reveal_type(decision.candidates)
'''


def test_a_users_mypy_sees_that_there_may_be_no_pending_decision(tmp_path: Path) -> None:
    program = tmp_path / "program.py"
    program.write_text(PENDING_PROGRAM, encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--sqlite-cache",
         "--cache-dir", str(_strict_cache()), str(program)],
        capture_output=True, text=True, cwd=tmp_path, timeout=600)
    said = [line.split(": ", 1)[1] for line in checked.stdout.splitlines() if ": " in line]
    assert said == [
        'note: Revealed type is "keizai.engine.decision.PendingDecision | None"',
        'error: Item "None" of "PendingDecision | None" has no attribute "prompt"  '
        '[union-attr]',
        'note: Revealed type is "tuple[keizai.engine.decision.Candidate, ...]"',
    ], checked.stdout
