"""Worker processes that end with their parent (the simulation pool, the web's bots)."""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from concurrent.futures import ProcessPoolExecutor


def end_with_parent() -> None:
    """Ends this worker process when its parent process ends.

    A pool worker waits for work on a pipe it also holds the writing end of, so it never
    learns that its parent died: a parent killed outright (SIGKILL, the OOM killer) would
    leave its workers waiting for ever. A daemon thread waits on the parent's sentinel
    and exits the process. Call it in the pool's initializer."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True,
                         name="keizai-parent-watch").start()


def _exit_with(parent_sentinel: int) -> None:
    multiprocessing.connection.wait([parent_sentinel])
    os._exit(0)


def stop_pool(pool: ProcessPoolExecutor, wait: bool = True) -> None:
    """Cancels the pool's queued work and kills its workers now: running work is not
    waited for (its result would be thrown away anyway). The executor has no public API
    for either.

    `wait`: the workers and the pool's manager thread are also joined. Python 3.11's exit
    hook wakes each pool's manager thread through a pipe the thread closes when it sees
    its workers gone; the hook checks and then writes without a lock, so a thread still
    running at exit could print an OSError traceback after the program's last words.
    Stop with `wait` before the program ends."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()
    if not wait:
        return
    for process in processes:
        process.join(timeout=5)
    if manager is not None:
        manager.join(timeout=5)
