"""A tournament's --out directory: the records of its games, and resuming a run that was
stopped half-way (its files cut short as a kill leaves them)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import keizai
from keizai.sim import Tournament, TournamentResult, run_tournament
from keizai.sim.outdir import ARGUMENTS, PROGRESS, RECORDS, OutDir, OutDirError

GAME = "national-economy/glory"
TIMING = ("seconds", "games_per_second", "resumed_games", "workers")


def tournament(games: int = 8, **changes: Any) -> Tournament:
    args: dict[str, Any] = {"game": GAME, "players": 2, "agents": ["heuristic", "random"],
                            "games": games, "seed": 3, **changes}
    return Tournament(**args)


def run(directory: Path, t: Tournament, records: bool = True, resume: bool = False,
        workers: int = 1) -> TournamentResult:
    with OutDir(directory, t, records=records, resume=resume) as kept:
        return run_tournament(t, workers=workers, played=kept.rows, records=records,
                              on_game=kept.add)


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING}


@pytest.mark.parametrize("workers", [1, 2])
def test_every_record_replays_to_the_scores_of_its_game(tmp_path: Path, workers: int) -> None:
    t = tournament(games=6)
    result = run(tmp_path, t, workers=workers)
    rows = {row["game"]: row for row in result.rows}
    recorded = [json.loads(line) for line in lines(tmp_path / RECORDS)]
    assert sorted(line["index"] for line in recorded) == list(range(6))
    for line in recorded:
        row = rows[line["index"]]
        state = keizai.replay(line)
        assert state.is_over
        assert [s["total"] for s in state.scores()] == row["scores"] == line["scores"]
        # the record itself is what State.record() gives (one format with `play --save`)
        assert {key: line[key] for key in state.record()} == state.record()
        assert line["seats"] == row["seats"]
        assert line["agents"] == [t.labels[e] for e in row["entrants"]]
    assert {line["agents"][0] for line in recorded} == {"heuristic", "random"}


def test_a_resumed_run_plays_only_what_is_missing_and_ends_as_one_run(tmp_path: Path) -> None:
    whole = run(tmp_path / "whole", tournament())
    cut = tmp_path / "cut"
    run(cut, tournament())
    # as a kill leaves it: 3 games stored, the record of a 4th written but not its row,
    # and the line after each cut short
    progress, records = lines(cut / PROGRESS), lines(cut / RECORDS)
    (cut / PROGRESS).write_text("\n".join(progress[:3]) + "\n" + progress[3][:40])
    (cut / RECORDS).write_text("\n".join(records[:4]) + "\n" + records[4][:70])
    played: list[int] = []
    with OutDir(cut, tournament(), records=True, resume=True) as kept:
        assert [row["game"] for row in kept.rows] == [0, 1, 2]
        resumed = run_tournament(tournament(), workers=1, played=kept.rows, records=True,
                                 on_game=kept.add, on_progress=played.append)
    assert sum(played) == 5 and resumed.summary["resumed_games"] == 3
    assert resumed.rows == whole.rows
    assert resumed.csv_text() == whole.csv_text()
    assert untimed(resumed.summary) == untimed(whole.summary)
    assert resumed.table_text().split("\n")[1:] == whole.table_text().split("\n")[1:]
    # every game once in each file, nothing of the cut lines left
    assert sorted(lines(cut / RECORDS)) == sorted(lines(tmp_path / "whole" / RECORDS))
    assert sorted(lines(cut / PROGRESS)) == sorted(lines(tmp_path / "whole" / PROGRESS))


def test_a_finished_run_resumed_plays_nothing_and_may_be_extended(tmp_path: Path) -> None:
    run(tmp_path, tournament(games=4))
    again = run(tmp_path, tournament(games=4), resume=True)
    assert again.summary["resumed_games"] == 4 and len(again.rows) == 4
    longer = run(tmp_path, tournament(games=6), resume=True)
    assert longer.rows == run(tmp_path / "fresh", tournament(games=6)).rows
    assert len(lines(tmp_path / RECORDS)) == 6
    with pytest.raises(OutDirError, match=r"resume with --games 6 .*not 4"):
        OutDir(tmp_path, tournament(games=4), records=True, resume=True)


@pytest.mark.parametrize(("changes", "records", "named"), [
    ({"seed": 4}, True, "--seed 3 there, 4 here"),
    ({"agents": ["random", "heuristic"]}, True, '--agents ["heuristic", "random"] there'),
    ({"players": 3}, True, "--players 2 there, 3 here"),
    ({"game": "national-economy/progress"}, True, "--game"),
    ({"options": {"farm_resort_empty": False}}, True, "--options"),
    ({}, False, "--records true there, false here"),
])
def test_resume_refuses_the_games_of_another_tournament(
        tmp_path: Path, changes: dict[str, Any], records: bool, named: str) -> None:
    t = tournament(games=2, game="national-economy/mecenat") if "options" in changes \
        else tournament(games=2)
    run(tmp_path, t)
    before = files(tmp_path)
    other = Tournament(**{"game": t.game, "players": 2, "agents": ["heuristic", "random"],
                          "games": 2, "seed": 3, **changes})
    with pytest.raises(OutDirError, match="another tournament") as refused:
        OutDir(tmp_path, other, records=records, resume=True)
    assert named in str(refused.value)
    assert files(tmp_path) == before


def test_options_spelt_out_as_their_defaults_are_the_same_tournament(tmp_path: Path) -> None:
    t = tournament(games=2, game="national-economy/mecenat")
    run(tmp_path, t)
    same = tournament(games=2, game="national-economy/mecenat",
                      options={"farm_resort_empty": True})
    assert run(tmp_path, same, resume=True).summary["resumed_games"] == 2


def test_a_directory_holding_games_is_not_replaced(tmp_path: Path) -> None:
    run(tmp_path, tournament(games=2))
    before = files(tmp_path)
    with pytest.raises(OutDirError, match=r"already holds a tournament .*add --resume"):
        OutDir(tmp_path, tournament(games=2), records=True)
    assert files(tmp_path) == before
    older = tmp_path / "older"  # results written by a keizai without resume data
    older.mkdir()
    (older / "results.json").write_text("{}")
    for resume in (False, True):
        with pytest.raises(OutDirError, match=r"results \(results.json\) without the "
                                              "tournament.json"):
            OutDir(older, tournament(games=2), resume=resume)
    assert files(older) == {"results.json": b"{}"}


def test_resume_in_a_directory_without_games_starts_afresh(tmp_path: Path) -> None:
    result = run(tmp_path / "new", tournament(games=2), resume=True)
    assert result.summary["resumed_games"] == 0 and len(result.rows) == 2
    assert json.loads((tmp_path / "new" / ARGUMENTS).read_text())["seed"] == 3


@pytest.mark.parametrize(("name", "damage", "reason"), [
    (PROGRESS, b"{oops\n", "not a line of JSON"),
    (PROGRESS, b"\xff\xfe\n", "not a line of JSON"),
    (PROGRESS, b"[1, 2]\n", "not a game's result"),
    (PROGRESS, None, "not game 1 of this tournament"),  # a row of another seed
    (PROGRESS, "scores", "scores are not one number per seat"),
    (PROGRESS, "places", "ranking and places are not the seats in order"),
    (RECORDS, b'{"game": 1}\n', "record"),
    (RECORDS, "index", "no game number of this tournament: 99"),
])
def test_a_damaged_line_is_refused_with_its_place_and_nothing_changes(
        tmp_path: Path, name: str, damage: bytes | str | None, reason: str) -> None:
    run(tmp_path, tournament(games=4))
    entries = (tmp_path / name).read_bytes().splitlines(keepends=True)
    second = json.loads(entries[1])
    if damage is None:
        second["seed"] += 1
    elif damage == "scores":
        second["scores"] = ["many", 3]
    elif damage == "places":
        second["places"] = [[0], [0]]
    elif damage == "index":
        second["index"] = 99
    entries[1] = damage if isinstance(damage, bytes) else (json.dumps(second) + "\n").encode()
    (tmp_path / name).write_bytes(b"".join(entries))
    before = files(tmp_path)
    with pytest.raises(OutDirError) as refused:
        OutDir(tmp_path, tournament(games=4), records=True, resume=True)
    message = str(refused.value)
    assert f"{tmp_path / name}, line 2: " in message and reason in message
    assert "Delete that line" in message
    assert files(tmp_path) == before


def test_a_damaged_tournament_file_is_refused(tmp_path: Path) -> None:
    run(tmp_path, tournament(games=2))
    (tmp_path / ARGUMENTS).write_text('{"game": ')
    with pytest.raises(OutDirError, match=r"tournament\.json cannot be read"):
        OutDir(tmp_path, tournament(games=2), records=True, resume=True)


def test_a_directory_is_used_by_one_run_at_a_time(tmp_path: Path) -> None:
    t = tournament(games=2)
    with OutDir(tmp_path, t, records=True), \
            pytest.raises(OutDirError, match="in use by another keizai sim"):
        OutDir(tmp_path, t, records=True, resume=True)
    OutDir(tmp_path, t, records=True, resume=True).close()


@pytest.mark.parametrize(("cut", "left", "said"), [
    (RECORDS, 2, "progress.jsonl, lines 3, 4: games whose records are missing from "
                 "records.jsonl"),
    (PROGRESS, 1, "records.jsonl, lines 2, 3, 4: games whose results are missing from "
                  "progress.jsonl"),
])
def test_a_file_cut_or_replaced_is_refused_rather_than_its_games_replayed(
        tmp_path: Path, cut: str, left: int, said: str) -> None:
    """Only the last record can lack its row (a kill between the two writes): more
    missing means a file was cut, and resuming would play those games again unnoticed
    (or drop the records that are there)."""
    run(tmp_path, tournament(games=4))
    (tmp_path / cut).write_text("".join(f"{line}\n" for line in lines(tmp_path / cut)[:left]))
    before = files(tmp_path)
    with pytest.raises(OutDirError) as refused:
        OutDir(tmp_path, tournament(games=4), records=True, resume=True)
    assert said in str(refused.value) and "delete those lines" in str(refused.value)
    assert files(tmp_path) == before


def test_one_unmatched_line_is_named_as_one(tmp_path: Path) -> None:
    """It read "lines 4: games whose records are missing … delete those lines (their
    games …)" for one line."""
    run(tmp_path, tournament(games=4))
    (tmp_path / RECORDS).write_text("".join(f"{line}\n" for line in lines(tmp_path / RECORDS)[:3]))
    with pytest.raises(OutDirError) as refused:
        OutDir(tmp_path, tournament(games=4), records=True, resume=True)
    said = str(refused.value)
    assert "progress.jsonl, line 4: a game whose record is missing from records.jsonl" in said
    assert "delete that line (its game is then played again)" in said


def test_a_pipe_in_the_place_of_a_file_is_refused(tmp_path: Path) -> None:
    """Reading a pipe (or a device) would never end."""
    run(tmp_path, tournament(games=2))
    (tmp_path / PROGRESS).unlink()
    os.mkfifo(tmp_path / PROGRESS)
    with pytest.raises(OutDirError, match=r"progress\.jsonl is not a regular file"):
        OutDir(tmp_path, tournament(games=2), records=True, resume=True)


def test_repeated_games_and_blank_lines_are_left_out(tmp_path: Path) -> None:
    whole = run(tmp_path / "whole", tournament(games=4))
    run(tmp_path, tournament(games=4))
    for name in (PROGRESS, RECORDS):
        first, *rest = lines(tmp_path / name)
        (tmp_path / name).write_text("\n".join([first, "", first, *rest[:2]]) + "\n")
    resumed = run(tmp_path, tournament(games=4), resume=True)
    assert resumed.rows == whole.rows and resumed.summary["resumed_games"] == 3
    for name in (PROGRESS, RECORDS):
        assert sorted(lines(tmp_path / name)) == sorted(lines(tmp_path / "whole" / name))


def test_a_run_killed_outright_frees_its_directory_though_its_workers_live_on(
        tmp_path: Path) -> None:
    """Found in session 14 (CI rehearsal, `test_sim_resumes_a_run_killed_half_way`): the
    pool's workers are forked, and they shared the run's lock, so after `kill -9` of the
    run its orphaned workers kept the directory "in use" and `--resume` was refused until
    they ended. A process that forks a child holding the lock, then is killed: the
    directory is free at once."""
    code = f"""
import os, signal, sys, time
from keizai.sim import Tournament
from keizai.sim.outdir import OutDir
kept = OutDir({str(tmp_path)!r}, Tournament(game={GAME!r}, players=2,
              agents=["heuristic", "random"], games=2, seed=3), records=True)
child = os.fork()
if child == 0:   # a worker: it lets go of the pipes, not of what it inherited else
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    run_killed = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                text=True, timeout=60)
    assert run_killed.returncode == -signal.SIGKILL, run_killed.stderr
    worker = int(run_killed.stdout)
    try:
        os.kill(worker, 0)   # the orphaned worker is still alive
        OutDir(tmp_path, tournament(games=2), records=True, resume=True).close()
    finally:
        os.kill(worker, signal.SIGKILL)


def _edit_line(path: Path, index: int, edit: Any) -> int:
    """Change the line of game `index` in `path` with `edit(entry)`; its line number."""
    entries = lines(path)
    key = "game" if path.name == PROGRESS else "index"
    number = next(n for n, line in enumerate(entries) if json.loads(line)[key] == index)
    entry = json.loads(entries[number])
    edit(entry)
    entries[number] = json.dumps(entry)
    path.write_text("\n".join(entries) + "\n")
    return number + 1


def _swap_scores(entry: dict[str, Any]) -> None:
    entry["scores"] = entry["scores"][::-1]


@pytest.mark.parametrize(("edit", "both", "reason"), [
    # the record and its row agree, but the moves do not give those scores
    (_swap_scores, True, "its moves end with the scores {replayed}, not its stored "
                         "scores {stored}"),
    (lambda e: e.update(actions=e["actions"][:-3]), False,
     "its moves stop before the end of the game, and it records no error"),
    (lambda e: e["actions"].insert(5, "no such action"), False,
     "its moves do not replay: the record's 6th move"),
    (lambda e: e.update(options={"farm_resort_empty": True}), False,
     "not the record of game 1 of this tournament"),
    (lambda e: e.update(agents=e["agents"][::-1]), False,
     "not the record of game 1 of this tournament"),
])
def test_a_record_that_does_not_replay_to_its_game_is_refused(
        tmp_path: Path, edit: Any, both: bool, reason: str) -> None:
    """Every records.jsonl line is replayed on resume: a record that no longer gives its
    game's scores (edited, or played by another engine) would be kept as if it did."""
    run(tmp_path, tournament(games=4))
    line = json.loads(next(x for x in lines(tmp_path / RECORDS) if '"index":1,' in x))
    number = _edit_line(tmp_path / RECORDS, 1, edit)
    if both:
        _edit_line(tmp_path / PROGRESS, 1, edit)
    before = files(tmp_path)
    with pytest.raises(OutDirError) as refused:
        OutDir(tmp_path, tournament(games=4), records=True, resume=True)
    message = str(refused.value)
    reason = reason.format(replayed=line["scores"], stored=line["scores"][::-1])
    assert f"{tmp_path / RECORDS}, line {number}: " in message, message
    assert reason in message, message
    assert files(tmp_path) == before


def test_a_result_that_differs_from_its_record_is_refused(tmp_path: Path) -> None:
    """The record replays to its scores; the row of the same game says otherwise."""
    run(tmp_path, tournament(games=4))
    number = _edit_line(tmp_path / PROGRESS, 2, _swap_scores)
    before = files(tmp_path)
    with pytest.raises(OutDirError) as refused:
        OutDir(tmp_path, tournament(games=4), records=True, resume=True)
    message = str(refused.value)
    assert f"{tmp_path / PROGRESS}, line {number}: game 2: its scores or error differ " \
        f"from its record in {RECORDS}" in message, message
    assert files(tmp_path) == before


def test_the_records_of_games_that_failed_are_kept_on_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed game's record holds the moves before its error: they replay, and the
    game counts as played."""
    from tests.test_terminal_replay import _Failing

    monkeypatch.setattr("keizai.sim.runner.make_agent", lambda spec, seed=None: _Failing(5))
    run(tmp_path, tournament(games=3))
    again = run(tmp_path, tournament(games=3), resume=True)
    assert again.summary["resumed_games"] == 3 and again.summary["errors"] == 3


def test_the_keizai_that_played_the_games_is_kept_and_another_refused(tmp_path: Path) -> None:
    """A different keizai may play other games from the same seeds (its engine, rules or
    bots changed): its games and ours are not mixed in one tournament."""
    run(tmp_path, tournament(games=2))
    stored = json.loads((tmp_path / ARGUMENTS).read_text())
    assert stored["keizai"] == keizai.__version__
    for version, said in (("0.0.1", f"played by keizai 0.0.1; this is keizai "
                                    f"{keizai.__version__}"),
                          (None, "does not say which keizai played its games")):
        if version is None:
            del stored["keizai"]
        else:
            stored["keizai"] = version
        (tmp_path / ARGUMENTS).write_text(json.dumps(stored))
        before = files(tmp_path)
        with pytest.raises(OutDirError) as refused:
            OutDir(tmp_path, tournament(games=2), records=True, resume=True)
        assert said in str(refused.value) and "choose another --out" in str(refused.value)
        assert files(tmp_path) == before
