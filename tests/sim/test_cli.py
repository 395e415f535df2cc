"""`keizai sim` and `keizai bench` from the command line."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.i18n import tr
from keizai.sim.bench import MAX_SECONDS, bench_game, format_table, seconds_ok

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


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_sim_refuses_more_workers_than_four_per_core(monkeypatch: pytest.MonkeyPatch,
                                                     lang: str) -> None:
    """A typo such as `--workers 10000` would start that many processes (each a Python
    with keizai loaded); more than four per core is refused before any is started, in the
    user's language. Four per core is still played."""
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    result = runner.invoke(app, ["sim", "--games", "1", "--workers", "9", "--lang", lang])
    assert result.exit_code == 2, result.output
    expected = tr("cli.sim.err_workers_many", lang, n=9, most=8, cores=2)
    assert expected in result.stderr and "9" in expected and "8" in expected
    played = runner.invoke(app, ["sim", "--games", "1", "--workers", "8", "--lang", lang])
    assert played.exit_code == 0, played.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_sim_refuses_a_ray_address_without_the_ray_backend(lang: str) -> None:
    """`keizai sim --address HOST:PORT` without `--backend ray` played every game on this
    machine and never said the address went unused: whoever meant the cluster learnt it
    from the time the run took. It is refused before any game, as --records without
    --out is."""
    result = runner.invoke(app, ["sim", "--game", "futuropia", "--players", "2", "--games",
                                 "1", "--address", "10.0.0.5:6379", "--lang", lang])
    assert result.exit_code == 2, result.output
    assert tr("cli.sim.err_address_needs_ray", lang) in result.stderr
    assert result.stdout == ""


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


def test_the_bench_table_fits_an_80_column_terminal() -> None:
    """`keizai bench`'s table was 84 columns wide and its note 100, so an 80-column
    terminal folded every line and the figures no longer stood under their headings.
    Each line now fits in 79 columns, and each figure ends where its heading does, for
    the longest game id and for figures of a machine ten times as fast as this one."""
    row = bench_game("national-economy/progress", 2, seconds=0.02)
    fast = {**row, "game": "enterprise-empire",
            **{key: row[key] * 10 for key in ("random_games_per_second", "steps_per_second",
                                              "clones_per_second", "mcts_iterations_per_second",
                                              "mcts_hard_iterations_per_second")}}
    lines = format_table([row, fast]).splitlines()
    assert max(len(line) for line in lines) <= 79, lines
    head, *figures = lines[:3]
    ends = [head.index(label) + len(label)
            for label in ("pl", "games/s", "steps/s", "clones/s", "mcts it/s", "hard it/s")]
    for line in figures:
        assert [match.end() for match in re.finditer(r"\S+", line)][1:] == ends, (head, line)
    assert "national-economy/progress" in lines[1] and "enterprise-empire" in lines[2]


def test_bench_json_names_the_build_that_ran() -> None:
    """`keizai bench --json` gave the figures without the build (compiled or plain
    Python), which only the table's last line named: saved JSON of the two builds could
    not be told apart. Each row now has `engine`, as the table's line says it."""
    done = subprocess.run(
        [sys.executable, "-m", "keizai.cli", "bench", "--game", "enterprise-empire",
         "--seconds", "0.02", "--json"],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "KEIZAI_PURE": "1"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["engine"] == "plain Python (KEIZAI_PURE=1)"
    row = bench_game("enterprise-empire", 2, seconds=0.02)
    assert f"engine: {row['engine']}" in format_table([row])


def test_bench_refuses_seconds_it_could_not_measure_for(monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    """`keizai bench --seconds 1e308` measured for ever: the seconds are above 0 and at
    most 600 (MAX_SECONDS), checked before any measuring, and bench_game checks them too."""
    def measured(*args: object) -> None:
        raise AssertionError("measured")

    monkeypatch.setattr("keizai.sim.bench.bench", measured)
    for typed in ("1e308", "601", "inf", "nan", "-1", "0", "-0"):
        result = runner.invoke(app, ["bench", "--seconds", typed])
        assert result.exit_code == 2, (typed, result.output)
        assert "--seconds must be a number above 0 and at most 600, not" in result.output
    for seconds in (1e308, float("nan"), 0.0):
        with pytest.raises(ValueError, match="at most 600"):
            bench_game("national-economy/progress", 2, seconds=seconds)
    assert seconds_ok(MAX_SECONDS) and not seconds_ok(MAX_SECONDS * 1.01)


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


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_an_out_dir_where_nothing_can_be_written_says_so(lang: str) -> None:
    """`--out /proc` (a folder that exists, where no file can be made) said "no such file
    or directory; the games stored so far are kept: --resume continues", though nothing
    was stored: the refusal names the file it could not write, and offers no --resume."""
    result = runner.invoke(app, ["sim", "--games", "2", "--workers", "1", "--players", "2",
                                 "--no-progress", "--out", "/proc", "--lang", lang])
    assert result.exit_code == 2 and '"errors"' not in result.output
    assert "--resume" not in result.output and "/proc/." in result.output


def test_sim_names_the_one_sided_p_value() -> None:
    result = runner.invoke(app, [
        "sim", "--game", "enterprise-empire", "--players", "2", "--games", "2",
        "--workers", "1", "--table", "--no-progress"])
    entrant = json.loads(result.stdout)["entrants"][0]
    assert "p_value_one_sided_vs_even" in entrant and "p_value_vs_even" not in entrant
    assert "p one-sided (>50%)" in result.stderr


def test_bench_validates_its_arguments_and_shows_progress() -> None:
    for args, reason in ((["--seconds", "0"], "--seconds must be a number above 0"),
                         (["--seconds", "nan"], "--seconds must be a number above 0"),
                         (["--players", "0"], "--players must be from 1 to 4"),
                         (["--players", "9"], "--players must be from 1 to 4")):
        result = runner.invoke(app, ["bench", *args])
        assert result.exit_code == 2 and reason in result.output
    result = runner.invoke(app, ["bench", "--game", "enterprise-empire", "--seconds", "0.02"])
    assert result.exit_code == 0, result.output
    assert "[1/1] measuring enterprise-empire" in result.stderr


def test_sim_stops_on_the_first_ctrl_c_with_a_process_pool(tmp_path: Path) -> None:
    """Issue 14: one SIGINT ends `keizai sim` and its pool workers at once; with --out,
    the games finished so far are kept and the message says how to go on."""
    proc, children = _sim_with_a_busy_pool("--out", str(tmp_path))
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("sim did not stop on Ctrl-C") from None
    assert proc.returncode == 130
    assert "interrupted:" in err and "Traceback" not in err
    said = re.search(r"interrupted: (\d+) of 5000 games played; they are kept in (.*): "
                     "the same command with --resume continues", err)
    assert said is not None and said.group(2) == str(tmp_path)
    kept = len((tmp_path / "progress.jsonl").read_text().splitlines())
    # the count may miss the game whose line was written as the signal came
    assert kept > 0 and int(said.group(1)) in (kept - 1, kept)
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


def _sim_with_a_busy_pool(*extra: str) -> tuple[subprocess.Popen[str], set[int]]:
    """`keizai sim` with a pool of 2 workers, once both play, and the workers' pids.

    The command starts with SIGINT at its default, as from a terminal: a process started
    in the background (`cmd &` in a script, `nohup`) inherits SIGINT ignored, and Python
    then keeps ignoring it, so run that way a Ctrl-C test would wait out every game."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "keizai.cli", "sim", "--game", "national-economy/mecenat",
         "--players", "2", "--games", "5000", "--workers", "2", "--agents", "heuristic",
         "--no-progress", *extra], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, preexec_fn=_sigint_as_from_a_terminal)
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


GLORY = ["sim", "--game", "national-economy/glory", "--players", "2", "--seed", "4",
         "--agents", "heuristic,random", "--no-plots"]


def test_sim_records_replay_to_the_scores_in_games_csv(tmp_path: Path) -> None:
    result = runner.invoke(app, [*GLORY, "--games", "6", "--workers", "2",
                                 "--out", str(tmp_path), "--records"])
    assert result.exit_code == 0, result.output
    rows = {row["game"]: row for row in csv.DictReader((tmp_path / "games.csv").open())}
    records = [json.loads(line) for line in (tmp_path / "records.jsonl").open()]
    assert sorted(str(r["index"]) for r in records) == sorted(rows) == list("012345")
    for record in records:
        row = rows[str(record["index"])]
        state = keizai.replay(record)
        assert state.is_over
        assert "|".join(str(s["total"]) for s in state.scores()) == row["scores"]
        assert "|".join(record["agents"]) == row["agents"]
        assert "|".join(record["seats"]) == row["seats"]


def test_sim_resumes_a_run_killed_half_way(tmp_path: Path) -> None:
    """A run killed outright (kill -9) keeps the games it finished; --resume plays the
    rest, and the results are those of a run that was never stopped."""
    args = [*GLORY[1:], "--games", "800", "--records", "--no-progress"]
    killed = tmp_path / "killed"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "keizai.cli", "sim", *args, "--workers",
                             "2", "--out", str(killed)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    progress = killed / "progress.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None and (
            not progress.exists() or progress.read_text().count("\n") < 40):
        time.sleep(0.005)
    proc.kill()
    proc.wait()
    stored = progress.read_text().count("\n")
    assert 40 <= stored < 800, "not killed half-way"
    resumed = runner.invoke(app, ["sim", *args, "--workers", "2", "--out", str(killed),
                                  "--resume"])
    assert resumed.exit_code == 0, resumed.output
    said = re.search(r"resuming: (\d+) of 800 games already played", resumed.stderr)
    assert said is not None and int(said.group(1)) >= stored - 1  # a line may be cut short
    whole = tmp_path / "whole"
    again = runner.invoke(app, ["sim", *args, "--workers", "1", "--out", str(whole)])
    assert again.exit_code == 0, again.output
    assert (killed / "games.csv").read_text() == (whole / "games.csv").read_text()
    timing = ("seconds", "games_per_second", "resumed_games", "workers")
    results = [json.loads((d / "results.json").read_text()) for d in (killed, whole)]
    for data in results:
        for key in timing:
            del data["summary"][key]
    assert results[0] == results[1]
    assert sorted((killed / "records.jsonl").read_text().splitlines()) == \
        sorted((whole / "records.jsonl").read_text().splitlines())


def test_sim_keeps_the_games_of_an_out_dir(tmp_path: Path) -> None:
    """Games already in --out are neither replaced nor mixed with another tournament's;
    damaged files are reported by line, without a traceback and without a change."""
    first = runner.invoke(app, [*GLORY, "--games", "2", "--workers", "1",
                                "--out", str(tmp_path)])
    assert first.exit_code == 0, first.output
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for extra, reason in (
            ([], "already holds a tournament"),
            (["--resume", "--seed", "9"], "--seed 4 there, 9 here"),
            (["--resume", "--records"], "--records false there, true here")):
        refused = runner.invoke(app, [*GLORY, "--games", "2", "--workers", "1",
                                      "--out", str(tmp_path), *extra])
        assert refused.exit_code == 2 and reason in refused.stderr, refused.output
        assert '"errors"' not in refused.stdout
    lines = (tmp_path / "progress.jsonl").read_text().splitlines()
    (tmp_path / "progress.jsonl").write_text(lines[0] + "\n" + lines[1][5:] + "\n")
    damaged = runner.invoke(app, [*GLORY, "--games", "2", "--workers", "1",
                                  "--out", str(tmp_path), "--resume"])
    assert damaged.exit_code == 2
    assert "progress.jsonl, line 2: not a line of JSON" in damaged.stderr
    assert "Traceback" not in damaged.output
    before["progress.jsonl"] = (tmp_path / "progress.jsonl").read_bytes()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    for flag in ("--records", "--resume"):
        alone = runner.invoke(app, [*GLORY, "--games", "2", "--workers", "1", flag])
        assert alone.exit_code == 2 and f"{flag} needs --out" in alone.stderr


def test_sim_interrupted_while_writing_results_says_resume_writes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawing the plots takes a while: a Ctrl-C then ended in a traceback. The games are
    all stored by then, and --resume writes the results without playing them again."""
    from keizai.sim.tournament import TournamentResult

    write = TournamentResult.write

    def interrupted(self: TournamentResult, directory: str, plots: bool = True) -> list[str]:
        raise KeyboardInterrupt

    monkeypatch.setattr(TournamentResult, "write", interrupted)
    args = [*GLORY, "--games", "2", "--workers", "1", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 130 and "Traceback" not in result.output
    assert "interrupted while writing the results; the games are kept in" in result.stderr
    monkeypatch.setattr(TournamentResult, "write", write)
    again = runner.invoke(app, [*args, "--resume"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["resumed_games"] == 2
    assert (tmp_path / "games.csv").read_text().count("\n") == 3
