"""The Ray backend: an address where no Ray cluster answers fails at once with a clear
error (tests/sim/test_ray_local.py runs tournaments on a local Ray instance)."""

from __future__ import annotations

from typing import Any

import pytest

from keizai.sim import Tournament, run_tournament

ray = pytest.importorskip("ray")


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
