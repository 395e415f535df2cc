"""The Ray backend plays the same tournament as the local pool (a local Ray instance)."""

from __future__ import annotations

import pytest

from keizai.sim import Tournament, run_tournament

ray = pytest.importorskip("ray")


def test_ray_backend_matches_the_local_pool() -> None:
    t = Tournament("national-economy/mecenat", 2, ["heuristic", "random"], games=4, seed=9)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_tournament(t, backend="ray")
    finally:
        ray.shutdown()
    local = run_tournament(t, workers=2)
    assert on_ray.backend == "ray" and on_ray.summary["errors"] == 0
    assert on_ray.rows == local.rows
