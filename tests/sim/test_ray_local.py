"""The Ray backend on a local Ray instance: it plays the same tournament as the local
pool, and its seconds leave out the instance's start. One instance for the module (other
modules' tests need no Ray running)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from keizai.sim import Tournament, run_tournament, tournament

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray instance for the module's runs: a start costs 6-20 s of two cores."""
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_backend_matches_the_local_pool(local_ray: None) -> None:
    """The same rows, the same records (--records), and a resumed run (`played`)."""
    t = Tournament("national-economy/mecenat", 2, ["heuristic", "random"], games=4, seed=9)
    records: dict[str, dict[int, Any]] = {"ray": {}, "local": {}}

    def keep(where: str) -> Callable[[dict[str, Any], dict[str, Any] | None], None]:
        return lambda row, record: records[where].__setitem__(row["game"], record)

    local = run_tournament(t, workers=2, records=True, on_game=keep("local"))
    on_ray = run_tournament(t, backend="ray", played=local.rows[:1], records=True,
                            on_game=keep("ray"))
    assert on_ray.backend == "ray" and on_ray.summary["errors"] == 0
    assert on_ray.rows == local.rows and on_ray.summary["resumed_games"] == 1
    assert records["ray"] == {g: records["local"][g] for g in (1, 2, 3)}


def test_the_seconds_of_a_ray_run_leave_out_the_clusters_start(
        local_ray: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A local Ray cluster takes 20 s or more to start: counted in the run's seconds, it
    made 20 games read 0.83 games/s on Ray against 40.55 on the local pool, for the same
    games. Here the start is made to take 1,000 s more of the run's clock (the run finds
    no cluster and starts one: the module's instance, already running)."""
    late = SimpleNamespace(by=0.0)
    clock = SimpleNamespace(perf_counter=lambda: time.perf_counter() + late.by)
    monkeypatch.setattr(tournament, "time", clock)
    started = ray.is_initialized

    def slow_init(**kwargs: Any) -> None:
        late.by += 1000.0
        monkeypatch.setattr(ray, "is_initialized", started)   # found once started

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", slow_init)
    t = Tournament("national-economy/mecenat", 2, ["random", "random"], games=2, seed=3)
    result = run_tournament(t, backend="ray")
    assert late.by == 1000.0 and result.summary["errors"] == 0
    assert result.seconds < 1000.0 and result.summary["games_per_second"] > 0.002
