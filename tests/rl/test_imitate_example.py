"""examples/imitate.py: a tournament's records (keizai sim --records) cloned into a
policy that learns the agent's decisions and plays the Gymnasium environment; a missing
dependency or an agent the records do not hold is said, not a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from tests.rl.test_example import run_script

SCRIPT = Path(__file__).parents[2] / "examples" / "imitate.py"


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("imitate") / "run"
    done = CliRunner().invoke(app, ["sim", "--game", "national-economy/glory", "--players", "2",
                                    "--games", "6", "--agents", "heuristic,random",
                                    "--workers", "1", "--out", str(out), "--records",
                                    "--no-plots"])
    assert done.exit_code == 0, done.output
    return out / "records.jsonl"


def test_the_example_clones_the_agent_and_plays_it(records: Path) -> None:
    done = run_script([str(SCRIPT), str(records), "--agent", "heuristic", "--epochs", "3",
                       "--eval-games", "3"])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"\d+ decisions of heuristic in 6 games of national-economy/glory",
                        lines[0]), done.stdout
    matched = [float(m) for m in re.findall(r"^pass \d: matches ([\d.]+)% of its actions$",
                                            done.stdout, re.MULTILINE)]
    assert len(matched) == 3 and matched[-1] > matched[0]   # it learns the decisions
    assert re.fullmatch(r"against random over 3 games: the clone wins [\d.]+%, a uniform "
                        r"legal choice [\d.]+%", lines[-1]), done.stdout


def test_an_agent_the_records_do_not_hold_is_said(records: Path) -> None:
    done = run_script([str(SCRIPT), str(records), "--agent", "expert"])
    assert done.returncode == 1
    assert "holds no decision of 'expert'" in done.stderr and "Traceback" not in done.stderr


def test_the_help_says_what_the_file_and_each_option_are() -> None:
    """The file was "records.jsonl of keizai sim --records (one game)", read as a record
    of one game played, and --epochs to --seed had no word of help or default."""
    done = run_script([str(SCRIPT), "--help"])
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "(one line a game, all of the run's one game id)" in said
    for option, default in (("--agent", "heuristic"), ("--epochs", "15"), ("--hidden", "128"),
                            ("--batch", "256"), ("--lr", "0.001"), ("--eval-games", "200"),
                            ("--seed", "0")):
        assert re.search(rf"{option} [A-Z_]+ [a-z][^()]*\(default: {re.escape(default)}\)",
                         said), (option, said)


@pytest.mark.parametrize("block", ["numpy", "gymnasium"])
def test_the_example_names_its_missing_dependency(block: str) -> None:
    done = run_script([str(SCRIPT), "--help"], block=block)
    assert done.returncode == 1
    assert f"needs {block}, which is not installed" in done.stderr
    assert "Traceback" not in done.stderr


def test_records_cut_short_or_missing_are_said_not_a_traceback(records: Path,
                                                               tmp_path: Path) -> None:
    # found by h196 (session 31): a records.jsonl cut short (a copy interrupted, a run
    # killed while writing) or a mistyped path ended in a traceback through keizai.rl
    cut = tmp_path / "cut.jsonl"
    text = records.read_text(encoding="utf-8")
    cut.write_text(text[:text.index("\n") + 200], encoding="utf-8")
    done = run_script([str(SCRIPT), str(cut), "--agent", "heuristic"])
    assert done.returncode == 1
    assert "cut.jsonl, line 2: this is not a game record" in done.stderr
    assert "Traceback" not in done.stderr
    done = run_script([str(SCRIPT), str(tmp_path / "nope.jsonl")])
    assert done.returncode == 1
    assert "nope.jsonl: [Errno 2] No such file or directory" in done.stderr
    assert "Traceback" not in done.stderr
