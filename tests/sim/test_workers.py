"""Worker processes: a stopped pool leaves nothing running."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ProcessPoolExecutor

from keizai.sim.workers import stop_pool


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


def test_a_stopped_pool_leaves_no_thread_for_the_exit_hook_to_race() -> None:
    """CI of 9c318f6: a Ctrl-C'd `keizai sim` printed an OSError traceback after its
    "interrupted" line about one run in 25. The pool's manager thread closed its wake-up
    pipe while Python's exit hook was writing to it. Once the pool is stopped, that
    thread has ended, so the exit hook finds the pipe closed and leaves it alone."""
    pool = ProcessPoolExecutor(max_workers=2)
    futures = [pool.submit(_sleep, 30) for _ in range(4)]
    while not any(future.running() for future in futures):
        time.sleep(0.01)
    workers = list(pool._processes.values())
    # typeshed types it as a _ThreadWakeup; CPython keeps the manager Thread (or None)
    manager: threading.Thread | None = pool._executor_manager_thread  # type: ignore[assignment]
    stop_pool(pool)
    assert not [worker for worker in workers if worker.is_alive()]
    assert all(future.cancelled() or future.done() for future in futures)
    assert manager is not None and not manager.is_alive()
