"""Worker processes that end with their parent (the simulation pool, the web's bots)."""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading


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
