"""bench/regression.py, the CI speed guard: a machine whose speed changes during the run
does not move a workload's ratio to the calibration loop.

Found in lead session 11: three runs in a row of the plain build's guard on a quiet
machine gave 0.39-1.47x their baselines, because the calibration was timed once, at the
start, and this virtual machine's speed drifts within seconds. The guard fails at 2x, so
the drift alone came near failing CI.
"""

import importlib.util
import json
from pathlib import Path

import pytest

GUARD = Path(__file__).resolve().parents[1] / "bench" / "regression.py"


@pytest.fixture(scope="module")
def guard():
    spec = importlib.util.spec_from_file_location("regression_guard", GUARD)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class DriftingMachine:
    """A process clock whose machine takes `slowdown` times as long after its first
    `fast_calls` pieces of work: each piece costs its fixed amount times the factor then."""

    def __init__(self, fast_calls: int, slowdown: float) -> None:
        self.now = 0.0
        self.calls = 0
        self.fast_calls = fast_calls
        self.slowdown = slowdown

    def clock(self) -> float:
        return self.now

    def piece(self, work: float):
        def run() -> None:
            self.now += work * (1.0 if self.calls < self.fast_calls else self.slowdown)
            self.calls += 1

        return run


@pytest.mark.parametrize("change", [2.0, 0.5], ids=["slower", "faster"])
def test_a_machine_whose_speed_changes_after_the_first_timings_gives_the_same_ratio(
        guard, monkeypatch, change):
    machine = DriftingMachine(fast_calls=3, slowdown=change)
    monkeypatch.setattr(guard.time, "process_time", machine.clock)
    monkeypatch.setattr(guard, "calibration", machine.piece(1.0))
    monkeypatch.setattr(guard, "WORKLOADS", {"a workload of 3 calibration units":
                                             machine.piece(3.0)})
    assert guard.measure() == {"a workload of 3 calibration units": 3.0}


def test_the_guard_fails_on_a_real_slow_down_of_more_than_twice(guard, monkeypatch, tmp_path,
                                                                capsys):
    machine = DriftingMachine(fast_calls=10**9, slowdown=1.0)
    monkeypatch.setattr(guard.time, "process_time", machine.clock)
    monkeypatch.setattr(guard, "calibration", machine.piece(1.0))
    monkeypatch.setattr(guard, "WORKLOADS", {"w": machine.piece(7.0)})
    baseline = tmp_path / "baseline.json"
    baseline.write_text('{"compiled": {"w": 3.0}, "plain": {"w": 3.0}}')
    monkeypatch.setattr(guard, "BASELINE", baseline)
    assert guard.main([]) == 1
    assert "REGRESSION" in capsys.readouterr().out


def test_an_update_over_several_runs_writes_each_workloads_median(guard, monkeypatch, tmp_path):
    """A baseline written from one run sat at one end of the machine's spread: after the
    session-12 speed-up the guard read 0.53-1.03x its baselines, so a slow-down of almost
    4x in MCTS would have passed. `--update --runs N` writes the median of N runs."""
    runs = iter([{"a": 3.0, "b": 1.0}, {"a": 9.0, "b": 2.0}, {"a": 4.0, "b": 0.5}])
    monkeypatch.setattr(guard, "measure", lambda: next(runs))
    baseline = tmp_path / "baseline.json"
    baseline.write_text('{"compiled": {"a": 1.0}, "plain": {"a": 1.0}}')
    monkeypatch.setattr(guard, "BASELINE", baseline)
    monkeypatch.setattr(guard, "build", lambda: "plain")
    assert guard.main(["--update", "--runs", "3"]) == 0
    assert json.loads(baseline.read_text()) == {"compiled": {"a": 1.0},
                                                "plain": {"a": 4.0, "b": 1.0}}
