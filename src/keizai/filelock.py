"""A lock file that one process at a time holds: while `keizai play` plays a save, a
second `keizai play` of the same save would write its own game over the first's after
every move; two `keizai sim` runs appending to one --out directory would mix its files.

A POSIX record lock (`fcntl.lockf`) on the lock file, not `flock`: a record lock belongs
to the process that took it alone (not to children it forks) and goes when that process
ends, killed outright too, so a lock file left behind by a kill holds nothing. Such a
lock does not keep out the process that holds it, so this process's own holds are
counted in `_HELD`."""

from __future__ import annotations

import errno
import os
from pathlib import Path

# the lock files this process holds (`hold`)
_HELD: set[str] = set()


def hold(path: Path) -> int | None:
    """Hold the lock file `path` (created if need be) until `release`, or until this
    process ends; None when another process, or this one, holds it. An OSError when the
    file cannot be created (a directory that cannot be written). On a file system that
    has no locks it is held without one: refusing would forbid saving there at all."""
    key = str(path.resolve())
    if key in _HELD:
        return None
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX: no lock
        _HELD.add(key)
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EACCES, errno.EAGAIN):
                break   # a file system without locks (NFS without its lock daemon)
            os.close(fd)
            return None
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            _HELD.add(key)
            return fd
        # the holder let go and removed the file between its open and its lock: the
        # lock is on a file no other process will open; take the one at `path`
        os.close(fd)
    _HELD.add(key)   # held unlocked, as where there is no fcntl
    return fd


def release(path: Path, fd: int) -> None:
    """Let another process hold `path`; the lock file goes too."""
    _HELD.discard(str(path.resolve()))
    path.unlink(missing_ok=True)
    os.close(fd)
