"""`keizai sim` and `keizai bench` from the command line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from keizai.cli import app
from keizai.sim.bench import bench_game, format_table

runner = CliRunner()


def test_sim_prints_a_json_summary_and_writes_files(tmp_path: Path) -> None:
    result = runner.invoke(app, [
        "sim", "--game", "national-economy/glory", "--players", "2", "--games", "4",
        "--seed", "2", "--agents", "heuristic,random", "--workers", "1",
        "--out", str(tmp_path), "--no-plots"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 4 and summary["errors"] == 0
    assert summary["games_per_second"] > 0 and len(summary["mean_scores"]) == 2
    assert summary["agents"] == ["heuristic", "random"]
    assert (tmp_path / "games.csv").read_text().count("\n") == 5
    again = runner.invoke(app, [
        "sim", "--game", "national-economy/glory", "--players", "2", "--games", "4",
        "--seed", "2", "--agents", "heuristic,random", "--workers", "1"])
    assert json.loads(again.stdout)["mean_scores"] == summary["mean_scores"]


def test_sim_progress_bar_and_table_go_to_stderr() -> None:
    result = runner.invoke(app, [
        "sim", "--game", "enterprise-empire", "--players", "2", "--games", "3",
        "--workers", "1", "--progress", "--table"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 3
    assert "win rate" in result.stderr and "games/s" in result.stderr


def test_sim_rejects_bad_input() -> None:
    for args in (["--agents", "oracle"], ["--players", "9"], ["--backend", "cloud"],
                 ["--game", "chess"]):
        result = runner.invoke(app, ["sim", "--games", "1", "--workers", "1", *args])
        assert result.exit_code == 2


def test_bench_measures_every_figure() -> None:
    row = bench_game("national-economy/progress", 2, seconds=0.05)
    for key in ("random_games_per_second", "steps_per_second", "clones_per_second",
                "mcts_iterations_per_second", "mcts_hard_iterations_per_second"):
        assert row[key] > 0
    assert "national-economy/progress" in format_table([row])
    result = runner.invoke(app, ["bench", "--game", "national-economy/mecenat",
                                 "--seconds", "0.05", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["game"] == "national-economy/mecenat"


def test_sim_checks_out_and_agent_specs_before_playing(tmp_path: Path) -> None:
    """Issue 14: a bad --out or a bad bot parameter is an error before any game."""
    occupied = tmp_path / "file"
    occupied.write_text("x")
    result = runner.invoke(app, ["sim", "--games", "2", "--workers", "1", "--players", "2",
                                 "--out", str(occupied)])
    assert result.exit_code == 2 and "is not a directory" in result.output
    result = runner.invoke(app, ["sim", "--games", "2", "--workers", "1", "--players", "2",
                                 "--agents", "mcts:iters=5,random"])
    assert result.exit_code == 2 and "unknown parameter 'iters'" in result.output
    assert '"errors"' not in result.output


def test_sim_names_the_one_sided_p_value() -> None:
    result = runner.invoke(app, [
        "sim", "--game", "enterprise-empire", "--players", "2", "--games", "2",
        "--workers", "1", "--table", "--no-progress"])
    entrant = json.loads(result.stdout)["entrants"][0]
    assert "p_value_one_sided_vs_even" in entrant and "p_value_vs_even" not in entrant
    assert "p one-sided (>50%)" in result.stderr


def test_bench_validates_its_arguments_and_shows_progress() -> None:
    for args, reason in ((["--seconds", "0"], "--seconds must be a positive number"),
                         (["--seconds", "nan"], "--seconds must be a positive number"),
                         (["--players", "0"], "--players must be from 1 to 4"),
                         (["--players", "9"], "--players must be from 1 to 4")):
        result = runner.invoke(app, ["bench", *args])
        assert result.exit_code == 2 and reason in result.output
    result = runner.invoke(app, ["bench", "--game", "enterprise-empire", "--seconds", "0.02"])
    assert result.exit_code == 0, result.output
    assert "[1/1] measuring enterprise-empire" in result.stderr


def test_sim_stops_on_the_first_ctrl_c_with_a_process_pool() -> None:
    """Issue 14: one SIGINT ends `keizai sim` and its pool workers at once."""
    proc, children = _sim_with_a_busy_pool()
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("sim did not stop on Ctrl-C") from None
    assert proc.returncode == 130
    assert "interrupted:" in err and "Traceback" not in err
    time.sleep(0.5)
    assert not any(Path(f"/proc/{pid}").exists() for pid in children)


def test_sim_pool_workers_end_when_sim_is_killed() -> None:
    """A `keizai sim` killed outright (kill -9, the OOM killer) cannot stop its pool: the
    workers used to wait on the task queue forever, one idle process per core left
    behind by every such run. Now each ends itself once its parent is gone."""
    proc, children = _sim_with_a_busy_pool()
    proc.kill()
    proc.wait()  # not communicate(): surviving workers would hold its pipes open
    for pipe in (proc.stdout, proc.stderr):
        assert pipe is not None
        pipe.close()
    deadline = time.monotonic() + 10
    while _running(children) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _running(children)
    for pid in left:  # leave nothing behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left


def _sim_with_a_busy_pool() -> tuple[subprocess.Popen[str], set[int]]:
    """`keizai sim` with a pool of 2 workers, once both play, and the workers' pids.

    The command starts with SIGINT at its default, as from a terminal: a process started
    in the background (`cmd &` in a script, `nohup`) inherits SIGINT ignored, and Python
    then keeps ignoring it, so run that way a Ctrl-C test would wait out every game."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "keizai.cli", "sim", "--game", "national-economy/mecenat",
         "--players", "2", "--games", "5000", "--workers", "2", "--agents", "heuristic",
         "--no-progress"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_sigint_as_from_a_terminal)
    children: set[int] = set()
    deadline = time.monotonic() + 30
    while len(children) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        children = _children(proc.pid)
    if len(children) < 2:
        proc.kill()
        raise AssertionError("the pool did not start")
    time.sleep(1)  # the workers are busy playing
    return proc, children


def _running(pids: set[int]) -> set[int]:
    """The processes of `pids` that exist and are not zombies."""
    out = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            continue
        if state != "Z":
            out.add(pid)
    return out


def _sigint_as_from_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _children(pid: int) -> set[int]:
    out = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text().split() if (task / "children").exists() else []
        out |= {int(x) for x in text}
    return out


def test_sim_refuses_more_games_than_a_run_can_hold() -> None:
    """Every game is a task and a result row in memory: --games 10**22 used to build
    the task list until the machine ran out of memory, with no message."""
    import resource

    def small_memory() -> None:  # so that the old behaviour fails fast, not the machine
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    src = str(Path(__file__).resolve().parents[2] / "src")
    for games in ("99999999999999999999999", "10000001"):
        done = subprocess.run([sys.executable, "-m", "keizai.cli", "sim", "--games", games,
                               "--workers", "1", "--players", "2"], capture_output=True,
                              text=True, timeout=120, env={**os.environ, "PYTHONPATH": src},
                              preexec_fn=small_memory)
        assert done.returncode == 2, done.stderr
        assert "at most 10,000,000 games in one run" in done.stderr
