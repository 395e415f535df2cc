"""The Ray backend plays the same tournament as the local pool (a local Ray instance), and
an address where no Ray cluster answers fails at once with a clear error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from keizai.sim import Tournament, run_tournament

ray = pytest.importorskip("ray")


def test_ray_backend_matches_the_local_pool() -> None:
    """The same rows, the same records (--records), and a resumed run (`played`)."""
    t = Tournament("national-economy/mecenat", 2, ["heuristic", "random"], games=4, seed=9)
    records: dict[str, dict[int, Any]] = {"ray": {}, "local": {}}

    def keep(where: str) -> Callable[[dict[str, Any], dict[str, Any] | None], None]:
        return lambda row, record: records[where].__setitem__(row["game"], record)

    local = run_tournament(t, workers=2, records=True, on_game=keep("local"))
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_tournament(t, backend="ray", played=local.rows[:1], records=True,
                                on_game=keep("ray"))
    finally:
        ray.shutdown()
    assert on_ray.backend == "ray" and on_ray.summary["errors"] == 0
    assert on_ray.rows == local.rows and on_ray.summary["resumed_games"] == 1
    assert records["ray"] == {g: records["local"][g] for g in (1, 2, 3)}


def test_the_seconds_of_a_ray_run_leave_out_the_clusters_start(monkeypatch) -> None:
    """A local Ray cluster takes 20 s or more to start: counted in the run's seconds, it
    made 20 games read 0.83 games/s on Ray against 40.55 on the local pool, for the same
    games. Here the start is made to take 1,000 s more of the run's clock."""
    import time
    from types import SimpleNamespace

    from keizai.sim import tournament

    late = SimpleNamespace(by=0.0)
    clock = SimpleNamespace(perf_counter=lambda: time.perf_counter() + late.by)
    monkeypatch.setattr(tournament, "time", clock)
    real_init = ray.init

    def slow_init(**kwargs: Any) -> Any:
        late.by += 1000.0
        return real_init(num_cpus=1, include_dashboard=False, log_to_driver=False)

    monkeypatch.setattr(ray, "init", slow_init)
    t = Tournament("national-economy/mecenat", 2, ["random", "random"], games=2, seed=3)
    try:
        result = run_tournament(t, backend="ray")
    finally:
        ray.shutdown()
    assert late.by == 1000.0 and result.summary["errors"] == 0
    assert result.seconds < 1000.0 and result.summary["games_per_second"] > 0.002


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_address_nobody_answers_at_fails_at_once() -> None:
    """`keizai sim --backend ray --address 127.0.0.1:1` retried for minutes (ray.init has
    no timeout), printing Ray's warnings: now a clear ValueError in a few seconds."""
    import time

    t = Tournament("national-economy/mecenat", 2, ["random"], games=2, seed=1)
    for address in (f"127.0.0.1:{_closed_port()}", f"ray://127.0.0.1:{_closed_port()}"):
        started = time.monotonic()
        with pytest.raises(ValueError, match=r"no Ray cluster at .*refused"):
            run_tournament(t, backend="ray", address=address)
        assert time.monotonic() - started < 10
        assert not ray.is_initialized()


def test_an_address_that_answers_late_fails_after_the_timeout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A host that never answers, without sending anything off this machine: the
    connection attempt times out as the socket module does after `timeout` seconds."""
    import socket
    import time

    from keizai.sim.tournament import check_ray_address

    tried: list[tuple[object, float]] = []

    def silent(where: tuple[str, int], timeout: float) -> socket.socket:
        tried.append((where, timeout))
        time.sleep(timeout)
        raise TimeoutError("timed out")

    monkeypatch.setattr(socket, "create_connection", silent)
    started = time.monotonic()
    with pytest.raises(ValueError,
                       match=r"no Ray cluster at 10\.9\.9\.9:6379: no answer within 0\.5 s"):
        check_ray_address("10.9.9.9:6379", timeout=0.5)
    assert tried == [(("10.9.9.9", 6379), 0.5)]
    assert time.monotonic() - started < 2


@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.0.1:x", ":6379", "h:0", "h:99999",
                                     "h:" + "9" * 5000])
def test_an_address_that_is_no_host_and_port_is_refused(address: str) -> None:
    from keizai.sim.tournament import check_ray_address

    with pytest.raises(ValueError, match="is not host:port"):
        check_ray_address(address)


def _no_ray_instance(**kwargs: Any) -> None:
    """ray.init(address="auto") where no Ray runs on this machine (Ray's own words)."""
    raise ConnectionError("Could not find any running Ray instance. Please specify the one "
                          "to connect to by setting `--address` flag or `RAY_ADDRESS` "
                          "environment variable.")


def test_no_running_ray_for_auto_is_refused_with_the_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`--address auto` with no Ray running came out of ray.init as a ConnectionError,
    which `keizai sim` took for a failed write of --out: 'error: --out None: Could not
    find any running Ray instance...; the games stored so far are kept: --resume
    continues', with no --out and no game played. It is the refusal of an address where
    no cluster answers, as for host:port (exit 2)."""
    from typer.testing import CliRunner

    from keizai.cli import app

    monkeypatch.setattr(ray, "init", _no_ray_instance)
    t = Tournament("national-economy/mecenat", 2, ["random"], games=2, seed=1)
    with pytest.raises(ValueError, match="no Ray cluster at auto: Could not find any running"):
        run_tournament(t, backend="ray", address="auto")
    result = CliRunner().invoke(app, ["sim", "--games", "2", "--players", "2", "--backend",
                                      "ray", "--address", "auto", "--lang", "en"])
    assert result.exit_code == 2, result.output
    assert "no Ray cluster at auto: Could not find any running Ray instance" in result.output
    assert "--out" not in result.output and "--resume" not in result.output
