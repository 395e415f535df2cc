"""The training examples (examples/): the learning step works, the scripts print the
untrained baseline, save what they trained and name a missing optional dependency."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from keizai.rl.gymnasium_env import KeizaiGymEnv
from keizai.rl.rewards import final_rewards

SCRIPT = Path(__file__).parents[2] / "examples" / "train_reinforce.py"
PPO_SCRIPT = Path(__file__).parents[2] / "examples" / "maskable_ppo.py"


def load_example():
    spec = importlib.util.spec_from_file_location("train_reinforce", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_update_makes_a_rewarded_action_more_likely():
    example = load_example()
    rng = np.random.default_rng(0)
    policy = example.Policy(inputs=5, actions=4, hidden=8, rng=rng)
    x = rng.normal(size=(1, 5))
    mask = np.array([[1, 1, 0, 1]])
    before = policy.forward(x, mask)[1][0]
    for _ in range(20):
        policy.update(x, mask, np.array([3]), np.array([1.0]), lr=0.01, entropy=0.0)
    after = policy.forward(x, mask)[1][0]
    assert after[3] > before[3] and after[2] == 0


def test_episodes_use_only_legal_actions_and_end_with_a_reward():
    example = load_example()
    env = KeizaiGymEnv("national-economy/progress", players=2, illegal="raise")
    policy = example.Policy(env.observation_space["observation"].shape[0], env.action_space.n,
                            8, np.random.default_rng(1))
    xs, masks, actions, reward = example.run_episode(env, policy, np.random.default_rng(2), 3)
    assert len(xs) == len(masks) == len(actions) > 0
    assert all(mask[a] == 1 for mask, a in zip(masks, actions, strict=True))
    assert env.state.is_over
    assert reward == final_rewards(env.state)[env.seat]


def run_script(args: list[str], block: str | None = None,
               cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run an example in a fresh interpreter, optionally with module `block` made
    unimportable (as if it were not installed)."""
    setup = f"import sys; sys.modules[{block!r}] = None; " if block else ""
    code = setup + "import runpy, sys; sys.argv = sys.argv[1:]; " \
        "runpy.run_path(sys.argv[0], run_name='__main__')"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, timeout=300, env=env, cwd=cwd)


def test_the_example_prints_the_baseline_and_saves_the_trained_policy(tmp_path):
    saved = tmp_path / "policy.npz"
    done = run_script([str(SCRIPT), "--game", "national-economy/glory", "--minutes", "0",
                       "--eval-games", "3", "--batch", "2", "--save", str(saved)])
    assert done.returncode == 0, done.stderr
    assert "untrained policy vs random:" in done.stdout
    assert f"saved the trained policy to {saved}" in done.stdout
    example = load_example()
    policy = example.Policy.load(str(saved))
    env = KeizaiGymEnv("national-economy/glory", players=2)
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"][policy.act(obs["observation"], obs["action_mask"],
                                         np.random.default_rng(0), greedy=True)] == 1


def test_a_seeded_run_of_so_many_episodes_trains_the_same_policy(tmp_path):
    """`--seed` gave another policy at every run: training stopped after --minutes, so
    the number of episodes depended on the machine's speed and load. `--episodes N`
    trains exactly N, the same policy from the same seed."""
    saved = []
    for run in ("first", "again"):
        path = tmp_path / f"{run}.npz"
        done = run_script([str(SCRIPT), "--episodes", "5", "--batch", "2", "--seed", "4",
                           "--eval-games", "2", "--save", str(path)])
        assert done.returncode == 0, done.stderr
        assert "trained on 5 episodes" in done.stdout
        saved.append(np.load(path))
    assert saved[0].files == saved[1].files
    for name in saved[0].files:
        assert np.array_equal(saved[0][name], saved[1][name]), name
    assert float(saved[0]["seen"]) > 1  # it trained: observations were folded in


@pytest.mark.parametrize(("script", "block", "named"), [
    (PPO_SCRIPT, "sb3_contrib", "sb3_contrib"),
    (SCRIPT, "gymnasium", "gymnasium"),
    (SCRIPT, "numpy", "numpy"),
])
def test_an_example_names_its_missing_dependency_instead_of_a_traceback(script, block, named):
    done = run_script([str(script), "--help"], block=block)
    assert done.returncode == 1
    assert f"needs {named}, which is not installed" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [
    ["--game", "chess"], ["--batch", "0"], ["--eval-games", "0"], ["--minutes", "-1"],
    ["--minutes", "nan"], ["--hidden", "-3"], ["--lr", "0"],
    ["--save", "/no/such/directory/policy.npz"], ["--seed", "-1"], ["--episodes", "0"],
])
def test_the_example_refuses_bad_arguments_before_training(args):
    """A mistyped game or a zero batch used to end in a traceback (after the baseline's
    games, for --save); argparse now names the argument."""
    done = run_script([str(SCRIPT), "--minutes", "0", "--eval-games", "2", *args])
    assert done.returncode == 2, done.stderr
    assert "error: argument" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize("args", [["--game", "chess"], ["--steps", "0"],
                                  ["--eval-games", "0"],
                                  ["--save", "/proc/no/such/directory/model.zip"]])
def test_the_ppo_example_refuses_bad_arguments_before_training(args):
    """Checked with a stand-in sb3_contrib (the real one needs torch): the arguments are
    refused by argparse before any model is built."""
    done = _ppo_run(args)
    assert done.returncode == 2, done.stderr
    assert "error: argument" in done.stderr and "Traceback" not in done.stderr


def _ppo_run(args):
    """The PPO example with a stand-in sb3_contrib (the real one needs torch)."""
    setup = ("import sys, types; sys.modules['sb3_contrib'] = types.SimpleNamespace("
             "MaskablePPO=None); import runpy; sys.argv = sys.argv[1:]; "
             "runpy.run_path(sys.argv[0], run_name='__main__')")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, "-c", setup, str(PPO_SCRIPT), *args],
                          capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.parametrize(("script", "args", "said"), [
    (SCRIPT, ["--episodes", "0"], "--episodes: must be a whole number of at least 1"
                                  " (given: 0)"),
    (SCRIPT, ["--lr", "it's"], "--lr: must be a number more than 0 (given: it's)"),
    (SCRIPT, ["--minutes", ""], "--minutes: must be a number at least 0 (given: nothing)"),
    (SCRIPT, ["--save", "/no/such dir/policy.npz"],
     "--save: /no/such dir/policy.npz is not a file in an existing directory"),
    (PPO_SCRIPT, ["--steps", "0"], "--steps: must be a whole number of at least 1"
                                   " (given: 0)"),
    (PPO_SCRIPT, ["--save", "/proc/no/such/model.zip"],
     "--save: /proc/no/such/model.zip is not a file in an existing directory"),
])
def test_a_refused_argument_quotes_the_value_as_typed(script, args, said):
    """The examples' refusals showed Python's repr: "not '0'", "not \"it's\"", "not ''",
    "'/no/such dir/policy.npz' is not a file": quotes the user never typed (and an
    empty value as ''). They say the value as typed, after the rule, as the engine's
    refusals do: "(given: 0)", "(given: nothing)"."""
    stderr = _ppo_run(args).stderr if script == PPO_SCRIPT else run_script(
        [str(SCRIPT), "--minutes", "0", "--eval-games", "2", *args]).stderr
    assert f"error: argument {said}" in stderr, stderr


@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None,
                    reason="torch and sb3-contrib are not installed")
def test_the_ppo_example_says_the_file_it_saved(tmp_path):
    """SB3 saves `--save model` as model.zip, and the example said it had saved `model`
    (and a path it could not write failed with a traceback after the training)."""
    done = run_script([str(PPO_SCRIPT), "--steps", "64", "--eval-games", "1", "--save",
                       str(tmp_path / "model")])
    assert done.returncode == 0, done.stderr
    assert f"saved the trained model to {tmp_path / 'model.zip'} " in done.stdout
    assert (tmp_path / "model.zip").is_file()


@pytest.mark.parametrize("block", ["sb3_contrib", "torch", "gymnasium"])
def test_the_ppo_example_names_the_install_command_of_its_docstring_and_the_docs(block):
    """Its hint said `pip install torch sb3-contrib` while its docstring and docs/rl.md
    pinned torch==2.13.0 (the version the docs' result was trained with): a reader got
    another torch from the message than from the page."""
    done = run_script([str(PPO_SCRIPT), "--help"], block=block)
    assert done.returncode == 1, done.stderr
    hint = done.stderr.strip().split(": ", 1)[1]
    assert hint.startswith("pip install torch==")
    docs = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    assert f"`{hint}`" in docs
    assert f"    {hint}\n" in PPO_SCRIPT.read_text(encoding="utf-8")
