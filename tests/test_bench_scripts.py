"""The bench scripts' command lines, as a researcher reproducing docs/strength.md and
docs/performance.md types them: every script answers --help, every invocation the docs
and bench/*.sh give parses to what it meant, and a wrong argument is refused with a
usage error before any game is played, not a traceback."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
# the solo level at its fixed budget, as the docs' solo runs give it
LEVEL = "solo:policy=fast:rollouts=48:halving=1:evaluation=learned:limit=20000"


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True,
                          text=True, timeout=120, cwd=BENCH.parent)


# the scripts (cli_args.py is the module of their shared argument types)
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py") if "__main__" in p.read_text("utf-8"))


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_bench_script_answers_help(script: str) -> None:
    done = run(script, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:"), done.stdout


def load(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """bench/NAME.py as a module (its siblings importable, as when run as a script)."""
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# (script, the invocation's arguments, what they must mean); placeholders of the docs
# (SPEC, OUT, FILE ...) filled in
DOCUMENTED: list[tuple[str, list[str], dict[str, Any]]] = [
    # docs/strength.md (keizai bench's figures) and the docstring
    ("bench", ["1.5"], {"seconds": 1.5}),
    ("bench", [], {"seconds": 2.0}),
    # bench/strength19.sh futuropia-old
    ("futuropia_old_heuristic", ["10"], {"games": 10}),
    ("ne_4p_h2h", ["progress", "WEIGHTS.json", "1", "10", "2000", "h2h.csv"],
     {"edition": "progress", "weights": Path("WEIGHTS.json"), "first": 1, "deals": 10,
      "iters": 2000, "out": Path("h2h.csv")}),
    # bench/strength19.sh's scripted runs
    ("scripted", ["enterprise-empire", "heuristic", "200"],
     {"game": "enterprise-empire", "spec": "heuristic", "games": 200, "cycle": False,
      "out": None, "first": 0, "against": None}),
    ("scripted", ["futuropia", "hard", "4"], {"game": "futuropia", "games": 4}),
    # .ci/run and the docstring
    ("regression", [], {"update": False, "runs": 1}),
    ("regression", ["--update", "--runs", "5"], {"update": True, "runs": 5}),
    ("scripted", ["futuropia", "heuristic", "40"], {"game": "futuropia", "games": 40}),
    # docs/strength.md
    ("scripted", ["futuropia", "hard", "40", "--cycle", "--out=FILE"],
     {"spec": "hard", "games": 40, "cycle": True, "out": "FILE"}),
    ("scripted", ["futuropia", "hard", "40", "--cycle", "--out=FILE", "--first=20"],
     {"first": 20, "out": "FILE"}),
    ("scripted", ["futuropia", "heuristic", "100", "--cycle", "--out=runs.txt"],
     {"games": 100, "out": "runs.txt"}),
    ("scripted", ["futuropia", "heuristic", "8", "--cycle", "--against=hard"],
     {"against": "hard", "cycle": True}),
    # docs/strength.md
    ("solo19", ["glory", "solo:policy=fast:rollouts=48:halving=1", "201", "300"],
     {"edition": "glory", "spec": "solo:policy=fast:rollouts=48:halving=1", "first": 201,
      "last": 300, "out": None}),
    ("solo19", ["progress", "solo:rollouts=2", "1", "100"], {"spec": "solo:rollouts=2"}),
    ("solo19", ["mecenat", "solo:policy=fast:rollouts=48:halving=1:goal=30", "201", "201"],
     {"first": 201, "last": 201}),
    # bench/strength19.sh solo
    ("solo19", ["glory", LEVEL, "201", "300", "strength-runs/solo-glory-solo_limit48.csv"],
     {"out": Path("strength-runs/solo-glory-solo_limit48.csv")}),
    ("solo_ab", ["progress", "3001", "3016", "OUTDIR", "solo:policy=fast:rollouts=48:halving=1",
                 "solo:policy=fast:rollouts=48:halving=1:goal=30"],
     {"edition": "progress", "first": 3001, "last": 3016, "outdir": Path("OUTDIR"),
      "base": "solo:policy=fast:rollouts=48:halving=1",
      "variants": ["solo:policy=fast:rollouts=48:halving=1:goal=30"], "reseed": 0}),
    ("solo_ab", ["glory", "3001", "3040", "OUTDIR", LEVEL, "--reseed", "1000000"],
     {"base": LEVEL, "variants": [], "reseed": 1000000}),
    # its docstring's Glory table
    ("solo_breakdown", ["glory", "solo:policy=fast:rollouts=16:halving=1:evaluation=learned",
                        "3001", "3060", "refit.jsonl", "before.jsonl"],
     {"first": 3001, "last": 3060, "out": Path("refit.jsonl"),
      "more": [Path("before.jsonl")]}),
    # its docstring's (docs/strength.md, Glory's losses), on a recorded file
    ("solo_losses", ["glory", "before.jsonl"],
     {"edition": "glory", "games": [Path("before.jsonl")]}),
    ("solo_lookahead", ["clairvoyant", "glory", "3001", "3040", "out.csv", "3"],
     {"mode": "clairvoyant", "edition": "glory", "ply": 3, "level_before": None,
      "level_from": None}),
    ("solo_lookahead", ["pimc", "glory", "3001", "3040", "out.csv", "2", "8"],
     {"mode": "pimc", "ply": 2, "samples": 8}),
    ("solo_lookahead", ["ismcts", "glory", "3001", "3040", "out.csv", "0.7", "48", "20000"],
     {"mode": "ismcts", "c": 0.7, "per": 48, "limit": 20000}),
    ("solo_lookahead", ["clairvoyant", "glory", "3001", "3040", "out.csv", "3",
                        "--level-before", "7"], {"level_before": 7, "level_from": None}),
    ("solo_lookahead", ["reply", "glory", "3001", "3040", "out.csv", "1", "--level-from", "7"],
     {"mode": "reply", "m": 1, "level_from": 7}),
    ("solo_parallel", ["glory", LEVEL, "3001", "3040", "OUT", "shipped", "old-value.json"],
     {"spec": LEVEL, "out": Path("OUT"), "policies": ["shipped", "old-value.json"],
      "favor": 0.0}),
    ("solo_parallel", ["glory", LEVEL, "3001", "3040", "OUT", "epsilon=0.05"],
     {"policies": ["epsilon=0.05"]}),
    ("solo_parallel", ["glory", LEVEL, "3001", "3040", "OUT", "softmax=3"],
     {"policies": ["softmax=3"]}),
    ("solo_parallel", ["glory", LEVEL, "3001", "3040", "OUT", "shipped", "--favor", "3"],
     {"policies": ["shipped"], "favor": 3.0}),
    ("solo_planner_games", ["glory", LEVEL, "72001", "72151", "games.jsonl"],
     {"edition": "glory", "spec": LEVEL, "first": 72001, "last": 72151,
      "out": Path("games.jsonl")}),
    # docs/strength.md (a rollout policy that invests, session 31)
    ("solo_token_worth", ["glory", "80001", "80600"],
     {"edition": "glory", "first": 80001, "last": 80600, "rounds": [1, 3, 5, 7]}),
    ("solo_token_worth", ["glory", "80001", "80600", "--rounds", "3"], {"rounds": [3]}),
    # docs/performance.md, docs/strength.md and the docstring
    ("solo_speed", ["rollouts"],
     {"what": "rollouts", "editions": [], "deals": range(3001, 3005), "repeat": 8}),
    ("solo_speed", ["rollouts", "glory", "--deals", "3001-3004", "--repeat", "8"],
     {"editions": ["glory"], "deals": range(3001, 3005)}),
    ("solo_speed", ["decisions", "glory", "3001", "3010"],
     {"what": "decisions", "edition": "glory", "first": 3001, "last": 3010, "spec": None}),
    ("solo_speed", ["decisions", "glory", "3001", "3010", LEVEL], {"spec": LEVEL}),
    # docs/strength.md
    ("strength_series", ["RUNS", "progress-2p-expert12k-hard"],
     {"runs": "RUNS", "series": "progress-2p-expert12k-hard", "agent": None, "csv": None}),
    ("strength_series", ["RUNS", "progress-2p-expert12k-hard", "hard", "series.csv"],
     {"agent": "hard", "csv": "series.csv"}),
    ("strength_rating", ["none", "bench/strength_pairs.csv"],
     {"runs": "none", "pairs": "bench/strength_pairs.csv"}),
    ("strength_rating", [], {"runs": "strength-runs", "pairs": "bench/strength_pairs.csv"}),
    ("strength_report", ["strength-runs"], {"runs": "strength-runs"}),
]


@pytest.mark.parametrize(("script", "argv", "meant"), DOCUMENTED,
                         ids=[f"{s} {' '.join(a)}" for s, a, _ in DOCUMENTED])
def test_the_documented_invocations_parse_to_what_they_meant(
        script: str, argv: list[str], meant: dict[str, Any], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)   # the files the invocations read
    for name in ("WEIGHTS.json", "before.jsonl", "old-value.json"):
        (tmp_path / name).write_text("{}\n")
    (tmp_path / "RUNS").mkdir()
    (tmp_path / "strength-runs").mkdir()
    args = vars(load(script, monkeypatch).parse_args(argv))
    assert {key: args[key] for key in meant} == meant


# (script, wrong arguments, what the refusal says)
WRONG = [
    ("bench.py", ["fast"], "'fast' is not a number"),
    ("futuropia_old_heuristic.py", ["0"], "0 is not at least 1"),
    ("ne_4p_h2h.py", ["progress", "missing.json", "1", "10", "2000", "h2h.csv"],
     "no weights file missing.json"),
    ("scripted.py", ["futuropia", "hard", "forty"], "'forty' is not a whole number"),
    ("scripted.py", ["futuropia", "hardest", "4"], "cannot read the bot 'hardest'"),
    ("solo19.py", ["glory", "solo", "3001"], "required: LAST"),
    ("solo19.py", ["glorious", "solo", "1", "2"], "unknown edition 'glorious'"),
    ("solo_ab.py", ["glory", "300", "201", "out", "solo"], "FIRST 300 is after LAST 201"),
    ("solo_ab.py", ["glory", "201", "300", "out", "solo", "--reseed"], "expected one argument"),
    ("solo_breakdown.py", ["glory", "solo", "1", "2", "out.jsonl", "nowhere.jsonl"],
     "no such file: nowhere.jsonl"),
    ("solo_losses.py", ["glory", "nowhere.jsonl"], "no such file: nowhere.jsonl"),
    ("solo_lookahead.py", ["pimc", "glory", "1", "2", "out.csv", "3"], "required: SAMPLES"),
    ("solo_lookahead.py", ["reply", "glory", "1", "2", "out.csv", "1", "--level-before", "7",
                           "--level-from", "7"], "not allowed with argument"),
    ("solo_parallel.py", ["glory", "solo", "1", "2", "out.csv", "shipped", "epsilon=0.05",
                          "--favor", "3"], "--favor takes one POLICY"),
    ("solo_parallel.py", ["glory", "hard", "1", "2", "out.csv", "shipped"],
     "is not a solo planner"),
    ("solo_planner_games.py", ["glory", "solo", "1"], "required: LAST, OUT.jsonl"),
    ("solo_speed.py", ["rollouts", "--deals", "3004-3001"], "is not FIRST-LAST"),
    ("solo_token_worth.py", ["glory", "1", "2", "--rounds", "10"], "rounds run from 1 to 9"),
    ("solo_token_worth.py", ["glory", "2", "1"], "FIRST 2 is after LAST 1"),
    ("solo_speed.py", ["sideways"], "invalid choice: 'sideways'"),
    ("strength_series.py", ["nowhere", "progress-2p-expert12k-hard"], "no runs folder nowhere"),
    ("strength_report.py", ["nowhere"], "no runs folder nowhere"),
    ("strength_rating.py", ["--fit"], "unrecognized arguments: --fit"),
    ("regression.py", ["--update", "--runs", "0"], "--runs 0: at least 1 run"),
]


@pytest.mark.parametrize(("script", "argv", "says"), WRONG,
                         ids=[f"{s} {' '.join(a)}" for s, a, _ in WRONG])
def test_a_wrong_argument_is_refused_with_a_usage_error(script: str, argv: list[str],
                                                        says: str) -> None:
    done = run(script, *argv)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("usage:") and says in done.stderr, done.stderr
