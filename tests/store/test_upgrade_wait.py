"""A process opening an SQLite database while another holds its write lock (another
keizai upgrading it: 7.3 s for a database of 1,500,000 games) waits for it, says so in
the log, and then opens the database; before, it stopped after the driver's 5 s with
'database is locked'. Here the driver's wait is cut to 0.2 s (the test's stand-in for
the 5 s) and the lock held for 1 s."""

from __future__ import annotations

import logging
import sqlite3
import threading
from typing import Any

import pytest
from sqlalchemy import text

from keizai.store import Store, db
from keizai.store.migrations import current, head

DRIVER_WAIT = 0.2   # seconds: the driver's own wait for a lock, in this test
HELD = 1.0          # seconds the other process holds the write lock


def test_an_upgrade_waits_for_another_process_s_write_lock(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "keizai.sqlite3"
    real = db.create_engine   # type: ignore[attr-defined]

    def short_wait(url: str, connect_args: dict[str, Any] | None = None,
                   **kwargs: Any) -> Any:
        return real(url, connect_args={**(connect_args or {}), "timeout": DRIVER_WAIT},
                    **kwargs)

    monkeypatch.setattr(db, "create_engine", short_wait)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA journal_mode=WAL")
    other.execute("BEGIN IMMEDIATE")   # the other process, migrating
    releasing = threading.Timer(HELD, other.execute, ("COMMIT",))
    releasing.start()
    try:
        with caplog.at_level(logging.WARNING, logger="keizai.store"):
            store = Store(f"sqlite:///{path}")
    finally:
        releasing.join()
        other.close()
    try:
        with store.engine.connect() as conn:
            assert current(conn) == head()
            # the store's own writes wait as long as before, not the upgrade's wait
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() \
                == DRIVER_WAIT * 1000
    finally:
        store.close()
    assert "waiting up to" in caplog.text
